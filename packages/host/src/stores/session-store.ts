import { BehaviorSubject, firstValueFrom } from 'rxjs';
import { create } from 'zustand';
import {
  accountRoutes,
  artifactsRoutes,
  broadcastsRoutes,
  channelsRoutes,
  chatsRoutes,
  enterpriseRoutes,
  platformRoutes,
  profileRoutes,
  templatesRoutes,
  twoFactorRoutes,
} from '@parley/sdk/contract/routes';
import { ParleyTransport, bindApi } from '@parley/sdk/transport';
import type { Profile } from '@parley/sdk/contract/profile';

const TOKEN_KEY = 'parley.token';
const storage = typeof localStorage === 'undefined' ? null : localStorage;

/** The token as a stream, so the client always sends the current one. */
const token$ = new BehaviorSubject<string | null>(storage?.getItem(TOKEN_KEY) ?? null);

/**
 * The console's one API client: the groups the console calls, bound from the contract's zod-free routes so the
 * first paint loads neither zod nor the other groups. Every call of the console goes through it, so its `session$`
 * sees every lost session. (The elements, e.g. the agent designer, bring their own client.)
 */
class ConsoleClient extends ParleyTransport {
  readonly account = bindApi(this, accountRoutes);
  readonly profile = bindApi(this, profileRoutes);
  readonly twoFactor = bindApi(this, twoFactorRoutes);
  readonly enterprise = bindApi(this, enterpriseRoutes);
  readonly platform = bindApi(this, platformRoutes);
  readonly channels = bindApi(this, channelsRoutes);
  readonly templates = bindApi(this, templatesRoutes);
  readonly artifacts = bindApi(this, artifactsRoutes);
  readonly broadcasts = bindApi(this, broadcastsRoutes);
  readonly chats = bindApi(this, chatsRoutes);
}

export const api = new ConsoleClient({ baseUrl: '/api', token: token$ });

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
