import { BehaviorSubject, firstValueFrom } from 'rxjs';
import { create } from 'zustand';
import { createClient } from '@parley/sdk';
import type { Profile } from '@parley/sdk/contract/profile';

const TOKEN_KEY = 'parley.token';
const storage = typeof localStorage === 'undefined' ? null : localStorage;

/** The token as a stream, so the client always sends the current one. */
const token$ = new BehaviorSubject<string | null>(storage?.getItem(TOKEN_KEY) ?? null);

/** The console's one API client. */
export const api = createClient({ baseUrl: '/api', token: token$ });

interface SessionState {
  token: string | null;
  profile: Profile | null;
  setToken(token: string): void;
  loadProfile(): Promise<Profile>;
  clear(): void;
}

export const useSession = create<SessionState>((set) => ({
  token: token$.value,
  profile: null,
  setToken(token) {
    storage?.setItem(TOKEN_KEY, token);
    token$.next(token);
    set({ token });
  },
  async loadProfile() {
    const profile = await firstValueFrom(api.profile.get({}));
    set({ profile });
    return profile;
  },
  clear() {
    storage?.removeItem(TOKEN_KEY);
    token$.next(null);
    set({ token: null, profile: null });
  },
}));

export const hasAnyPermission = (profile: Profile | null, wanted: readonly string[]) =>
  wanted.length === 0 || (profile?.permissions.some((p) => wanted.includes(p)) ?? false);
