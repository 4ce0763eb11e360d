import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Heading } from '@adobe/react-spectrum/Heading';
import { Item, Picker } from '@adobe/react-spectrum/Picker';
import { ProgressCircle } from '@adobe/react-spectrum/ProgressCircle';
import { Cell, Column, Row, TableBody, TableHeader, TableView } from '@adobe/react-spectrum/TableView';
import Alert from '@spectrum-icons/workflow/Alert';
import ArrowLeft from '@spectrum-icons/workflow/ArrowLeft';
import CheckmarkCircle from '@spectrum-icons/workflow/CheckmarkCircle';
import Clock from '@spectrum-icons/workflow/Clock';
import { useEffect, useState } from 'react';
import type { CustomerCsv } from '@parley/sdk/contract/customers';
import { messageOf, useLoad } from '../../internal/use-call.js';
import { useMaster } from '../master-context.js';
import { paths } from '../master-routes.js';
import { formatListDate } from '../../internal/dates.js';
import { UploadPageSizes } from './upload-texts.js';
import { ensureUploadStyles } from './upload-styles.js';
import { useLiveUploads } from './use-live-uploads.js';
import { PrevNext } from '../../spectrum-parts/PrevNext.js';

const ALL = '__all';
const PER_PAGE = UploadPageSizes.uploads;
/** Room for the empty message: the table is as tall as its rows, so without rows it would shrink to its header. */
const EMPTY_HEIGHT = 'size-2400';

/** The Status cell: an icon per state; a running import shows its processed/total lines. */
export function UploadStatus({ upload }: { upload: CustomerCsv }) {
  const { state } = upload;
  // Why it stopped, or that it waits for its columns to be mapped (an unmapped file is dropped after a day).
  const why = state === 'ERROR' ? upload.error : state === 'WAITING' && !upload.started ? 'Columns not mapped' : null;
  return (
    <span className="pcm-up-status" data-state={state}>
      {state === 'COMPLETED' ? (
        <CheckmarkCircle size="S" aria-hidden="true" />
      ) : state === 'ERROR' ? (
        <Alert size="S" aria-hidden="true" />
      ) : (
        <Clock size="S" aria-hidden="true" />
      )}
      <span>{state}</span>
      {state === 'WAITING' && upload.started && (
        <span className="pcm-up-count">
          {upload.processedLines}/{upload.totalLines}
        </span>
      )}
      {why && <span className="pcm-up-why">{why}</span>}
    </span>
  );
}

/** My Uploads (customer-master 2): the uploads of one segment, or all, newest first; a row opens its error list. */
export function MyUploads({ segmentId }: { segmentId: string | null }) {
  ensureUploadStyles();
  const { client, navigate, toast } = useMaster();
  const [from, setFrom] = useState(0);
  useEffect(() => setFrom(0), [segmentId]);
  const onError = (e: unknown) => toast(messageOf(e), 'error');
  const segments = useLoad(() => client.customers.tags({}), [client], onError);
  const page = useLoad(() => client.customers.uploads({ from, perPage: PER_PAGE, ...(segmentId ? { segmentId } : {}) }), [client, from, segmentId], onError);
  const rows = useLiveUploads(page.data?.customerCSVs ?? []);
  const more = page.data?.hasMore ?? false;

  return (
    <div className="pad-page pcm-up-page">
      <header className="pcm-up-header">
        <ActionButton isQuiet aria-label="Back to customers" onPress={() => navigate(paths.customers())}>
          <ArrowLeft />
        </ActionButton>
        <Heading level={2} margin={0} flexGrow={1}>
          My Uploads
        </Heading>
        {page.loading && <ProgressCircle aria-label="Loading uploads" isIndeterminate size="S" />}
        <Picker
          label="Segment"
          labelPosition="side"
          selectedKey={segmentId ?? ALL}
          onSelectionChange={(key) => navigate(paths.uploads(key === ALL ? null : String(key)))}
          isLoading={segments.loading}
          width="size-3600"
        >
          {[{ id: ALL, name: 'All Segments' }, ...(segments.data?.tags ?? [])].map((s) => (
            <Item key={s.id}>{s.name}</Item>
          ))}
        </Picker>
      </header>
      <TableView
        aria-label="My Uploads"
        overflowMode="wrap"
        onAction={(key) => navigate(paths.errors(String(key)))}
        renderEmptyState={() => <p className="pcm-up-empty">No Record</p>}
        minHeight={rows.length ? undefined : EMPTY_HEIGHT}
      >
        <TableHeader>
          <Column key="file" width="2fr" minWidth={200}>
            File Name
          </Column>
          <Column key="total" align="end" width={120}>
            Total Count
          </Column>
          <Column key="accepted" align="end" width={110}>
            Accepted
          </Column>
          <Column key="error" align="end" width={90}>
            Error
          </Column>
          <Column key="completed" width={190}>
            Completed On
          </Column>
          <Column key="status" width="1fr" minWidth={150}>
            Status
          </Column>
        </TableHeader>
        <TableBody items={rows} loadingState={page.loading && !rows.length ? 'loading' : 'idle'}>
          {(u) => (
            <Row key={u.uploadId} textValue={u.file.name}>
              <Cell>
                <span className="pcm-up-file-name">{u.file.name}</span>
                {!segmentId && u.segmentName && <span className="pcm-up-segment">{u.segmentName}</span>}
              </Cell>
              <Cell>{u.totalLines}</Cell>
              <Cell>{u.acceptedLines}</Cell>
              <Cell>{u.errorLines}</Cell>
              <Cell>
                <span className="pcm-up-date">{formatListDate(u.completedOn)}</span>
              </Cell>
              <Cell>
                <UploadStatus upload={u} />
              </Cell>
            </Row>
          )}
        </TableBody>
      </TableView>
      <div className="pcm-up-pager">
        <PrevNext
          hasPrevious={!(from < PER_PAGE) && !page.loading}
          hasNext={more && !page.loading}
          onPrevious={() => setFrom((f) => Math.max(0, f - PER_PAGE))}
          onNext={() => setFrom((f) => f + PER_PAGE)}
        />
      </div>
    </div>
  );
}
