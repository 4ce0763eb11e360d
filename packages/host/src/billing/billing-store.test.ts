import { of, throwError } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BillingCallRequest } from '@parley/sdk/contract/billing';
import { billingCalls } from './billing-calls.js';
import { useBilling } from './billing-store.js';

const account = { requestType: 'get_enterprise_account_status', balance: 120 };
const consumption = { requestType: 'get_enterprise_consumption', services: [] };

/** The server answering each billing operation with `replies[requestType]` (or refusing it). */
function serve(replies: Record<string, unknown>) {
  vi.spyOn(billingCalls, 'callApi').mockImplementation(((request: BillingCallRequest) => {
    const reply = replies[request.requestType];
    return reply ? of(reply) : throwError(() => new Error('refused'));
  }) as never);
}

afterEach(() => {
  vi.restoreAllMocks();
  useBilling.getState().clear();
});

describe('top bar billing figures', () => {
  it('holds the account and this month’s consumption once both have answered', async () => {
    serve({ get_enterprise_account_status: account, get_enterprise_consumption: consumption });
    await useBilling.getState().load();
    expect(useBilling.getState()).toMatchObject({ account, consumption, failed: false });
  });

  it('shows NA rather than stale figures when either call fails', async () => {
    serve({ get_enterprise_account_status: account, get_enterprise_consumption: consumption });
    await useBilling.getState().load();
    serve({ get_enterprise_account_status: account });
    await useBilling.getState().load();
    expect(useBilling.getState()).toMatchObject({ account: null, consumption: null, failed: true });
  });

  it('treats a reply for another operation as a failure, not as figures', async () => {
    serve({ get_enterprise_account_status: consumption, get_enterprise_consumption: consumption });
    await useBilling.getState().load();
    expect(useBilling.getState()).toMatchObject({ account: null, failed: true });
  });

  it('forgets the figures and the failure on clear (another user signs in)', async () => {
    serve({});
    await useBilling.getState().load();
    useBilling.getState().clear();
    expect(useBilling.getState()).toMatchObject({ account: null, consumption: null, failed: false });
  });
});
