import { describe, expect, it, vi } from 'vitest';

describe('account contract loading', () => {
  it('tries again on the next submit after a failed load, rather than failing every sign-in until a reload', async () => {
    vi.resetModules();
    vi.doMock('@parley/sdk/contract/account', () => {
      throw new Error('network lost');
    });
    const { accountContract } = await import('./account-contract.js');
    await expect(accountContract()).rejects.toThrow();
    vi.doUnmock('@parley/sdk/contract/account');
    vi.resetModules();
    await expect(accountContract()).resolves.toHaveProperty('login');
  });
});
