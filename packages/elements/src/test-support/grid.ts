import { text } from './ui.js';

// Lists are Spectrum TableViews: ARIA grids of divs. Tests read them by role, as a screen reader (and axe) does.

/** The accessible name of a node: the texts its aria-labelledby points at, else its aria-label, else its label. */
export function nameOf(node: Element | null | undefined): string {
  if (!node) return '';
  const ids = node.getAttribute('aria-labelledby');
  if (ids) {
    return ids
      .split(' ')
      .map((id) => (id === node.id ? (node.getAttribute('aria-label') ?? '') : text(document.getElementById(id))))
      .filter(Boolean)
      .join(' ');
  }
  return node.getAttribute('aria-label') ?? text(node.closest('label'));
}

/** The grid named `label` inside `root`. */
export const gridIn = (root: ParentNode | null | undefined, label: string) => root?.querySelector<HTMLElement>(`[role="grid"][aria-label="${label}"]`) ?? null;

/** The column headers' texts (a selection column's header reads as its check box's name). */
export const columnHeaders = (grid: Element | null) =>
  [...(grid?.querySelectorAll('[role="columnheader"]') ?? [])].map((h) => text(h) || nameOf(h.querySelector('input')));

/** The rows holding data: not the header row, nor the empty state's (which holds no grid cell). */
export const dataRows = (grid: Element | null) =>
  [...(grid?.querySelectorAll<HTMLElement>('[role="row"]') ?? [])].filter((r) => r.querySelector('[role="gridcell"]'));

/** A row's cells as a user reads them, row header included, in column order. */
export const cellsOf = (row: Element) => [...row.querySelectorAll('[role="gridcell"], [role="rowheader"]')].map((c) => text(c));

/** The data row a user would name so (its row header's text). */
export const rowNamed = (grid: Element | null, name: string) => dataRows(grid).find((r) => nameOf(r) === name);

/** The empty state's words, when the grid shows one. */
export const emptyText = (grid: Element | null) => {
  const row = [...(grid?.querySelectorAll('[role="row"]') ?? [])].find((r) => !r.querySelector('[role="gridcell"], [role="columnheader"]'));
  return row ? text(row) : null;
};

/** How many data rows the grid says it has (it renders only those in view when it scrolls). */
export const rowCount = (grid: Element | null) =>
  Number(grid?.getAttribute('aria-rowcount') ?? 0) - (grid?.querySelectorAll('[role="row"]:has([role="columnheader"])').length ?? 0);
