import { Button } from '@adobe/react-spectrum/Button';
import { Link } from '@adobe/react-spectrum/Link';
import { ProgressBar } from '@adobe/react-spectrum/ProgressBar';
import Alert from '@spectrum-icons/workflow/Alert';
import CheckmarkCircle from '@spectrum-icons/workflow/CheckmarkCircle';
import type { CustomerCsv } from '@parley/sdk/contract/customers';
import { useMaster } from '../master-context.js';
import { paths } from '../master-routes.js';
import { UploadTexts } from './upload-texts.js';
import { useLiveUploads } from './use-live-uploads.js';

/** The success card (customer-master 2) with the import's live progress, then its Accepted / Error counts. */
export function UploadDone({ upload, onAnother }: { upload: CustomerCsv; onAnother(): void }) {
  const { navigate } = useMaster();
  const [live = upload] = useLiveUploads([upload]);
  const { state, processedLines, totalLines } = live;
  return (
    <section className="pcm-up-card pcm-up-done" aria-label="Upload result" data-state={state}>
      <div className="pcm-up-done-head">
        <CheckmarkCircle size="L" aria-hidden="true" UNSAFE_className="pcm-up-done-icon" />
        <div>
          <h3 className="pcm-up-card-title">Uploaded Succesfully</h3>
          <p className="pcm-up-sub">
            {UploadTexts.uploadStarted}: <strong>{live.file.name}</strong>
          </p>
        </div>
      </div>
      {state === 'WAITING' && (
        <ProgressBar
          label="Adding customers"
          value={totalLines ? processedLines : undefined}
          maxValue={totalLines || 1}
          isIndeterminate={!totalLines}
          valueLabel={totalLines ? `${processedLines} of ${totalLines} lines` : undefined}
          width="100%"
        />
      )}
      {state === 'COMPLETED' && (
        <dl className="pcm-up-totals">
          <div>
            <dt>Total Count</dt>
            <dd>{totalLines}</dd>
          </div>
          <div>
            <dt>Accepted</dt>
            <dd>{live.acceptedLines}</dd>
          </div>
          <div data-kind="error">
            <dt>Error</dt>
            <dd>{live.errorLines}</dd>
          </div>
        </dl>
      )}
      {state === 'ERROR' && (
        <p className="pcm-up-failed" role="alert">
          <Alert size="S" aria-hidden="true" /> {live.error ?? 'The file could not be imported'}
        </p>
      )}
      <footer className="pcm-up-done-links">
        <Link onPress={() => navigate(paths.uploads(live.segmentId))}>Uploads</Link>
        {state === 'COMPLETED' && live.errorLines > 0 && <Link onPress={() => navigate(paths.errors(live.uploadId))}>View errors</Link>}
        <Button variant="secondary" onPress={onAnother}>
          Upload another file
        </Button>
      </footer>
    </section>
  );
}
