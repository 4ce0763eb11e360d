import { firstValueFrom, Observable, of, Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { pager, type PageRequest } from './pager.js';
import { searchStream } from './search-stream.js';

describe('pager', () => {
  it('loads pages on demand and stops when more is false', async () => {
    const requests: PageRequest[] = [];
    const rows = Array.from({ length: 5 }, (_, i) => i);
    const p = pager<number>((req) => {
      requests.push(req);
      const data = rows.slice(req.from, req.from + req.perPage);
      return of({ data, more: req.from + data.length < rows.length });
    }, 2);
    const seen: number[][] = [];
    p.items$.subscribe((items) => seen.push(items));
    p.loadMore();
    p.loadMore();
    p.loadMore();
    expect(seen.at(-1)).toEqual([0, 1, 2, 3, 4]);
    expect(requests).toEqual([
      { from: 0, perPage: 2 },
      { from: 2, perPage: 2 },
      { from: 4, perPage: 2 },
    ]);
    expect(await firstValueFrom(p.more$)).toBe(false);
    p.reset();
    expect(seen.at(-1)).toEqual([0, 1]);
  });
});

describe('searchStream', () => {
  it('waits for typing to pause, skips repeats and cancels the stale search', () => {
    vi.useFakeTimers();
    const terms = new Subject<string>();
    const cancelled: string[] = [];
    const results: string[] = [];
    // Each search answers after 800 ms; an unsubscribe before then is a cancelled request.
    const search = (term: string) =>
      new Observable<string>((sub) => {
        let done = false;
        const timer = setTimeout(() => {
          done = true;
          sub.next(`result:${term}`);
          sub.complete();
        }, 800);
        return () => {
          clearTimeout(timer);
          if (!done) cancelled.push(term);
        };
      });
    searchStream(terms, search, 500).subscribe((r) => results.push(r));
    terms.next('a');
    terms.next('ab');
    vi.advanceTimersByTime(499);
    expect(results).toEqual([]);
    vi.advanceTimersByTime(101);
    terms.next('abc');
    vi.advanceTimersByTime(500);
    terms.next(' abc ');
    vi.advanceTimersByTime(900);
    expect(results).toEqual(['result:abc']);
    expect(cancelled).toEqual(['ab']);
    vi.useRealTimers();
  });
});
