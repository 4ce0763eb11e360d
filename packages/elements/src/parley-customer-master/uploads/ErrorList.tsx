import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Heading } from '@adobe/react-spectrum/Heading';
import { ProgressCircle } from '@adobe/react-spectrum/ProgressCircle';
import ArrowLeft from '@spectrum-icons/workflow/ArrowLeft';
import { useState } from 'react';
import { messageOf, useLoad } from '../../internal/use-call.js';
import { useMaster } from '../master-context.js';
import { paths } from '../master-routes.js';
import { UploadPageSizes } from './upload-texts.js';
import { ensureUploadStyles } from './upload-styles.js';
import { PrevNext } from '../../spectrum-parts/PrevNext.js';

const PER_PAGE = UploadPageSizes.errors;

/** Error List (customer-master 2): the refused lines of one upload, each with the file's text and every reason. */
export function ErrorList({ uploadId }: { uploadId: string }) {
  ensureUploadStyles();
  const { client, navigate, toast } = useMaster();
  const [from, setFrom] = useState(0);
  const upload = useLoad(() => client.customers.getUpload({ uploadId }), [client, uploadId], (e) => toast(messageOf(e), 'error'));
  const page = useLoad(() => client.customers.errors({ entryId: uploadId, from, perPage: PER_PAGE }), [client, uploadId, from], (e) =>
    toast(messageOf(e), 'error'),
  );
  const rows = page.data?.customers.customers ?? [];
  const more = page.data?.customers.hasMore ?? false;
  const csv = upload.data?.customerCSV;

  return (
    <div className="pad-page pcm-up-page">
      <header className="pcm-up-header">
        <ActionButton isQuiet aria-label="Back to My Uploads" onPress={() => navigate(paths.uploads(csv?.segmentId))}>
          <ArrowLeft />
        </ActionButton>
        <div className="pcm-up-title">
          <Heading level={2} margin={0}>
            Error List
          </Heading>
          {csv && (
            <span className="pcm-up-sub">
              {csv.file.name} · {csv.errorLines} of {csv.totalLines} lines refused
            </span>
          )}
        </div>
        {page.loading && <ProgressCircle aria-label="Loading errors" isIndeterminate size="S" />}
      </header>
      <div className="pcm-up-table-wrap">
        <table className="pcm-up-table pcm-up-errors" aria-label="Error List" aria-busy={page.loading}>
          <thead>
            <tr>
              <th scope="col" className="pcm-up-num">
                S.No
              </th>
              <th scope="col">Error row in input file</th>
              <th scope="col">Errors</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={`${row.line}-${i}`} data-line={row.line}>
                <td className="pcm-up-num">{from + i + 1}</td>
                <td className="pcm-up-line">
                  <span className="pcm-up-line-no">Line {row.line}</span>
                  <code>{row.lineStr}</code>
                </td>
                <td>
                  <ul className="pcm-up-messages">
                    {row.errors.map((e, n) => (
                      <li key={n}>{e.message}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
            {!rows.length && !page.loading && (
              <tr className="pcm-up-empty">
                <td colSpan={3}>No Errors Found</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <div className="pcm-up-pager">
        <PrevNext hasPrevious={!(from === 0) && !page.loading} hasNext={more && !page.loading} onPrevious={() => setFrom((f) => Math.max(0, f - PER_PAGE))} onNext={() => setFrom((f) => f + PER_PAGE)} />
      </div>
    </div>
  );
}
