import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Button } from '@adobe/react-spectrum/Button';
import { shortenFileName } from '@parley/sdk/contract/artifact-texts';
import type { ChosenMedia } from './form-model.js';

const FORMAT_LABELS = { IMAGE: 'Image', VIDEO: 'Video', DOCUMENT: 'Document (PDF)' } as const;

export interface MediaFieldProps {
  label: string;
  format: keyof typeof FORMAT_LABELS;
  media: ChosenMedia | null | undefined;
  error?: string;
  isDisabled?: boolean;
  onChoose(): void;
  onRemove(): void;
}

/** A media header's file: Choose (the attachment dialog), then the chosen file's name with a remove button. */
export function MediaField({ label, format, media, error, isDisabled, onChoose, onRemove }: MediaFieldProps) {
  return (
    <div className="pbs-media" role="group" aria-label={label} data-invalid={error ? '' : undefined}>
      <div className="pbs-media-head">
        <span className="pbs-media-label">{label}</span>
        <span className="pbs-media-kind">{FORMAT_LABELS[format]}</span>
      </div>
      <div className="pbs-media-body">
        {media ? (
          <span className="pbs-file" title={media.fileName}>
            <span className="pbs-file-name">{shortenFileName(media.fileName)}</span>
            {!isDisabled && (
              <ActionButton isQuiet aria-label={`Remove ${media.fileName}`} onPress={onRemove} UNSAFE_className="pbs-file-remove">
                ×
              </ActionButton>
            )}
          </span>
        ) : (
          <span className="pbs-muted">No file chosen</span>
        )}
        {!isDisabled && (
          <Button variant="secondary" onPress={onChoose}>
            Choose
          </Button>
        )}
      </div>
      {error && (
        <p className="pbs-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
