import { type Observable, debounceTime, distinctUntilChanged, map, switchMap } from 'rxjs';

/** platform-shell 9: search boxes wait 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

/** Debounced search: a new term cancels the request of the previous one (switchMap unsubscribes, which aborts). */
export function searchStream<R>(term$: Observable<string>, search: (term: string) => Observable<R>, debounceMs: number = SEARCH_DEBOUNCE_MS): Observable<R> {
  return term$.pipe(
    map((t) => t.trim()),
    debounceTime(debounceMs),
    distinctUntilChanged(),
    switchMap((term) => search(term)),
  );
}
