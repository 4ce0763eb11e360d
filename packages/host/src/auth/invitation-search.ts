/** The mailed link's query (`/invitation-accept?id=…&code=…`): the invitation's id and its secret code. */
export interface InvitationSearch {
  id?: string;
  code?: string;
}

const text = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 200 ? v : undefined);

export function validateInvitationSearch(raw: Record<string, unknown>): InvitationSearch {
  const search: InvitationSearch = { id: text(raw.id), code: text(raw.code) };
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as InvitationSearch;
}
