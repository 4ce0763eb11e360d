import { Button } from '@adobe/react-spectrum/Button';
import type { ChatSummary } from '@parley/sdk/contract/chats';
import { useLoad } from '../internal/use-call.js';
import { useLiveChat } from './live-chat-context.js';
import type { OpenCustomerDetail } from './events.js';

/** Who the agent talks to: the customer master's record of the chat's customer (get_custom_customer_details). */
export function CustomerPanel({ chat }: { chat: ChatSummary }) {
  const { client, emit } = useLiveChat();
  const details = useLoad(() => client.chats.customerDetails({ data: JSON.stringify({ chatId: chat.chatId }) }), [client, chat.chatId]);
  const d = details.data;
  const customerId = d?.customerId ?? chat.customerId;
  return (
    <aside className="plc-panel" part="panel" aria-label="Customer">
      <h2 className="plc-panel-name">{d?.name || chat.customerName || chat.customerNumber}</h2>
      <p className="plc-muted">{d?.phoneNumber || chat.customerNumber}</p>
      {details.loading && !d && <p className="plc-muted">Loading the customer…</p>}
      {details.error && <p className="plc-muted">{details.error.message}</p>}
      {d && (
        <>
          <PanelList title="Segments" items={d.segments} />
          <PanelList title="Groups" items={d.groups} />
          {d.fields.length > 0 && (
            <section className="plc-panel-section">
              <h3>Details</h3>
              <dl className="plc-fields">
                {d.fields.map((f) => (
                  <div key={f.label}>
                    <dt>{f.label}</dt>
                    <dd>{f.value || '—'}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
        </>
      )}
      <PanelList title="Chat tags" items={chat.tags} />
      {chat.note && (
        <section className="plc-panel-section">
          <h3>Note</h3>
          <p className="plc-note">{chat.note}</p>
        </section>
      )}
      <Button
        variant="secondary"
        isDisabled={!customerId}
        onPress={() => customerId && emit<OpenCustomerDetail>('parley-open-customer', { customerId })}
        marginTop="size-200"
      >
        Open customer
      </Button>
    </aside>
  );
}

function PanelList({ title, items }: { title: string; items: string[] }) {
  return (
    <section className="plc-panel-section">
      <h3>{title}</h3>
      {items.length === 0 ? (
        <p className="plc-muted">None</p>
      ) : (
        <ul className="plc-chips">
          {items.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
