import { firstValueFrom, of } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@parley/sdk/contract/profile';

// Node 20 has no localStorage; the store reads it once, at import, so the stand-in must come first.
const { stored } = vi.hoisted(() => {
  const stored = new Map<string, string>([['parley.token', 'remembered']]);
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => void stored.set(k, v),
    removeItem: (k: string) => void stored.delete(k),
  };
  return { stored };
});

const { api, hasAnyPermission, useSession } = await import('./session-store.js');

/** The token header of the next call the console makes. */
async function tokenSent(): Promise<string | null> {
  const fetch = vi.fn(async () => new Response('{}', { status: 500 }));
  vi.stubGlobal('fetch', fetch);
  await firstValueFrom(api.profile.get({})).catch(() => undefined);
  const init = (fetch.mock.calls[0] as unknown[] | undefined)?.[1] as RequestInit | undefined;
  return new Headers(init?.headers).get('authentication-token');
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('session store', () => {
  it('starts signed in with the token a reload remembered', async () => {
    expect(useSession.getState().token).toBe('remembered');
    expect(await tokenSent()).toBe('remembered');
  });

  it('sends a new sign-in’s token on the next call and keeps it for the next reload', async () => {
    useSession.getState().setToken('fresh');
    expect(stored.get('parley.token')).toBe('fresh');
    expect(await tokenSent()).toBe('fresh');
  });

  it('keeps the loaded profile for the screens to read', async () => {
    const profile = { permissions: ['CHAT.HANDLE'] } as unknown as Profile;
    vi.spyOn(api.profile, 'get').mockReturnValue(of(profile) as never);
    await expect(useSession.getState().loadProfile()).resolves.toBe(profile);
    expect(useSession.getState().profile).toBe(profile);
  });

  it('forgets token and profile on sign-out, so neither the next call nor a reload carries them', async () => {
    useSession.getState().setToken('fresh');
    useSession.setState({ profile: { permissions: [] } as unknown as Profile });
    useSession.getState().clear();
    expect(useSession.getState()).toMatchObject({ token: null, profile: null });
    expect(stored.has('parley.token')).toBe(false);
    expect(await tokenSent()).toBeNull();
  });

  it('admits a profile holding any one of the wanted permissions; an empty list admits anyone', () => {
    const agent = { permissions: ['CHAT.HANDLE'] } as unknown as Profile;
    expect(hasAnyPermission(agent, ['CHANNELS.VIEW', 'CHAT.HANDLE'])).toBe(true);
    expect(hasAnyPermission(agent, ['CHANNELS.VIEW'])).toBe(false);
    expect(hasAnyPermission(null, ['CHAT.HANDLE'])).toBe(false);
    expect(hasAnyPermission(null, [])).toBe(true);
  });
});
