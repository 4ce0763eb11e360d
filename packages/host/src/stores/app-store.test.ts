import { afterEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '@parley/sdk/contract/platform';
import type { WhiteLabel } from '@parley/theme/whitelabel';
import { feature, productTitle, useApp } from './app-store.js';

afterEach(() => useApp.setState({ config: null, whiteLabel: null }));

describe('app store', () => {
  it('names the product Parley and turns every feature off until the configuration has loaded', () => {
    expect(productTitle()).toBe('Parley');
    expect(feature('COMMUNITY')).toBe(false);
  });

  it("follows the loaded white-label's title and the configuration's feature flags", () => {
    useApp.getState().set({
      config: { features: { COMMUNITY: true } } as unknown as AppConfig,
      whiteLabel: { info: { title: 'Acme Care' } } as unknown as WhiteLabel,
    });
    expect(productTitle()).toBe('Acme Care');
    expect(feature('COMMUNITY')).toBe(true);
    expect(feature('MARKET_PLACE.VIEW')).toBe(false);
  });
});
