import { DialogContainer } from '@adobe/react-spectrum/DialogContainer';
import { useState } from 'react';
import { BroadcastMessages } from '@parley/sdk/contract/broadcast-texts';
import { PrevNext } from '../spectrum-parts/PrevNext.js';
import { formatSentDate, titleCase } from './format.js';
import { MessageStatusDialog } from './MessageStatusDialog.js';
import type { SenderClient } from './sender-client.js';
import type { LiveBroadcast } from './use-live-broadcast.js';

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
              {detail.counts.total} total · {detail.counts.sent} sent · {detail.counts.delivered} delivered · {detail.counts.read} read · {detail.counts.failed} failed
            </span>
          </span>
        )}
      </div>
      <div className="pbs-table-wrap" aria-busy={live.loading}>
        <table className="pbs-table">
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Sent Date</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((m) => (
              <tr
                key={m.id}
                className="pbs-message-row"
                tabIndex={0}
                aria-label={`Message to ${m.to}`}
                onClick={() => setOpen(m.id)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    setOpen(m.id);
                  }
                }}
              >
                <td className="pbs-nowrap">{m.from}</td>
                <td className="pbs-nowrap">{m.to}</td>
                <td className="pbs-nowrap">{formatSentDate(m.currentDeliveryStatusTime)}</td>
                <td>
                  <span className="pbs-status-pill" data-status={m.currentDeliveryStatus}>
                    {titleCase(m.currentDeliveryStatus)}
                  </span>
                </td>
              </tr>
            ))}
            {!rows.length && (
              <tr className="pbs-empty">
                <td colSpan={4}>{live.loading ? 'Loading…' : BroadcastMessages.noRecord}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
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
