import type { LoginReply } from '@parley/sdk/contract/account';
import { useSession } from '../stores/session-store.js';

/** Stores the token, loads the profile, and says where to go: the guarded page asked for, else the dashboard. */
export async function completeSignIn(reply: LoginReply, redirect?: string): Promise<string> {
  if (!reply.token) throw new Error('no token in the sign-in reply');
  useSession.getState().setToken(reply.token);
  await useSession.getState().loadProfile();
  const target = redirect || reply.routePath || '/dashboard';
  // Only paths of this console: a crafted ?redirect= must not send users elsewhere.
  return target.startsWith('/') && !target.startsWith('//') ? target : '/dashboard';
}
