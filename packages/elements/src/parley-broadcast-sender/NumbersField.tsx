import { Button } from '@adobe/react-spectrum/Button';
import { TextArea } from '@adobe/react-spectrum/TextArea';
import { useDeferredModule } from '../internal/deferred-module.js';

/** Refused numbers show only after a Send: Spectrum's tag group is not part of the first load. */
const loadRefusedNumbers = () => import('./RefusedNumbers.js');

interface Props {
  numbers: string;
  onChange(numbers: string): void;
  /** The numbers of the last refusal still in the box, each removable. */
  refused: string[];
  error: string | undefined;
  /** A view: shown, not editable, no help. */
  readOnly?: boolean;
  /** Fixed by the embedding page (chat test). */
  locked?: boolean;
  isDisabled: boolean;
  /** Opens the customer picker; absent when there is none. */
  onPick?(): void;
}

/** Mobile Numbers (broadcast spec 5): the box, the refused numbers to remove, and the customer master's picker. */
export function NumbersField({ numbers, onChange, refused, error, readOnly, locked, isDisabled, onPick }: Props) {
  const tags = useDeferredModule(loadRefusedNumbers);
  return (
    <div className="pbs-numbers">
      <TextArea
        label="Mobile Numbers"
        isRequired={!readOnly}
        necessityIndicator="icon"
        width="100%"
        value={numbers}
        onChange={onChange}
        isDisabled={isDisabled || locked}
        description={readOnly || locked ? undefined : 'Comma-separated numbers with country code, e.g. +919876543210, +14155550100'}
        validationState={error ? 'invalid' : undefined}
        errorMessage={error}
      />
      {tags && refused.length > 0 && !isDisabled && <tags.RefusedNumbers numbers={numbers} refused={refused} onChange={onChange} />}
      {onPick && (
        <Button variant="secondary" onPress={onPick} isDisabled={isDisabled}>
          Get from customer master
        </Button>
      )}
    </div>
  );
}
