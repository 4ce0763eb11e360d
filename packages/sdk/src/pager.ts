import { BehaviorSubject, Observable, Subject, exhaustMap, map, scan, startWith, switchMap, takeWhile, tap } from 'rxjs';

export interface PageRequest {
  from: number;
  perPage: number;
}
export type PageFetcher<T> = (request: PageRequest) => Observable<{ data: T[]; more: boolean }>;

export interface Pager<T> {
  /** Every item loaded so far, in order. */
  items$: Observable<T[]>;
  /** False once the server said there is no more. */
  more$: Observable<boolean>;
  loading$: Observable<boolean>;
  loadMore(): void;
  /** Starts again from the first page (after a search or a change). */
  reset(): void;
}

/** `from`/`perPage`/`more` paging (spec: 'Show More'): each loadMore fetches the next page until `more` is false. */
export function pager<T>(fetchPage: PageFetcher<T>, perPage: number): Pager<T> {
  const more = new BehaviorSubject(true);
  const loading = new BehaviorSubject(false);
  const requests = new Subject<void>();
  const resets = new Subject<void>();
  const items$ = resets.pipe(
    startWith(undefined),
    switchMap(() => {
      more.next(true);
      let from = 0;
      return requests.pipe(
        startWith(undefined),
        takeWhile(() => more.value),
        exhaustMap(() => {
          loading.next(true);
          return fetchPage({ from, perPage }).pipe(
            tap({ next: (page) => more.next(page.more), finalize: () => loading.next(false) }),
            map((page) => {
              from += page.data.length;
              return page.data;
            }),
          );
        }),
        scan((all, page) => [...all, ...page], [] as T[]),
        startWith([] as T[]),
      );
    }),
  );
  return {
    items$,
    more$: more.asObservable(),
    loading$: loading.asObservable(),
    loadMore: () => requests.next(),
    reset: () => resets.next(),
  };
}
