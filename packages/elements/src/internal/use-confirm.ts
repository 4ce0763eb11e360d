import { useCallback, useRef, useState } from 'react';

export interface Ask {
  title: string;
  message: string;
  action?: string;
  /** The cancel button's label; Cancel when not given. */
  cancel?: string;
  /** destructive (the default) for deletes, confirmation for a step that loses nothing. */
  variant?: 'destructive' | 'confirmation';
}

/** Asks before a delete; resolves true when the user confirmed. */
export type Confirm = (options: Ask) => Promise<boolean>;

/**
 * agent-designer 4: every delete runs only after the user confirms it in a modal. The question lives here and the
 * modal in confirm-dialog.tsx, so an element's first load does not carry Spectrum's dialogs before anyone deletes.
 */
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
  const close = useCallback((ok: boolean) => {
    resolver.current(ok);
    resolver.current = () => undefined;
    setAsk(null);
  }, []);
  return { confirm, ask, close };
}
