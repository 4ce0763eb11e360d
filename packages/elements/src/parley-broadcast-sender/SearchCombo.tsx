import { TextField } from '@adobe/react-spectrum/TextField';
import type { Observable } from 'rxjs';
import { useDeferredModule } from '../internal/deferred-module.js';

/** Quiet time before a typed search is sent (broadcast spec 9: channel search 300 ms). */
export const COMBO_DEBOUNCE_MS = 300;

export interface Option {
  id: string;
  name: string;
}

export interface SearchComboProps<T extends Option> {
  label: string;
  /** One page of options: `from`, and the typed text (blank for all). */
  loadPage(from: number, name: string | undefined): Observable<{ items: T[]; more: boolean }>;
  pageSize: number;
  selected: T | null;
  onSelect(item: T | null): void;
  error?: string;
  /** A line under an option's name (why it is of no use, say). */
  describe?(item: T): string | undefined;
  /** Why there is nothing to choose when the whole list is empty, said in place of the list's bare 'No results'. */
  emptyMessage?: string;
  /** Why nothing can be chosen at all: the box is disabled and says so. */
  unavailable?: string;
}

/**
 * Spectrum's combo box (its list box, popover, tray and virtualizer) is the heaviest part of the form: it is fetched
 * right after the first render, and until it arrives the field shows as a box of the same size under its label,
 * with nothing to type into yet.
 */
const loadComboBox = () => import('./SearchComboBox.js');

/**
 * A searchable choice that loads a page at a time as the list is scrolled (the spec's "20 per page, search 300 ms").
 * A new search waits for quiet; the list aborts the older request itself.
 */
export function SearchCombo<T extends Option>(props: SearchComboProps<T>) {
  const combo = useDeferredModule(loadComboBox);
  if (!combo) return <ComboPending label={props.label} />;
  return <combo.SearchComboBox {...props} />;
}

/** The combo box's place while its code arrives: its label and an empty box, sized as Spectrum sizes them. */
export function ComboPending({ label }: { label: string }) {
  return (
    <div className="pbs-combo-pending" aria-busy="true">
      <span className="pbs-combo-pending-label">{label}</span>
      <span className="pbs-combo-pending-box" />
    </div>
  );
}

/** A choice that is fixed (a view, or a test mode's preset): shown, not editable. */
export function FixedChoice({ label, value }: { label: string; value: string }) {
  return <TextField label={label} value={value} isDisabled width="100%" />;
}
