import AxeBuilder from '@axe-core/playwright';
import { createHmac } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, ADMIN, signInWithForm } from './api.js';

/** The sandbox's app secret given to the journeys' server (playwright.config.ts PARLEY_SANDBOX_APP_SECRET). */
const SANDBOX_APP_SECRET = 'sandbox-app-secret';
/** The payment sandbox's key secret, derived from it as packages/server/src/domains/billing/payment-setup.ts does. */
const keySecret = createHmac('sha256', SANDBOX_APP_SECRET).update('razorpay-sandbox-key-secret').digest('hex');
/** Razorpay's payment-link callback signature: HMAC-SHA256 of `link|reference|status|payment` with the key secret. */
const sign = (linkId: string, referenceId: string, status: string, paymentId: string) =>
  createHmac('sha256', keySecret).update(`${linkId}|${referenceId}|${status}|${paymentId}`).digest('hex');
const SHOTS = process.env.UPDATE_SCREENSHOTS ? '../docs/screenshots' : null;

async function seriousProblems(page: Page, scope: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(scope).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

async function billingCall(request: APIRequestContext, token: string, data: Record<string, unknown>) {
  const body = await (await request.post('/api/e/enterprise/billing/call-api', { headers: { 'authentication-token': token }, data })).json();
  return body as { status: boolean; message: string; data: Record<string, unknown> };
}
const wallet = async (request: APIRequestContext, token: string) =>
  (await billingCall(request, token, { requestType: 'get_enterprise_account_status' })).data.walletBalance as number;
/** The top bar's wallet for a balance between a thousand and a million (platform-shell 9: K with two decimals). */
const walletBadge = (balance: number) => `Wallet: Rs. ${(balance / 1000).toFixed(2)}K`;

async function newRecharge(request: APIRequestContext, token: string, amount: number) {
  const body = await (await request.post('/api/e/enterprise/billing/recharges', { headers: { 'authentication-token': token }, data: { amount } })).json();
  expect(body.status).toBe(true);
  return body.data as { paymentLinkId: string; referenceId: string; url: string };
}

/**
 * Billing in the console: the top bar shows the wallet and the month's use; a recharge through the sandbox payment
 * provider comes back to transaction.html as "Payment Successful", credits the wallet once (a reload adds nothing),
 * and closing the payment window shows the new balance in the console.
 */
test('a recharge through the sandbox provider credits the wallet once and the top bar shows it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { token } = await apiLogin(request, ADMIN);
  const before = await wallet(request, token);
  await signInWithForm(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const bar = page.getByRole('group', { name: 'Billing account' });
  await expect(bar.getByText('Status: Active')).toBeVisible();
  await expect(bar.getByText('Type: Prepaid')).toBeVisible();
  await expect(bar.getByText(walletBadge(before))).toBeVisible();

  // The consumption dropdown opens from the keyboard, holds focus, scrolls inside and gives focus back on Escape.
  const consumption = bar.getByRole('button', { name: /Consumption/ });
  await consumption.focus();
  await page.keyboard.press('Enter');
  const dropdown = page.getByRole('dialog', { name: /Consumption/ });
  await expect(dropdown.getByRole('listitem').filter({ hasText: 'Bot (NLU) turn' })).toContainText(/\d+ \/ \d+/);
  await expect(page.locator('[role=dialog]:focus, [role=dialog] :focus')).toHaveCount(1);
  expect(await dropdown.locator('.usage-scroll').evaluate((el) => getComputedStyle(el).overflowY)).toBe('auto');
  expect(await dropdown.locator('.usage-scroll').evaluate((el) => el.getBoundingClientRect().height)).toBe(700);
  expect(await seriousProblems(page, '[role=dialog]')).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/billing-topbar.png`, clip: { x: 0, y: 0, width: 1440, height: 820 } });
  await page.keyboard.press('Escape');
  await expect(dropdown).toHaveCount(0);
  await expect(consumption).toBeFocused();
  await bar.getByRole('button', { name: /Cost/ }).click();
  await expect(page.getByRole('dialog', { name: /Cost/ }).getByRole('rowheader', { name: 'Total' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Recharge: an amount out of range is refused in the dialog, then the payment page opens in its own window.
  await bar.getByRole('button', { name: 'Recharge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Recharge wallet' });
  await dialog.getByRole('textbox', { name: /Amount/ }).fill('5');
  await dialog.getByRole('button', { name: 'Pay' }).click();
  await expect(dialog.getByText('Enter an amount between 100 and 1000000')).toBeVisible();
  expect(await seriousProblems(page, '[role=dialog]')).toEqual([]);
  await dialog.getByRole('textbox', { name: /Amount/ }).fill('500');
  const popupOpened = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Pay' }).click();
  const popup = await popupOpened;
  await expect(popup.getByText('Sandbox payment provider.')).toBeVisible();
  await popup.getByRole('button', { name: /^Pay/ }).click();

  // Back on transaction.html: paid, verified and credited.
  await expect(popup).toHaveURL(/\/transaction\.html\?.*razorpay_payment_link_status=paid/);
  await expect(popup.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expect(popup.getByRole('img', { name: 'A green circle with a tick' })).toBeVisible();
  await expect(popup.getByText('Payment verified. Your wallet has been credited.')).toBeVisible();
  await expect(popup.getByText(/This window closes in \d+ seconds/)).toBeVisible();
  expect(await wallet(request, token)).toBeCloseTo(before + 500, 6);
  expect(await seriousProblems(popup, 'main')).toEqual([]);

  // A reload reports the same redirect again: nothing is added twice.
  await popup.reload();
  await expect(popup.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expect(popup.getByText('This payment was already credited to your wallet. Nothing was added again.')).toBeVisible();
  expect(await wallet(request, token)).toBeCloseTo(before + 500, 6);

  // Left alone, the page counts down 30 seconds, closes itself and the console shows the new balance.
  await expect(popup.getByText('This window closes in 28 seconds.')).toBeVisible();
  await popup.waitForEvent('close', { timeout: 40_000 });
  await expect(bar.getByText(walletBadge(before + 500))).toBeVisible();
});

test('the billing screen: rate card, consumption chart, table and CSV, recharges and invoices', async ({ page }) => {
  test.setTimeout(90_000);
  await signInWithForm(page);
  await page.setViewportSize({ width: 1440, height: 1200 });
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/\/admin\/enterpriseBilling$/);
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Rate card' }).getByRole('row', { name: /WhatsApp marketing template/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /Cost per day by service/ })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Consumption by day and service' }).getByRole('row').filter({ hasText: 'Bot (NLU) turn' }).first()).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Recharges' }).getByRole('row').filter({ hasText: 'Rs. 500' }).first()).toBeVisible();
  expect(await seriousProblems(page, 'section.billing')).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/billing-screen.png`, fullPage: true });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^consumption-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8')).split('\r\n');
  expect(csv[0]).toBe('Date,Service,Service id,Billable units,Total units,Amount (INR)');
  expect(csv.some((line) => line.includes(',Bot (NLU) turn,NLU_TURN,'))).toBe(true);
});

