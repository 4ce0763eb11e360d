import { of } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginReply } from '@parley/sdk/contract/account';
import type { Profile } from '@parley/sdk/contract/profile';
import { api, useSession } from '../stores/session-store.js';
import { completeSignIn } from './complete-sign-in.js';

const reply = (routePath?: string) => ({ token: 'tok', routePath }) as LoginReply;

afterEach(() => {
  vi.restoreAllMocks();
  useSession.setState({ token: null, profile: null });
});

describe('completeSignIn', () => {
  it('signs the user in with the profile loaded before the first screen', async () => {
    vi.spyOn(api.profile, 'get').mockReturnValue(of({ permissions: ['CHAT.HANDLE'] } as unknown as Profile) as never);
    await completeSignIn(reply());
    expect(useSession.getState().token).toBe('tok');
    expect(useSession.getState().profile?.permissions).toEqual(['CHAT.HANDLE']);
  });

  it.each([
    ['/admin/users?tab=invitations', undefined, '/admin/users?tab=invitations'],
    [undefined, '/chat/conversation', '/chat/conversation'],
    [undefined, undefined, '/dashboard'],
    ['', '', '/dashboard'],
    // A crafted ?redirect= must not take a signed-in user to another site.
    ['https://evil.example/phish', undefined, '/dashboard'],
    ['//evil.example/phish', undefined, '/dashboard'],
  ])('redirect %j, server route %j → %s', async (redirect, routePath, target) => {
    vi.spyOn(api.profile, 'get').mockReturnValue(of({ permissions: [] } as unknown as Profile) as never);
    expect(await completeSignIn(reply(routePath), redirect)).toBe(target);
  });

  it('refuses a reply without a token rather than loading a profile for nobody', async () => {
    const get = vi.spyOn(api.profile, 'get');
    await expect(completeSignIn({} as LoginReply)).rejects.toThrow('no token');
    expect(get).not.toHaveBeenCalled();
  });
});
