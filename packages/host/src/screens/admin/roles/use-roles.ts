import { useCallback, useEffect, useState } from 'react';
import { ROLE_NAMES, type RoleId } from '@parley/sdk/contract/permissions';
import type { Role } from '@parley/sdk/contract/roles';
import { showRefusal } from '../../../components/show-refusal.js';
import { roleCalls } from './role-calls.js';

/**
 * The enterprise's roles, built-in and custom, for the roles screen and for every place that offers or names a role
 * (the Users screen's checkboxes, lists and invitations). `reload` asks again after a change.
 */
export function useRoles() {
  const [roles, setRoles] = useState<Role[]>([]);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  useEffect(() => {
    setLoading(true);
    const request = roleCalls.list({}).subscribe({
      next: setRoles,
      error: (error: unknown) => {
        showRefusal(error);
        setLoading(false);
      },
      complete: () => setLoading(false),
    });
    return () => request.unsubscribe();
  }, [round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { roles, loading, reload };
}

/** Role ids as names: the loaded roles first, the built-in names while they load, else the bare id. */
export function roleNamesIn(roles: readonly Role[]) {
  const names = new Map(roles.map((r) => [r.id, r.name]));
  return (ids: readonly number[]) => ids.map((id) => names.get(id) ?? ROLE_NAMES[id as RoleId] ?? `Role ${id}`).join(', ');
}