test('the payment page shows each status the server verified, and refuses a forged one', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { token } = await apiLogin(request, ADMIN);
  await signInWithForm(page);
  const before = await wallet(request, token);

  // Expired and cancelled, chosen on the sandbox's payment page; pending, a link not paid yet, signed as Razorpay would.
  for (const [choice, heading, alt] of [
    ['expire', 'Sorry , Your link has been expired', 'An hourglass'],
    ['cancel', 'Sorry , Your Payment is cancelled', 'A red circle with a cross'],
  ] as const) {
    const link = await newRecharge(request, token, 200);
    await page.goto(link.url);
    await page.getByRole('button', { name: choice === 'expire' ? 'Let the link expire' : 'Cancel payment' }).click();
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByRole('img', { name: alt })).toBeVisible();
    await expect(page.getByText('Nothing was credited to your wallet.')).toBeVisible();
    expect(await seriousProblems(page, 'main')).toEqual([]);
    if (SHOTS && choice === 'expire') await page.screenshot({ path: `${SHOTS}/payment-expired.png` });
  }
  const pending = await newRecharge(request, token, 300);
  const query = (status: string, paymentId: string, signature = sign(pending.paymentLinkId, pending.referenceId, status, paymentId)) =>
    `/transaction.html?${new URLSearchParams({ razorpay_payment_id: paymentId, razorpay_payment_link_id: pending.paymentLinkId, razorpay_payment_link_reference_id: pending.referenceId, razorpay_payment_link_status: status, razorpay_signature: signature })}`;
  // Opened from the console as a payment window is: Close shuts it.
  await page.goto('/dashboard');
  const opened = page.waitForEvent('popup');
  await page.evaluate((url) => void window.open(url, 'parley-payment'), query('created', ''));
  const payment = await opened;
  await expect(payment.getByRole('heading', { name: 'Payment is not made and waiting for approval' })).toBeVisible();
  await expect(payment.getByRole('img', { name: 'A clock' })).toBeVisible();
  await expect(payment.getByText('Your wallet is credited as soon as the payment is approved.')).toBeVisible();
  expect(await seriousProblems(payment, 'main')).toEqual([]);
  const closed = payment.waitForEvent('close');
  // Close also reloads the console that opened the window: the next navigation waits for that reload to end.
  const reloaded = page.waitForEvent('load');
  await payment.getByRole('button', { name: 'Close' }).press('Enter');
  await closed;
  await reloaded;

  // A forged "paid" (signed with another key) says so and credits nothing; the genuine one then credits once.
  await page.goto(query('paid', 'pay_forged1', createHmac('sha256', 'not-the-key').update('x').digest('hex')));
  await expect(page.getByRole('heading', { name: 'Payment not verified' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This payment could not be verified: its signature does not match. Nothing was credited to your wallet.');
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toHaveCount(0);
  expect(await wallet(request, token)).toBeCloseTo(before, 6);
  await page.goto(query('paid', 'pay_genuine1'));
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expect(page.getByText('Payment verified. Your wallet has been credited.')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/payment-paid.png` });
  expect(await wallet(request, token)).toBeCloseTo(before + 300, 6);
  // Replayed: the same redirect again adds nothing.
  await page.goto(query('paid', 'pay_genuine1'));
  await expect(page.getByText('This payment was already credited to your wallet. Nothing was added again.')).toBeVisible();
  expect(await wallet(request, token)).toBeCloseTo(before + 300, 6);
});

test('a user without MANAGE_BILLING finds no billing screen', async ({ page }) => {
  // The admin's wallet shows, then the demo's agent (CHAT permissions only, README: demo accounts) signs in in the
  // same tab and must not see it.
  await signInWithForm(page);
  await expect(page.getByRole('group', { name: 'Billing account' }).getByText(/Wallet: Rs\. /)).toBeVisible();
  await page.getByRole('button', { name: /user menu/ }).click();
  await page.getByRole('menuitem', { name: 'Signout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signInWithForm(page, 'agent@parley.dev');
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Billing' })).toHaveCount(0);
  await page.goto('/admin/enterpriseBilling');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole('group', { name: 'Billing account' }).getByText('Wallet: NA')).toBeVisible();
});
