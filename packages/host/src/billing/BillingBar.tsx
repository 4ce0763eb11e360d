import { ActionButton, DialogTrigger } from '@adobe/react-spectrum';
import { useEffect } from 'react';
import { ACCESS, may } from '@parley/sdk/contract/access';
import { formatMoney, MISSING } from '@parley/sdk/number-format';
import { useSession } from '../stores/session-store.js';
import { useBilling } from './billing-store.js';
import { RechargeDialog } from './RechargeDialog.js';
import { UsageDropdowns } from './UsageDropdowns.js';
import './billing-bar.css';

/**
 * The top bar's account figures (platform-shell 2.9): status badge, account type, wallet, the consumption and cost
 * dropdowns and Recharge. Users who may not read billing (ENTERPRISE.VIEW or MANAGE_BILLING) see NA, as for a
 * missing status; Recharge is for MANAGE_BILLING holders with a prepaid wallet.
 */
export function BillingBar() {
  const held = useSession((s) => s.profile?.permissions);
  const mayView = may(held, ACCESS.billing.view);
  const mayRecharge = may(held, ACCESS.billing.manage);
  const token = useSession((s) => s.token);
  const { account, consumption, load, clear } = useBilling();
  // Read again for each session: the figures of whoever signed in before must never show.
  useEffect(() => {
    if (mayView) void load();
    else clear();
  }, [mayView, token, load, clear]);

  const active = account?.accountStatus === 'ACTIVE';
  return (
    <div className="top-bar-status" role="group" aria-label="Billing account">
      <span className={`badge ${account ? (active ? 'badge-active' : 'badge-inactive') : ''}`}>
        Status: {account ? (active ? 'Active' : 'Inactive') : MISSING}
      </span>
      <span className="badge">Type: {account?.accountType ?? MISSING}</span>
      <span className="badge badge-wallet">Wallet: {account ? formatMoney(account.walletBalance, account.currencyCode, 'wallet') : MISSING}</span>
      {consumption && <UsageDropdowns consumption={consumption} />}
      {mayRecharge && account?.accountType === 'Prepaid' && (
        <DialogTrigger>
          <ActionButton UNSAFE_className="top-bar-recharge">Recharge</ActionButton>
          {(close) => <RechargeDialog dismiss={close} />}
        </DialogTrigger>
      )}
    </div>
  );
}
