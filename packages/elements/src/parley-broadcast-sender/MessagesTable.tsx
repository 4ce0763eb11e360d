import { DialogContainer } from '@adobe/react-spectrum/DialogContainer';
import { Cell, Column, Row, TableBody, TableHeader, TableView } from '@adobe/react-spectrum/TableView';
import { useState } from 'react';
import { BroadcastMessages } from '@parley/sdk/contract/broadcast-texts';
import { PrevNext } from '../spectrum-parts/PrevNext.js';
import { formatSentDate, titleCase } from './format.js';
import { MessageStatusDialog } from './MessageStatusDialog.js';
import type { SenderClient } from './sender-client.js';
import type { LiveBroadcast } from './use-live-broadcast.js';

/** Room for the empty message: the table is as tall as its rows, so without rows it would shrink to its header. */
const EMPTY_HEIGHT = 'size-2000';

/**
 * A sent broadcast's messages (spec 2): From, To, Sent Date, Status, 20 a page; a row opens the message status
 * dialog. Statuses move live (see useLiveBroadcast).
 */
export function MessagesTable({ client, broadcastId, live }: { client: SenderClient; broadcastId: string; live: LiveBroadcast }) {
  const [open, setOpen] = useState<string | null>(null);
  const { detail, rows } = live;
  return (
    <section className="pbs-messages" aria-label="Messages">
      <div className="pbs-messages-head">
        <h3 className="pbs-section-title">Messages</h3>
        {detail && (
          <span className="pbs-summary" data-status={detail.status}>
            <span className="pbs-badge">{titleCase(detail.status)}</span>
            <span>
              {detail.counts.total} total · {detail.counts.sent} sent · {detail.counts.delivered} delivered · {detail.counts.read} read · {detail.counts.failed}{' '}
              failed
            </span>
          </span>
        )}
      </div>
      <TableView
        aria-label="Messages"
        onAction={(key) => setOpen(String(key))}
        renderEmptyState={live.loading ? undefined : () => <p className="pbs-empty">{BroadcastMessages.noRecord}</p>}
        minHeight={rows.length ? undefined : EMPTY_HEIGHT}
      >
        <TableHeader>
          <Column key="from">From</Column>
          {/* The row is named by its number: "the message to ..." */}
          <Column key="to" isRowHeader>
            To
          </Column>
          <Column key="sent">Sent Date</Column>
          <Column key="status">Status</Column>
        </TableHeader>
        <TableBody items={rows} loadingState={live.loading && !rows.length ? 'loading' : 'idle'}>
          {(m) => (
            <Row key={m.id} textValue={m.to}>
              <Cell>{m.from}</Cell>
              <Cell>{m.to}</Cell>
              <Cell>{formatSentDate(m.currentDeliveryStatusTime)}</Cell>
              <Cell>
                <span className="pbs-status-pill" data-status={m.currentDeliveryStatus}>
                  {titleCase(m.currentDeliveryStatus)}
                </span>
              </Cell>
            </Row>
          )}
        </TableBody>
      </TableView>
      <div className="pbs-paging">
        <span className="pbs-muted">Page {live.page + 1}</span>
        <PrevNext hasPrevious={live.page > 0} hasNext={live.more} onPrevious={() => live.setPage(live.page - 1)} onNext={() => live.setPage(live.page + 1)} />
      </div>
      <DialogContainer onDismiss={() => setOpen(null)}>
        {open && <MessageStatusDialog client={client} broadcastId={broadcastId} messageId={open} />}
      </DialogContainer>
    </section>
  );
}
