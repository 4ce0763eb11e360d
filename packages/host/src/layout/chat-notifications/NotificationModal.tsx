import { Button, Cell, Column, Content, Dialog, DialogContainer, Divider, Heading, Row, TableBody, TableHeader, TableView, Text } from '@adobe/react-spectrum';
import { useState } from 'react';
import type { PickupBucket } from '@parley/sdk/contract/chat-texts';
import { showRefusal } from '../../components/show-refusal.js';
import { useChatStore } from '../../stores/chat-store.js';
import { typeLabel } from './chat-counts.js';
import { PickupConfirm } from './PickupConfirm.js';
import { pickup, useNotificationItems, type NotificationItem } from './use-notification-items.js';

/** Rows wrap to two lines of last message (regular density is 40 px a line): the table grows with them up to 60% of the screen. */
const tableHeight = (rows: number) => (rows ? `min(60vh, ${34 + rows * 64}px)` : '200px');

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
            <TableView
              aria-label={`${typeLabel(type)} chats`}
              overflowMode="wrap"
              selectionMode="none"
              height={tableHeight(items.length)}
              renderEmptyState={() => <Text UNSAFE_className="chat-notification-empty">No Record</Text>}
            >
              <TableHeader>
                {/* The customer's name and number name the row, so a screen reader hears whose chat each Pickup takes. */}
                <Column key="name" isRowHeader width="1fr" minWidth={140}>
                  Customer Name
                </Column>
                <Column key="number" isRowHeader width={150}>
                  Customer Number
                </Column>
                <Column key="by" width="1fr" minWidth={140}>
                  Transferred / Invited By
                </Column>
                <Column key="message" width="1.6fr" minWidth={180}>
                  Last Message
                </Column>
                <Column key="type" width={110}>
                  Type
                </Column>
                <Column key="action" hideHeader width={110} align="end">
                  Action
                </Column>
              </TableHeader>
              <TableBody items={items} loadingState={loading && !items.length ? 'loading' : 'idle'}>
                {(item) => (
                  <Row key={item.chatId} textValue={item.customerName || item.customerNumber}>
                    <Cell>{item.customerName || '-'}</Cell>
                    <Cell>
                      <span className="chat-notification-number">{item.customerNumber}</span>
                    </Cell>
                    <Cell>{item.transferringAgentName || '-'}</Cell>
                    <Cell>
                      <span className="chat-notification-message">{item.lastMessage || '-'}</span>
                    </Cell>
                    <Cell>{typeLabel(item.type)}</Cell>
                    <Cell>
                      <Button variant="accent" onPress={() => setConfirming(item)} aria-label={`Pickup ${item.customerName || item.customerNumber}`}>
                        Pickup
                      </Button>
                    </Cell>
                  </Row>
                )}
              </TableBody>
            </TableView>
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
