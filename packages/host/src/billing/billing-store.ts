import { create } from 'zustand';
import type { AccountStatusReply, ConsumptionReply } from '@parley/sdk/contract/billing';
import { callBilling } from './billing-calls.js';

interface BillingState {
  account: AccountStatusReply | null;
  /** This month's use so far, per service (the top bar's dropdowns). */
  consumption: ConsumptionReply | null;
  /** The account could not be read (a refusal, the network): the bar shows NA rather than stale figures. */
  failed: boolean;
  load(): Promise<void>;
  /** Forgets the figures (another user signed in, or one who may not read billing). */
  clear(): void;
}

/**
 * The top bar's billing figures (platform-shell 2.9). Loaded when the bar mounts and again when a payment window
 * closes, so the wallet shows a recharge without a reload of the console.
 */
export const useBilling = create<BillingState>((set) => ({
  account: null,
  consumption: null,
  failed: false,
  async load() {
    try {
      const [account, consumption] = await Promise.all([
        callBilling({ requestType: 'get_enterprise_account_status' }),
        callBilling({ requestType: 'get_enterprise_consumption' }),
      ]);
      set({ account, consumption, failed: false });
    } catch {
      set({ account: null, consumption: null, failed: true });
    }
  },
  clear: () => set({ account: null, consumption: null, failed: false }),
}));
