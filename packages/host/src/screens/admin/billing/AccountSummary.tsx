import type { AccountStatusReply } from '@parley/sdk/contract/billing';
import { formatMoney, MISSING } from '@parley/sdk/number-format';

/** The account's status, type and wallet, the wallet in full (3 digits, not shortened) as a statement would. */
export function AccountSummary({ account }: { account: AccountStatusReply | null }) {
  const active = account?.accountStatus === 'ACTIVE';
  return (
    <section className="billing-card billing-account" aria-labelledby="account-title">
      <h2 id="account-title">Account</h2>
      <dl>
        <dt>Status</dt>
        <dd>
          <span className={`badge ${account ? (active ? 'badge-active' : 'badge-inactive') : ''}`}>{account ? (active ? 'Active' : 'Inactive') : MISSING}</span>
        </dd>
        <dt>Type</dt>
        <dd>{account?.accountType ?? MISSING}</dd>
        <dt>{account?.accountType === 'Postpaid' ? 'Balance (accrued)' : 'Wallet balance'}</dt>
        <dd className="billing-wallet">{account ? formatMoney(account.walletBalance, account.currencyCode, 'wallet', false) : MISSING}</dd>
        <dt>Currency</dt>
        <dd>{account?.currencyCode ?? MISSING}</dd>
      </dl>
    </section>
  );
}
