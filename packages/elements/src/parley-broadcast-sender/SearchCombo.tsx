import { ComboBox, Item, TextField, useAsyncList } from '@adobe/react-spectrum';
import type { Key } from 'react';
import { firstValueFrom, type Observable } from 'rxjs';

/** Quiet time before a typed search is sent (broadcast spec 9: channel search 300 ms). */
export const COMBO_DEBOUNCE_MS = 300;

export interface Option {
  id: string;
  name: string;
}

const quiet = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

export interface SearchComboProps<T extends Option> {
  label: string;
  /** One page of options: `from`, and the typed text (blank for all). */
  loadPage(from: number, name: string | undefined): Observable<{ items: T[]; more: boolean }>;
  pageSize: number;
  selected: T | null;
  onSelect(item: T | null): void;
  error?: string;
}

/**
 * A searchable choice that loads a page at a time as the list is scrolled (the spec's "20 per page, search 300 ms").
 * A new search waits for quiet; the list aborts the older request itself.
 */
export function SearchCombo<T extends Option>({ label, loadPage, pageSize, selected, onSelect, error }: SearchComboProps<T>) {
  const list = useAsyncList<T, string>({
    async load({ signal, cursor, filterText }) {
      // The chosen option's own name is in the box after a choice: that is not a search.
      const text = filterText && filterText !== selected?.name ? filterText.trim() : '';
      if (!cursor && text) await quiet(COMBO_DEBOUNCE_MS, signal);
      const from = cursor ? Number(cursor) : 0;
      const page = await firstValueFrom(loadPage(from, text || undefined));
      return { items: page.items, cursor: page.more ? String(from + pageSize) : undefined };
    },
  });
  // The chosen option stays choosable (and named) whatever page or search the list is on.
  const items = selected && !list.items.some((i) => i.id === selected.id) ? [selected, ...list.items] : list.items;
  return (
    <ComboBox
      label={label}
      isRequired
      necessityIndicator="icon"
      width="100%"
      items={items}
      selectedKey={selected?.id ?? null}
      onSelectionChange={(key: Key | null) => onSelect(key === null ? null : (items.find((i) => i.id === key) ?? null))}
      inputValue={list.filterText}
      onInputChange={list.setFilterText}
      loadingState={list.loadingState}
      onLoadMore={list.loadMore}
      menuTrigger="focus"
      validationState={error ? 'invalid' : undefined}
      errorMessage={error}
    >
      {(item) => <Item key={item.id}>{item.name}</Item>}
    </ComboBox>
  );
}

/** A choice that is fixed (a view, or a test mode's preset): shown, not editable. */
export function FixedChoice({ label, value }: { label: string; value: string }) {
  return <TextField label={label} value={value} isDisabled width="100%" />;
}
