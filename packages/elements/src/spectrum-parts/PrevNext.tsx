import { Button } from '@adobe/react-spectrum/Button';

/** The spec's Previous/Next paging of a list (customer-master 2 and 9). */
export function PrevNext({ hasPrevious, hasNext, onPrevious, onNext }: { hasPrevious: boolean; hasNext: boolean; onPrevious(): void; onNext(): void }) {
  return (
    <>
      <Button variant="secondary" isDisabled={!hasPrevious} onPress={onPrevious}>
        Previous
      </Button>
      <Button variant="secondary" isDisabled={!hasNext} onPress={onNext}>
        Next
      </Button>
    </>
  );
}
