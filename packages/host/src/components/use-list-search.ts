import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/**
 * A list screen's search from the URL, parsed with its schema (bad values become defaults), and `go`, which puts a
 * new one in the URL: a new history entry, so Back returns to the page, filter or sort before.
 */
export function useListSearch<S extends object>(to: string, parse: (raw: unknown) => S) {
  const raw = useSearch({ strict: false });
  const search = useMemo(() => parse(raw), [parse, raw]);
  const navigate = useNavigate();
  // `to` is the list's own path; its route types the search with this schema's output (routes/list-search.ts).
  const go = useCallback((next: S) => void navigate({ to: to as never, search: next as never }), [navigate, to]);
  return [search, go] as const;
}

/**
 * The search box's text. Typing reaches the URL's name `wait` ms after the last key; a name the URL gets another way
 * (Back, Forward, a link) fills the box.
 */
export function useSearchText(name: string | undefined, apply: (name: string | undefined) => void, wait: number) {
  const [text, setText] = useState(name ?? '');
  const applied = useRef(name);
  const latest = useRef(apply);
  latest.current = apply;
  useEffect(() => {
    if (name === applied.current) return;
    applied.current = name;
    setText(name ?? '');
  }, [name]);
  useEffect(() => {
    const wanted = text.trim() || undefined;
    if (wanted === applied.current) return;
    const timer = setTimeout(() => {
      applied.current = wanted;
      latest.current(wanted);
    }, wait);
    return () => clearTimeout(timer);
  }, [text, wait]);
  return [text, setText] as const;
}
