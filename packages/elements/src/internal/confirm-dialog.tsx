import { AlertDialog } from '@adobe/react-spectrum/AlertDialog';
import { DialogContainer } from '@adobe/react-spectrum/DialogContainer';
import { useCallback, useRef, useState } from 'react';

interface Ask {
  title: string;
  message: string;
  action?: string;
}

/** Asks before a delete; resolves true when the user confirmed. */
export type Confirm = (options: Ask) => Promise<boolean>;

/** agent-designer 4: every delete runs only after the user confirms it in a modal. */
export function useConfirm() {
  const [ask, setAsk] = useState<Ask | null>(null);
  const resolver = useRef<(ok: boolean) => void>(() => undefined);
  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<boolean>((resolve) => {
        resolver.current(false);
        resolver.current = resolve;
        setAsk(options);
      }),
    [],
  );
  const close = (ok: boolean) => {
    resolver.current(ok);
    resolver.current = () => undefined;
    setAsk(null);
  };
  const dialog = (
    // Spectrum's AlertDialog dismisses before it runs the primary action: the dismissal waits a tick so Delete wins.
    <DialogContainer onDismiss={() => queueMicrotask(() => close(false))}>
      {ask && (
        <AlertDialog
          title={ask.title}
          variant="destructive"
          primaryActionLabel={ask.action ?? 'Delete'}
          cancelLabel="Cancel"
          onPrimaryAction={() => close(true)}
          onCancel={() => close(false)}
        >
          {ask.message}
        </AlertDialog>
      )}
    </DialogContainer>
  );
  return { confirm, dialog };
}
