import { Button, Content, Dialog, DialogContainer, Divider, Heading, ProgressCircle } from '@adobe/react-spectrum';
import { useState } from 'react';
import type { PickupBucket } from '@parley/sdk/contract/chat-texts';
import { showRefusal } from '../../screens/admin/channels/show-refusal.js';
import { useChatStore } from '../../stores/chat-store.js';
import { typeLabel } from './chat-counts.js';
import { PickupConfirm } from './PickupConfirm.js';
import { pickup, useNotificationItems, type NotificationItem } from './use-notification-items.js';

/**
 * The "Chat Notification" modal (platform-shell 2.11): the chats of one type with customer name and number, who
 * transferred or invited, the last message, the type and a Pickup button; No Record when none is left.
 */
export function NotificationModal({ type, onClose, onPickedUp }: { type: PickupBucket | null; onClose(): void; onPickedUp(chatId: string): void }) {
  const { items, loading } = useNotificationItems(type);
  const [confirming, setConfirming] = useState<NotificationItem | null>(null);
  const doPickup = async (item: NotificationItem) => {
    try {
      await pickup(item.chatId, item.type);
      return true;
    } catch (error) {
      // Another agent was quicker, or the chat closed meanwhile: the server's words ("This chat was picked up by another agent").
      showRefusal(error);
      return false;
    } finally {
      void useChatStore.getState().refresh();
    }
  };
  return (
    <DialogContainer type="modal" onDismiss={onClose}>
      {type && (
        <Dialog size="L" isDismissable UNSAFE_className="chat-notification-dialog">
          <Heading>Chat Notification</Heading>
          <Divider />
          <Content>
            <div className="chat-notification-table-wrap">
              <table className="chat-notification-table">
                <caption className="visually-hidden">{typeLabel(type)} chats</caption>
                <thead>
                  <tr>
                    <th scope="col">Customer Name</th>
                    <th scope="col">Customer Number</th>
                    <th scope="col">Transferred / Invited By</th>
                    <th scope="col">Last Message</th>
                    <th scope="col">Type</th>
                    <th scope="col">
                      <span className="visually-hidden">Action</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((item) => (
                    <tr key={item.chatId}>
                      <td>{item.customerName || '-'}</td>
                      <td className="chat-number">{item.customerNumber}</td>
                      <td>{item.transferringAgentName || '-'}</td>
                      <td className="chat-last-message">
                        <span>{item.lastMessage || '-'}</span>
                      </td>
                      <td>{typeLabel(item.type)}</td>
                      <td>
                        <Button variant="accent" onPress={() => setConfirming(item)} aria-label={`Pickup ${item.customerName || item.customerNumber}`}>
                          Pickup
                        </Button>
                      </td>
                    </tr>
                  ))}
                  {!items.length && (
                    <tr>
                      <td colSpan={6} className="chat-notification-empty">
                        {loading ? <ProgressCircle size="S" isIndeterminate aria-label="Loading chats" /> : 'No Record'}
                      </td>
                    </tr>
                  )}
                </tbody>
              </table>
            </div>
            {/* Inside the modal, so the modal's focus scope lets the confirm take focus and gives it back. */}
            <PickupConfirm
              item={confirming}
              onPickup={doPickup}
              onClose={(picked) => {
                setConfirming(null);
                if (picked) onPickedUp(picked.chatId);
              }}
            />
          </Content>
        </Dialog>
      )}
    </DialogContainer>
  );
}
