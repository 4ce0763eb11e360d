/** The users screen's tab, search, state filter and page, kept in the URL so a reload shows the same list. */
export interface UsersSearch {
  tab?: 'invitations';
  name?: string;
  /** User state (platform-shell 3): 1 active, 2 deactivated; absent: both. */
  state?: 1 | 2;
  /** The first row's offset (pages of USERS_PAGE). */
  from?: number;
}

export const USERS_PAGE = 15;

/** The route's validateSearch: anything odd in a hand-edited URL is dropped rather than sent to the server. */
export function validateUsersSearch(raw: Record<string, unknown>): UsersSearch {
  const from = Number(raw.from);
  const state = Number(raw.state);
  const name = typeof raw.name === 'string' ? raw.name.trim().slice(0, 100) : '';
  const search: UsersSearch = {
    tab: raw.tab === 'invitations' ? 'invitations' : undefined,
    name: name || undefined,
    state: state === 1 || state === 2 ? state : undefined,
    from: Number.isInteger(from) && from > 0 ? from - (from % USERS_PAGE) : undefined,
  };
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as UsersSearch;
}
