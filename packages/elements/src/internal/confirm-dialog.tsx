import { AlertDialog } from '@adobe/react-spectrum/AlertDialog';
import { DialogContainer } from '@adobe/react-spectrum/DialogContainer';
import type { Ask } from './use-confirm.js';

/** The modal of `useConfirm`: open while there is a question, answered by `close`. */
export function ConfirmDialog({ ask, close }: { ask: Ask | null; close(ok: boolean): void }) {
  return (
    // Spectrum's AlertDialog dismisses before it runs the primary action: the dismissal waits a tick so Delete wins.
    <DialogContainer onDismiss={() => queueMicrotask(() => close(false))}>
      {ask && (
        <AlertDialog
          title={ask.title}
          variant={ask.variant ?? 'destructive'}
          primaryActionLabel={ask.action ?? 'Delete'}
          cancelLabel={ask.cancel ?? 'Cancel'}
          onPrimaryAction={() => close(true)}
          onCancel={() => close(false)}
        >
          {ask.message}
        </AlertDialog>
      )}
    </DialogContainer>
  );
}

export type { Ask, Confirm } from './use-confirm.js';
