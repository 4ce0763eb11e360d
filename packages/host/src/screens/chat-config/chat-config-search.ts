/** Chat Config's chosen department, kept in the URL so a reload shows the same one. */
export interface ChatConfigSearch {
  deptId?: string;
}

export function validateChatConfigSearch(raw: Record<string, unknown>): ChatConfigSearch {
  return typeof raw.deptId === 'string' && /^[0-9a-f-]{36}$/i.test(raw.deptId) ? { deptId: raw.deptId } : {};
}
