import { Button } from '@adobe/react-spectrum';

/** What a paged list gives its pager (the channel, template and broadcast lists' hooks). */
export interface Paged {
  hasPrevious: boolean;
  hasNext: boolean;
  loading: boolean;
  previous: () => void;
  next: () => void;
}

/** Previous / Next under a paged table; both wait while a page loads. */
export function PagerNav({ list, className }: { list: Paged; className: string }) {
  return (
    <nav className={className} aria-label="Pages">
      <Button variant="secondary" isDisabled={!list.hasPrevious || list.loading} onPress={list.previous}>
        Previous
      </Button>
      <Button variant="secondary" isDisabled={!list.hasNext || list.loading} onPress={list.next}>
        Next
      </Button>
    </nav>
  );
}
