import { ComboBox, Item } from '@adobe/react-spectrum/ComboBox';
import { Text } from '@adobe/react-spectrum/Text';
import { useAsyncList } from '@adobe/react-spectrum/useAsyncList';
import { useState, type Key } from 'react';
import { firstValueFrom } from 'rxjs';
import { COMBO_DEBOUNCE_MS, type Option, type SearchComboProps } from './SearchCombo.js';

const quiet = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/**
 * A searchable choice that loads a page at a time as the list is scrolled (the spec's "20 per page, search 300 ms").
 * A new search waits for quiet; the list aborts the older request itself.
 */
export function SearchComboBox<T extends Option>({
  label,
  loadPage,
  pageSize,
  selected,
  onSelect,
  error,
  describe,
  emptyMessage,
  unavailable,
}: SearchComboProps<T>) {
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
  // The box's text is ours to keep: with both the text and the choice controlled, Spectrum leaves filling in the
  // chosen name to the caller (useComboBoxState: "the user's responsibility"), so without this the box kept the typed
  // fragment, or stayed empty when an option was picked from the opened list.
  const [text, setText] = useState(selected?.name ?? '');
  const [shown, setShown] = useState(selected);
  if (selected?.id !== shown?.id || selected?.name !== shown?.name) {
    // A choice made or named by the form (the template's name arrives with its variables) is shown as it comes.
    setShown(selected);
    if (selected) setText(selected.name);
  }
  // The chosen option stays choosable (and named) whatever page or search the list is on.
  const items = selected && !list.items.some((i) => i.id === selected.id) ? [selected, ...list.items] : list.items;
  const choose = (key: Key | null) => {
    // Spectrum also calls this when the list closes without a choice (the box left, or the page scrolled under the
    // open list) with the choice there is: none, and the text typed so far stays to go on searching with.
    if (key === null) return;
    const item = items.find((i) => i.id === key);
    if (!item) return;
    // The same option again goes back to showing its name (a half-typed search is dropped), and is not chosen anew:
    // choosing a template resets its media and mapping.
    setText(item.name);
    if (list.filterText) list.setFilterText('');
    if (item.id !== selected?.id) onSelect(item);
  };
  const empty = Boolean(emptyMessage) && !list.filterText.trim() && list.loadingState === 'idle' && !items.length;
  const reason = unavailable ?? (empty ? emptyMessage : undefined);
  return (
    <ComboBox
      label={label}
      isRequired
      necessityIndicator="icon"
      width="100%"
      items={items}
      selectedKey={selected?.id ?? null}
      onSelectionChange={choose}
      inputValue={text}
      onInputChange={(value) => {
        setText(value);
        list.setFilterText(value);
      }}
      loadingState={list.loadingState}
      onLoadMore={list.loadMore}
      menuTrigger="focus"
      isDisabled={Boolean(reason)}
      description={reason}
      validationState={error ? 'invalid' : undefined}
      errorMessage={reason ?? error}
    >
      {(item) => {
        const note = describe?.(item);
        return (
          <Item key={item.id} textValue={item.name}>
            <Text>{item.name}</Text>
            {note ? <Text slot="description">{note}</Text> : null}
          </Item>
        );
      }}
    </ComboBox>
  );
}
