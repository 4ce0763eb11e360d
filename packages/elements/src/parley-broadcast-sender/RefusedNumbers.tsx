import { Item, TagGroup } from '@adobe/react-spectrum/TagGroup';
import { removeNumbers } from './form-model.js';
import { SenderTexts } from './sender-texts.js';

/** The numbers of the last refusal still in the box, each removable, or all at once. */
export function RefusedNumbers({ numbers, refused, onChange }: { numbers: string; refused: string[]; onChange(numbers: string): void }) {
  return (
    <TagGroup
      label={`${SenderTexts.refusedNumbersLabel} (${refused.length})`}
      items={refused.map((n) => ({ n }))}
      onRemove={(keys) => onChange(removeNumbers(numbers, [...keys].map(String)))}
      actionLabel={refused.length > 1 ? 'Remove all' : undefined}
      onAction={() => onChange(removeNumbers(numbers, refused))}
      UNSAFE_className="pbs-refused"
    >
      {(item) => <Item key={item.n}>{item.n}</Item>}
    </TagGroup>
  );
}
