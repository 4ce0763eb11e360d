import { useCallback, useEffect, useRef, useState } from 'react';
import { firstValueFrom, type Observable } from 'rxjs';
import { ParleyError } from '@parley/sdk/parley-error';

export interface Loaded<T> {
  data: T | undefined;
  error: ParleyError | undefined;
  loading: boolean;
  reload(): void;
}

/**
 * Loads while mounted and whenever `deps` change; a newer load cancels the older request (the SDK's Observables
 * abort on unsubscribe), so a slow answer never overwrites a newer one.
 */
export function useLoad<T>(load: () => Observable<T> | null, deps: unknown[], onError?: (e: ParleyError) => void): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: ParleyError; loading: boolean }>({ loading: true });
  const [nonce, setNonce] = useState(0);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  useEffect(() => {
    const source = load();
    if (!source) {
      setState({ loading: false });
      return;
    }
    setState((s) => ({ ...s, loading: true }));
    const sub = source.subscribe({
      next: (data) => setState({ data, loading: false }),
      error: (e: unknown) => {
        const error = asParleyError(e);
        setState((s) => ({ ...s, error, loading: false }));
        onErrorRef.current?.(error);
      },
    });
    return () => sub.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's `deps` say what `load` (new on every render) reads.
  }, [...deps, nonce]);
  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}

export const asParleyError = (e: unknown): ParleyError => (e instanceof ParleyError ? e : ParleyError.network(e));

/** One call as a promise, for event handlers. */
export const once = <T>(source: Observable<T>): Promise<T> => firstValueFrom(source);

/** The words to show for a refused call: the first field error when the server names one, else its message. */
export function messageOf(e: unknown): string {
  const error = asParleyError(e);
  return error.errors[0]?.message ?? error.message;
}

/** Runs `fn` at most once per `ms` of quiet: search boxes (agent-designer 9: 100 ms agents, 300 ms intents). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
