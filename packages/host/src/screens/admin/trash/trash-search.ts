import { TRASH_PAGE, TRASH_TYPES, type TrashType } from '@parley/sdk/contract/trash-texts';

/** The trash screen's type filter, name search and page, kept in the URL so a reload shows the same list. */
export interface TrashSearch {
  type?: TrashType;
  name?: string;
  /** The first row's offset (pages of TRASH_PAGE). */
  from?: number;
}

/** The route's validateSearch: anything odd in a hand-edited URL is dropped rather than sent to the server. */
export function validateTrashSearch(raw: Record<string, unknown>): TrashSearch {
  const from = Number(raw.from);
  const name = typeof raw.name === 'string' ? raw.name.trim().slice(0, 100) : '';
  const search: TrashSearch = {
    type: TRASH_TYPES.find((t) => t === raw.type),
    name: name || undefined,
    from: Number.isInteger(from) && from > 0 ? from - (from % TRASH_PAGE) : undefined,
  };
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as TrashSearch;
}
