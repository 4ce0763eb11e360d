import { AlertDialog, DialogContainer } from '@adobe/react-spectrum';
import { useRef, useState } from 'react';
import type { NotificationItem } from './use-notification-items.js';

/** platform-shell 2.11 and 9: the confirm closes 200 ms after its action. */
export const PICKUP_CLOSE_DELAY_MS = 200;

/**
 * "Do you want pickup this chat ?" with Ignore and Pickup (the spec's words). Pickup runs `onPickup`; the dialog stays
 * until the answer, then closes 200 ms later and hands the outcome on.
 */
export function PickupConfirm({
  item,
  onPickup,
  onClose,
}: {
  item: NotificationItem | null;
  onPickup(item: NotificationItem): Promise<boolean>;
  onClose(pickedUp: NotificationItem | null): void;
}) {
  const [busy, setBusy] = useState(false);
  const acting = useRef(false);
  const confirm = async (chosen: NotificationItem) => {
    acting.current = true;
    setBusy(true);
    const ok = await onPickup(chosen);
    setTimeout(() => {
      acting.current = false;
      setBusy(false);
      onClose(ok ? chosen : null);
    }, PICKUP_CLOSE_DELAY_MS);
  };
  return (
    <DialogContainer
      type="modal"
      onDismiss={() => {
        // The primary button also asks to dismiss: that close waits for the pickup's answer instead.
        if (!acting.current) onClose(null);
      }}
    >
      {item && (
        <AlertDialog
          title="Do you want pickup this chat ?"
          variant="confirmation"
          primaryActionLabel="Pickup"
          cancelLabel="Ignore"
          isPrimaryActionDisabled={busy}
          onPrimaryAction={() => void confirm(item)}
        >
          {item.customerName || item.customerNumber}
          {item.lastMessage ? `: “${item.lastMessage}”` : ''}
        </AlertDialog>
      )}
    </DialogContainer>
  );
}
