import { isRedirect } from '@tanstack/react-router';
import { of, throwError } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@parley/sdk/contract/profile';
import { ParleyError } from '@parley/sdk/parley-error';
import { api, useSession } from '../stores/session-store.js';
import { requirePermission, requireSession } from './guards.js';

// Spectrum's toast stack imports CSS, which Node cannot load; the toast is only heard here.
const { showToast } = vi.hoisted(() => ({ showToast: vi.fn() }));
vi.mock('@parley/elements/internal/toasts', () => ({ showToast }));

const profile = (permissions: string[]) => ({ permissions }) as unknown as Profile;

/** Where a guard sent the user: the redirect's target and search, or undefined when it let them through. */
async function redirectOf(guard: () => unknown) {
  try {
    await guard();
  } catch (thrown) {
    if (isRedirect(thrown)) return { to: thrown.options.to, search: thrown.options.search };
    throw thrown;
  }
  return undefined;
}

afterEach(() => {
  vi.restoreAllMocks();
  showToast.mockClear();
  useSession.setState({ token: null, profile: null });
});

describe('requireSession', () => {
  it('sends a visitor without a token to login, with the page they asked for as the way back', async () => {
    expect(await redirectOf(() => requireSession('/admin/users?tab=invitations'))).toEqual({
      to: '/login',
      search: { redirect: '/admin/users?tab=invitations' },
    });
  });

  it('loads the profile of a remembered token and lets the user in', async () => {
    useSession.setState({ token: 'tok', profile: null });
    vi.spyOn(api.profile, 'get').mockReturnValue(of(profile(['CHAT.HANDLE'])) as never);
    expect(await redirectOf(() => requireSession('/dashboard'))).toBeUndefined();
    expect(useSession.getState().profile?.permissions).toEqual(['CHAT.HANDLE']);
  });

  it('forgets a token the server no longer accepts and sends the user to login', async () => {
    useSession.setState({ token: 'expired', profile: null });
    vi.spyOn(api.profile, 'get').mockReturnValue(throwError(() => new ParleyError(401, 'Session expired', [])) as never);
    expect(await redirectOf(() => requireSession('/reports'))).toEqual({ to: '/login', search: { redirect: '/reports' } });
    expect(useSession.getState().token).toBeNull();
  });

  it('asks the server nothing when the profile is already loaded', async () => {
    useSession.setState({ token: 'tok', profile: profile([]) });
    const get = vi.spyOn(api.profile, 'get');
    expect(await redirectOf(() => requireSession('/dashboard'))).toBeUndefined();
    expect(get).not.toHaveBeenCalled();
  });
});

describe('requirePermission', () => {
  const guard = requirePermission(['CHANNELS.VIEW', 'CHANNELS.EDIT']);

  it('lets in a holder of any one of the wanted permissions, without a toast', async () => {
    useSession.setState({ token: 'tok', profile: profile(['CHANNELS.EDIT']) });
    expect(await redirectOf(guard)).toBeUndefined();
    expect(showToast).not.toHaveBeenCalled();
  });

  it('sends everyone else to the dashboard with an Access Denied toast', async () => {
    useSession.setState({ token: 'tok', profile: profile(['CHAT.HANDLE']) });
    expect(await redirectOf(guard)).toMatchObject({ to: '/dashboard' });
    await vi.waitFor(() => expect(showToast).toHaveBeenCalledWith('Access Denied', 'error'));
  });

  it('refuses while no profile has answered rather than guessing', async () => {
    expect(await redirectOf(guard)).toMatchObject({ to: '/dashboard' });
  });
});
