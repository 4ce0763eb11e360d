/** The selected role of `/admin/permission`, kept in the URL so a reload (or a link) shows the same role. */
export interface RolesSearch {
  role?: number;
}

export function validateRolesSearch(raw: Record<string, unknown>): RolesSearch {
  const role = Number(raw.role);
  return Number.isInteger(role) && role > 0 ? { role } : {};
}
