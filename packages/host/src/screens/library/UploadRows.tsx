import { ActionButton, ProgressBar } from '@adobe/react-spectrum';
import { shortenFileName } from '@parley/sdk/contract/artifact-texts';
import type { UploadRow } from './use-uploads.js';

/** The files of this visit's uploads: a progress bar while sending, then done or the reason it was refused. */
export function UploadRows({ rows, onClear }: { rows: readonly UploadRow[]; onClear(): void }) {
  if (rows.length === 0) return null;
  const finished = rows.some((r) => r.state !== 'sending');
  return (
    <section className="library-uploads" aria-label="Uploads">
      <div className="library-uploads-head">
        <span>Uploads</span>
        {finished && (
          <ActionButton isQuiet onPress={onClear}>
            Clear finished
          </ActionButton>
        )}
      </div>
      <ul>
        {rows.map((row) => (
          <li key={row.key} className="library-upload" data-state={row.state} aria-label={row.name}>
            <span className="library-upload-name" title={row.name}>
              {shortenFileName(row.name)}
            </span>
            {row.state === 'sending' && <ProgressBar label="Uploading" labelPosition="side" showValueLabel value={row.percent} width="size-3000" size="S" />}
            {row.state === 'done' && <span className="library-upload-done">Uploaded</span>}
            {row.state === 'refused' && (
              <span className="library-upload-error" role="alert">
                {row.message}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
