import { useCallback, useRef, useState } from 'react';

/** How a toast looks: every element's toasts speak these three. */
export type ToastVariant = 'info' | 'success' | 'error';

/** platform-shell 8: toasts stay 5000 ms unless a message asks for its own delay. */
export const TOAST_MS = 5000;

interface Toast {
  id: number;
  message: string;
  variant: ToastVariant;
}

/** The designer's own toasts, so it reads the same on a partner's page as in the console. */
export function useToastList() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (message: string, variant: ToastVariant = 'info', ms = TOAST_MS) => {
      const id = next.current++;
      setToasts((list) => [...list.filter((t) => t.message !== message), { id, message, variant }]);
      setTimeout(() => dismiss(id), ms);
    },
    [dismiss],
  );
  return { toasts, show, dismiss };
}

export function ToastList({ toasts, dismiss }: { toasts: Toast[]; dismiss(id: number): void }) {
  return (
    <div className="pad-toasts" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className="pad-toast" data-variant={t.variant} role={t.variant === 'error' ? 'alert' : undefined}>
          <span>{t.message}</span>
          <button type="button" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
