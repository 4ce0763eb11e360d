import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Heading } from '@adobe/react-spectrum/Heading';
import { ProgressCircle } from '@adobe/react-spectrum/ProgressCircle';
import { Cell, Column, Row, TableBody, TableHeader, TableView } from '@adobe/react-spectrum/TableView';
import ArrowLeft from '@spectrum-icons/workflow/ArrowLeft';
import { useState } from 'react';
import { messageOf, useLoad } from '../../internal/use-call.js';
import { useMaster } from '../master-context.js';
import { paths } from '../master-routes.js';
import { UploadPageSizes } from './upload-texts.js';
import { ensureUploadStyles } from './upload-styles.js';
import { PrevNext } from '../../spectrum-parts/PrevNext.js';

const PER_PAGE = UploadPageSizes.errors;
/** Room for the empty message: the table is as tall as its rows, so without rows it would shrink to its header. */
const EMPTY_HEIGHT = 'size-2400';

/** Error List (customer-master 2): the refused lines of one upload, each with the file's text and every reason. */
export function ErrorList({ uploadId }: { uploadId: string }) {
  ensureUploadStyles();
  const { client, navigate, toast } = useMaster();
  const [from, setFrom] = useState(0);
  const upload = useLoad(
    () => client.customers.getUpload({ uploadId }),
    [client, uploadId],
    (e) => toast(messageOf(e), 'error'),
  );
  const page = useLoad(
    () => client.customers.errors({ entryId: uploadId, from, perPage: PER_PAGE }),
    [client, uploadId, from],
    (e) => toast(messageOf(e), 'error'),
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
      <TableView
        aria-label="Error List"
        overflowMode="wrap"
        renderEmptyState={() => <p className="pcm-up-empty">No Errors Found</p>}
        minHeight={rows.length ? undefined : EMPTY_HEIGHT}
      >
        <TableHeader>
          <Column key="sNo" align="end" width={80}>
            S.No
          </Column>
          <Column key="line" isRowHeader width="3fr" minWidth={240}>
            Error row in input file
          </Column>
          <Column key="errors" width="2fr" minWidth={200}>
            Errors
          </Column>
        </TableHeader>
        <TableBody items={rows.map((row, i) => ({ ...row, sNo: from + i + 1 }))} loadingState={page.loading && !rows.length ? 'loading' : 'idle'}>
          {(row) => (
            <Row key={row.sNo} textValue={`Line ${row.line}`}>
              <Cell>{row.sNo}</Cell>
              <Cell>
                <div className="pcm-up-line">
                  <span className="pcm-up-line-no">Line {row.line}</span>
                  <code>{row.lineStr}</code>
                </div>
              </Cell>
              <Cell>
                <ul className="pcm-up-messages">
                  {row.errors.map((e, n) => (
                    <li key={n}>{e.message}</li>
                  ))}
                </ul>
              </Cell>
            </Row>
          )}
        </TableBody>
      </TableView>
      <div className="pcm-up-pager">
        <PrevNext
          hasPrevious={!(from === 0) && !page.loading}
          hasNext={more && !page.loading}
          onPrevious={() => setFrom((f) => Math.max(0, f - PER_PAGE))}
          onNext={() => setFrom((f) => f + PER_PAGE)}
        />
      </div>
    </div>
  );
}
