import { Button, ButtonGroup, Content, Dialog, Divider, Heading, NumberField, Text } from '@adobe/react-spectrum';
import { useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { BillingTexts, RECHARGE_LIMITS } from '@parley/sdk/contract/billing-texts';
import { formatMoney } from '@parley/sdk/number-format';
import { ParleyError } from '@parley/sdk/parley-error';
import { toast } from '../stores/toast-store.js';
import { billingCalls } from './billing-calls.js';
import { useBilling } from './billing-store.js';
import { openPaymentWindow } from './payment-window.js';
import { formatCount } from '../format/locale.js';

const inRange = (amount: number) => Number.isFinite(amount) && amount >= RECHARGE_LIMITS.min && amount <= RECHARGE_LIMITS.max;

/**
 * Recharge (platform-shell 2.9): an amount, then the provider's payment page in a window of its own. When that window
 * closes (the payer closes it, or transaction.html closes itself after 30 seconds) the wallet is read again;
 * `onClosed` lets a screen refresh its own lists too.
 */
export function RechargeDialog({ dismiss, onClosed }: { dismiss(): void; onClosed?: () => void }) {
  const account = useBilling((s) => s.account);
  const load = useBilling((s) => s.load);
  const [amount, setAmount] = useState<number>(Number.NaN);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const currency = account?.currencyCode ?? 'INR';

  const pay = async () => {
    if (!inRange(amount)) {
      setError(BillingTexts.amountRange);
      return;
    }
    const payment = openPaymentWindow();
    if (!payment) {
      setError('Your browser blocked the payment window. Allow pop-ups for this site and try again.');
      return;
    }
    setBusy(true);
    try {
      const link = await firstValueFrom(billingCalls.recharge({ amount }));
      payment.go(link.url);
      payment.watch(() => {
        void load();
        onClosed?.();
      });
      toast(BillingTexts.rechargeCreated, 'success');
      dismiss();
    } catch (failure) {
      payment.abandon();
      setError(failure instanceof ParleyError ? (failure.fieldMessage('amount') ?? failure.message) : BillingTexts.providerUnavailable);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog size="S">
      <Heading>Recharge wallet</Heading>
      <Divider />
      <Content>
        <Text>
          Wallet balance: <strong>{formatMoney(account?.walletBalance, currency, 'wallet', false)}</strong>. The payment page opens in a new window; your wallet
          is credited when the payment is verified.
        </Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void pay();
          }}
        >
          <NumberField
            label={`Amount (${currency})`}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setError(null);
            }}
            minValue={0}
            step={1}
            formatOptions={{ maximumFractionDigits: 2 }}
            isRequired
            necessityIndicator="label"
            description={`Between ${RECHARGE_LIMITS.min} and ${formatCount(RECHARGE_LIMITS.max)}.`}
            validationState={error ? 'invalid' : undefined}
            errorMessage={error ?? undefined}
            width="100%"
            marginTop="size-200"
            autoFocus
          />
        </form>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={dismiss}>
          Cancel
        </Button>
        <Button variant="accent" onPress={() => void pay()} isPending={busy}>
          Pay
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
