import { redirect } from '@tanstack/react-router';
import { may } from '@parley/sdk/contract/access';
import type { Permission } from '@parley/sdk/contract/permissions';
import { useSession } from '../stores/session-store.js';
import { toast } from '../stores/toast-store.js';

/** Signed in with a profile, or sent to login with the way back (ARCHITECTURE 4). */
export async function requireSession(href: string) {
  const session = useSession.getState();
  if (!session.token) throw redirect({ to: '/login', search: { redirect: href } });
  if (!session.profile) {
    try {
      await session.loadProfile();
    } catch {
      session.clear();
      throw redirect({ to: '/login', search: { redirect: href } });
    }
  }
}

/** A console screen for holders of one of `wanted` only (as the side menu shows it); others get Access Denied. */
export const requirePermission = (wanted: readonly Permission[]) => () => {
  if (may(useSession.getState().profile?.permissions, wanted)) return;
  toast('Access Denied', 'error');
  throw redirect({ to: '/dashboard' });
};
