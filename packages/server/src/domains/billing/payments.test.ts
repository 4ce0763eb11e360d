import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { BillingTexts } from '@parley/sdk/contract/billing';
import { enterprises, walletEntries } from '../../db/schema.js';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';
import { callbackSignature } from '../../vendors/razorpay-links.js';
import { balanceMicros, setUpAccount } from './account-queries.js';

const KEY_ID = 'rzp_test_loopback';
const KEY_SECRET = 'loopback-secret-0123456789';
const CALL = 'e/enterprise/billing/call-api';

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

/** A loopback server speaking Razorpay's Payment Links API: it records what it is sent and answers as Razorpay does. */
async function razorpayLoopback() {
  const received: Received[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
      received.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body });
      res.setHeader('content-type', 'application/json');
      if (req.headers.authorization !== `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`) {
        return res.writeHead(401).end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid' } }));
      }
      const id = `plink_Loop${String(received.length).padStart(10, '0')}`;
      res.writeHead(200).end(
        JSON.stringify({
          id,
          short_url: `https://rzp.io/i/${id}`,
          status: 'created',
          amount: body.amount,
          currency: body.currency,
          reference_id: body.reference_id,
          expire_by: body.expire_by,
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { received, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('recharges through a Razorpay-format payment link provider (loopback)', async () => {
  const provider = await razorpayLoopback();
  afterAll(() => provider.server.close());
  Object.assign(process.env, { PARLEY_RAZORPAY_KEY_ID: KEY_ID, PARLEY_RAZORPAY_KEY_SECRET: KEY_SECRET, PARLEY_RAZORPAY_URL: provider.url });
  const parley = await startServer({ outboundPrivateOrigins: [provider.url] });
  for (const k of ['PARLEY_RAZORPAY_KEY_ID', 'PARLEY_RAZORPAY_KEY_SECRET', 'PARLEY_RAZORPAY_URL']) delete process.env[k];
  const { db } = parley.database;
  const token = await login(parley);
  const [demo] = await db.select().from(enterprises).where(eq(enterprises.name, 'Demo'));
  const eId = demo!.id;
  await setUpAccount(db, eId, { accountType: 'Prepaid', currencyCode: 'INR' });
  const report = (params: Record<string, string>, t = token) =>
    call(parley, 'POST', CALL, { token: t, json: { requestType: 'update_payment_status', ...params } });
  const signed = (linkId: string, referenceId: string, status: string, paymentId: string, secret = KEY_SECRET) => ({
    razorpay_payment_id: paymentId,
    razorpay_payment_link_id: linkId,
    razorpay_payment_link_reference_id: referenceId,
    razorpay_payment_link_status: status,
    razorpay_signature: callbackSignature(secret, { linkId, referenceId, status, paymentId }),
  });

  it('creates the link in Razorpay’s wire format: paise, reference, callback by GET, Basic auth', async () => {
    const res = await call(parley, 'POST', 'e/enterprise/billing/recharges', { token, json: { amount: 1250.5, mobileNumber: '+919876543210' } });
    expect(res).toMatchObject({
      status: true,
      message: BillingTexts.rechargeCreated,
      data: { amount: 1250.5, currencyCode: 'INR', status: 'created', url: expect.stringMatching(/^https:\/\/rzp\.io\/i\/plink_/) },
    });
    const sent = provider.received.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', url: '/v1/payment_links' });
    expect(sent.body).toMatchObject({
      amount: 125050,
      currency: 'INR',
      accept_partial: false,
      reference_id: res.data.referenceId,
      callback_url: `${parley.deps.config.publicUrl}/transaction.html`,
      callback_method: 'get',
      customer: { contact: '+919876543210' },
    });
    expect(Number(sent.body.expire_by)).toBeGreaterThan(Date.now() / 1000);
  });

  it('credits a verified payment once: a reload or replay adds nothing and says so', async () => {
    const link = (await call(parley, 'POST', 'e/enterprise/billing/recharges', { token, json: { amount: 500 } })).data;
    const before = await balanceMicros(db, eId);
    const params = signed(link.paymentLinkId, link.referenceId, 'paid', 'pay_Loop000000001');
    const first = await report(params);
    expect(first).toMatchObject({
      status: true,
      message: BillingTexts.credited,
      data: { status: 'paid', outcome: 'credited', amount: 500, currencySymbol: 'Rs.' },
    });
    expect(await balanceMicros(db, eId)).toBe(before + 500_000_000);
    const again = await Promise.all([report(params), report(params)]);
    for (const r of again) expect(r).toMatchObject({ status: true, message: BillingTexts.alreadyCredited, data: { outcome: 'already_credited' } });
    expect(await balanceMicros(db, eId)).toBe(before + 500_000_000);
    expect(
      (
        await db
          .select()
          .from(walletEntries)
          .where(eq(walletEntries.reasonKey, `payment:${link.paymentLinkId}`))
      ).length,
    ).toBe(1);
    const listed = (await call(parley, 'GET', 'e/enterprise/billing/recharges', { token })).data;
    expect(listed.find((r: { id: string }) => r.id === link.id)).toMatchObject({
      status: 'paid',
      paymentId: 'pay_Loop000000001',
      creditedOn: expect.any(String),
    });
  });

  it('credits nothing for a forged signature, another status or amount, or another enterprise’s link', async () => {
    const link = (await call(parley, 'POST', 'e/enterprise/billing/recharges', { token, json: { amount: 800 } })).data;
    const before = await balanceMicros(db, eId);
    const forged = signed(link.paymentLinkId, link.referenceId, 'paid', 'pay_Forged0000001', 'not-the-secret');
    expect(await report(forged)).toMatchObject({ status: false, code: 1400, message: BillingTexts.forged });
    // A real signature of a cancelled link, with the status changed to paid in the query.
    const tampered = { ...signed(link.paymentLinkId, link.referenceId, 'cancelled', ''), razorpay_payment_link_status: 'paid' };
    expect(await report(tampered)).toMatchObject({ status: false, message: BillingTexts.forged });
    const other = await loginToOtherEnterprise(parley);
    expect(await report(signed(link.paymentLinkId, link.referenceId, 'paid', 'pay_Other00000001'), other)).toMatchObject({
      status: false,
      message: BillingTexts.unknownLink,
    });
    expect(await balanceMicros(db, eId)).toBe(before);
  });

  it('reports expired, cancelled and not-yet-paid links without crediting', async () => {
    const before = await balanceMicros(db, eId);
    for (const [given, shown] of [
      ['expired', 'expired'],
      ['cancelled', 'cancelled'],
      ['created', 'pending'],
      ['partially_paid', 'pending'],
    ] as const) {
      const link = (await call(parley, 'POST', 'e/enterprise/billing/recharges', { token, json: { amount: 300 } })).data;
      expect(await report(signed(link.paymentLinkId, link.referenceId, given, ''))).toMatchObject({
        status: true,
        message: BillingTexts.notCredited,
        data: { status: shown, outcome: 'not_paid' },
      });
    }
    expect(await balanceMicros(db, eId)).toBe(before);
  });

  it('refuses an amount out of range in words, and a recharge of a postpaid account', async () => {
    expect(await call(parley, 'POST', 'e/enterprise/billing/recharges', { token, json: { amount: 5 } })).toMatchObject({
      status: false,
      code: 1400,
      message: BillingTexts.amountRange,
    });
    const other = await loginToOtherEnterprise(parley);
    expect(await call(parley, 'POST', 'e/enterprise/billing/recharges', { token: other, json: { amount: 500 } })).toMatchObject({
      status: false,
      message: BillingTexts.postpaidRecharge,
    });
  });
});

describe('recharges through the built-in sandbox provider', async () => {
  const parley = await startServer();
  const { db } = parley.database;
  const token = await login(parley);
  const [demo] = await db.select().from(enterprises).where(eq(enterprises.name, 'Demo'));
  await setUpAccount(db, demo!.id, { accountType: 'Prepaid', currencyCode: 'INR' });

  /** Opens the hosted page and presses one of its buttons; returns the redirect's query. */
  async function choose(url: string, choice: 'pay' | 'cancel' | 'expire') {
    const path = new URL(url).pathname;
    const page = await parley.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sandbox payment provider');
    expect(page.body).toContain('No card is asked for and no money moves');
    expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${new URL(parley.deps.config.publicUrl).origin}`);
    const pressed = await parley.app.inject({ method: 'POST', url: `${path}/${choice}` });
    expect(pressed.statusCode).toBe(303);
    const to = new URL(String(pressed.headers.location));
    expect(to.pathname).toBe('/transaction.html');
    return Object.fromEntries(to.searchParams);
  }

  it('pays on the hosted page, returns to transaction.html signed, and credits once', async () => {
    const link = (await call(parley, 'POST', 'e/enterprise/billing/recharges', { token, json: { amount: 2000 } })).data;
    expect(link.url).toContain('/sandbox/razorpay/pay/plink_');
    const before = await balanceMicros(db, demo!.id);
    const query = await choose(link.url, 'pay');
    expect(query).toMatchObject({
      razorpay_payment_link_status: 'paid',
      razorpay_payment_link_id: link.paymentLinkId,
      razorpay_payment_link_reference_id: link.referenceId,
      razorpay_payment_id: expect.stringMatching(/^pay_/),
    });
    const reported = await call(parley, 'POST', CALL, { token, json: { requestType: 'update_payment_status', ...query } });
    expect(reported).toMatchObject({ status: true, data: { status: 'paid', outcome: 'credited', amount: 2000 } });
    expect((await call(parley, 'POST', CALL, { token, json: { requestType: 'update_payment_status', ...query } })).data.outcome).toBe('already_credited');
    expect(await balanceMicros(db, demo!.id)).toBe(before + 2_000_000_000);
    // The provider's own record agrees.
    const fetched = await parley.app.inject({
      method: 'GET',
      url: `/sandbox/razorpay/v1/payment_links/${link.paymentLinkId}`,
      headers: { authorization: 'Basic bm9wZTpub3Bl' },
    });
    expect(fetched.statusCode).toBe(401);
  });

  it('cancels and lets a link expire, each reported as such', async () => {
    for (const choice of ['cancel', 'expire'] as const) {
      const link = (await call(parley, 'POST', 'e/enterprise/billing/recharges', { token, json: { amount: 150 } })).data;
      const query = await choose(link.url, choice);
      const status = choice === 'cancel' ? 'cancelled' : 'expired';
      expect(query.razorpay_payment_link_status).toBe(status);
      expect(await call(parley, 'POST', CALL, { token, json: { requestType: 'update_payment_status', ...query } })).toMatchObject({
        status: true,
        data: { status, outcome: 'not_paid' },
      });
    }
  });
});
