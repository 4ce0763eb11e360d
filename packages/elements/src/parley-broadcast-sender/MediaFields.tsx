import type { ChosenMedia } from './form-model.js';
import { MediaField } from './MediaField.js';
import { issueKey, type FormErrors, type MediaTarget } from './sender-form-model.js';

type Format = 'IMAGE' | 'VIDEO' | 'DOCUMENT';

interface Props {
  headerFormat: Format | undefined;
  cardFormats: (Format | undefined)[];
  media: ChosenMedia | null;
  cardMedia: (ChosenMedia | null)[];
  errors: FormErrors | null;
  issues: Partial<Record<string, string>>;
  isDisabled: boolean;
  onChoose(target: MediaTarget): void;
  onRemove(target: MediaTarget): void;
}

/** The template's media header and each carousel card's (broadcast spec 4, 5), chosen from the attachment dialog. */
export function MediaFields({ headerFormat, cardFormats, media, cardMedia, errors, issues, isDisabled, onChoose, onRemove }: Props) {
  return (
    <>
      {headerFormat && (
        <MediaField
          label="Media"
          format={headerFormat}
          media={media}
          error={errors?.media ?? issues[issueKey('header')]}
          isDisabled={isDisabled}
          onChoose={() => onChoose('header')}
          onRemove={() => onRemove('header')}
        />
      )}
      {cardFormats.some(Boolean) && (
        <div className="pbs-cards-media">
          {cardFormats.map((format, i) =>
            format ? (
              <MediaField
                key={i}
                label={`Card ${i + 1} media`}
                format={format}
                media={cardMedia[i]}
                error={errors?.cards[i] ?? issues[issueKey(i)]}
                isDisabled={isDisabled}
                onChoose={() => onChoose(i)}
                onRemove={() => onRemove(i)}
              />
            ) : null,
          )}
        </div>
      )}
    </>
  );
}
