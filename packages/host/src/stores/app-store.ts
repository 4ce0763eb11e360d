import { create } from 'zustand';
import type { AppConfig } from '@parley/sdk/contract/platform';
import type { WhiteLabel } from '@parley/theme/whitelabel';

interface AppState {
  config: AppConfig | null;
  whiteLabel: WhiteLabel | null;
  set(values: Partial<Pick<AppState, 'config' | 'whiteLabel'>>): void;
}

/** The app configuration and white-label loaded at start-up (platform-shell 4.1). */
export const useApp = create<AppState>((set) => ({
  config: null,
  whiteLabel: null,
  set: (values) => set(values),
}));

export const feature = (name: string) => useApp.getState().config?.features[name] ?? false;
export const productTitle = () => useApp.getState().whiteLabel?.info.title ?? 'Parley';
