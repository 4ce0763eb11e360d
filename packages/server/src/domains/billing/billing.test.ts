import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agents, billingEvents, enterprises } from '../../db/schema.js';
import { call, DEMO_PASSWORD, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';
import { postWebhook, sandboxChannel } from '../../test/whatsapp-inbound.js';
import { TurnStore } from '../nlp-runtime/turn-store.js';
import { credit, setUpAccount } from './account-queries.js';
import { meterLlmTokens } from './meter.js';
import { statusWebhook, wamid } from './test-support.js';

const CALL = 'e/enterprise/billing/call-api';

describe('billing: metering, account status and consumption', async () => {
  const parley = await startServer();
  const { db } = parley.database;
  const token = await login(parley);
  const [demo] = await db.select().from(enterprises).where(eq(enterprises.name, 'Demo'));
  const eId = demo!.id;
  const { sandboxAppSecret } = parley.deps.config;
  const phoneNumberId = '5550007001';
  const channelId = await sandboxChannel(parley, token, phoneNumberId);
  const status = async (t = token) => (await call(parley, 'POST', CALL, { token: t, json: { requestType: 'get_enterprise_account_status' } })).data;
  const consumption = async (t = token) => (await call(parley, 'POST', CALL, { token: t, json: { requestType: 'get_enterprise_consumption' } })).data;
  const service = (c: { serviceConsumption: { planEntityId: string }[] }, id: string) => c.serviceConsumption.find((s) => s.planEntityId === id);

  it('meters a WhatsApp message once, however often its statuses are delivered, priced by the vendor’s category', async () => {
    await setUpAccount(db, eId, { accountType: 'Prepaid', currencyCode: 'INR', rates: { WHATSAPP_MARKETING: 0.8, WHATSAPP_SERVICE: 0.05 } });
    const before = await status();
    const before$ = await consumption();
    const id = wamid();
    const pricing = { billable: true, category: 'marketing' };
    // Sent is not charged (Meta charges delivered messages); delivered is, once, however often Meta retries it.
    expect((await postWebhook(parley, statusWebhook(phoneNumberId, id, 'sent', pricing), sandboxAppSecret)).statusCode).toBe(200);
    expect(
      await db
        .select()
        .from(billingEvents)
        .where(eq(billingEvents.sourceId, `${channelId}:${id}`)),
    ).toEqual([]);
    const delivered = statusWebhook(phoneNumberId, id, 'delivered', pricing);
    expect((await postWebhook(parley, delivered, sandboxAppSecret)).statusCode).toBe(200);
    expect((await postWebhook(parley, delivered, sandboxAppSecret)).statusCode).toBe(200);
    await postWebhook(parley, statusWebhook(phoneNumberId, id, 'read'), sandboxAppSecret);

    const rows = await db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.sourceId, `${channelId}:${id}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ service: 'WHATSAPP_MARKETING', billable: true, amountMicros: 800_000 });
    const after = await status();
    expect(after).toMatchObject({
      requestType: 'get_enterprise_account_status',
      accountStatus: 'ACTIVE',
      accountType: 'Prepaid',
      currencyCode: 'INR',
      currencySymbol: 'Rs.',
    });
    expect(after.walletBalance).toBeCloseTo(before.walletBalance - 0.8, 6);
    const now = await consumption();
    expect(service(now, 'WHATSAPP_MARKETING').totalUnits).toBe(service(before$, 'WHATSAPP_MARKETING').totalUnits + 1);
    expect(now.sumAllTotalAmount).toBeCloseTo(before$.sumAllTotalAmount + 0.8, 6);
  });

  it('counts a free service message without charging it, and charges nothing for one sent and then failed', async () => {
    const before = await consumption();
    const balance = (await status()).walletBalance;
    await postWebhook(parley, statusWebhook(phoneNumberId, wamid(), 'delivered', { billable: false, category: 'service' }), sandboxAppSecret);
    const undeliverable = wamid();
    await postWebhook(parley, statusWebhook(phoneNumberId, undeliverable, 'sent', { billable: true, category: 'utility' }), sandboxAppSecret);
    await postWebhook(parley, statusWebhook(phoneNumberId, undeliverable, 'failed'), sandboxAppSecret);
    const after = await consumption();
    expect(service(after, 'WHATSAPP_SERVICE')).toMatchObject({
      totalUnits: service(before, 'WHATSAPP_SERVICE').totalUnits + 1,
      billableUnits: service(before, 'WHATSAPP_SERVICE').billableUnits,
    });
    expect(after.sumAllTotalUnits).toBe(before.sumAllTotalUnits + 1);
    expect((await status()).walletBalance).toBeCloseTo(balance, 6);
  });

  it('meters each bot turn once, in the statement that logs it', async () => {
    const [agent] = await db.select().from(agents).where(eq(agents.eId, eId));
    const before = service(await consumption(), 'NLU_TURN').totalUnits;
    const turns = new TurnStore(db);
    const turn = (sessionId: string, newSession: boolean) => ({
      eId,
      agentId: agent!.id,
      sessionId,
      newSession,
      senderId: 'visitor-1',
      state: {},
      userMessage: 'hi',
      intentIdentified: true,
      intent: 'greet',
      confidence: 0.9,
      utterance: 'hi',
      botResponse: 'Hello!',
      emotion: 'neutral',
      otherIntents: [],
      scoped: true,
      weak: false,
      answerSource: 'intent',
    });
    const sessionId = randomUUID();
    await turns.writeTurn(turn(sessionId, true));
    await turns.writeTurn(turn(sessionId, false));
    const c = await consumption();
    expect(service(c, 'NLU_TURN')).toMatchObject({ totalUnits: before + 2, billableUnits: before + 2 });
    expect(c.days.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
  });

  it('meters LLM tokens through its hook once per answer, priced per 1,000', async () => {
    const before = service(await consumption(), 'LLM_TOKENS');
    const answer = { eId, answerId: randomUUID(), tokens: 2500, at: new Date() };
    expect(await meterLlmTokens(db, answer)).toBe(1);
    expect(await meterLlmTokens(db, answer)).toBe(0);
    // The default INR card: Rs. 0.50 per 1,000 tokens.
    expect(service(await consumption(), 'LLM_TOKENS')).toMatchObject({ totalUnits: before.totalUnits + 2500, amount: before.amount + 1.25 });
  });

  it('lists the rate card, the ledger and the month’s invoice', async () => {
    const card = (await call(parley, 'GET', 'e/enterprise/billing/rate_card', { token })).data;
    expect(card).toMatchObject({ currencyCode: 'INR', currencySymbol: 'Rs.', accountType: 'Prepaid' });
    expect(card.rates.find((r: { planEntityId: string }) => r.planEntityId === 'WHATSAPP_MARKETING')).toMatchObject({ unitPrice: 0.8, unit: 'message' });
    await credit(db, eId, 1_000_000_000, 'test:top-up', 'Test top-up');
    const ledger = await call(parley, 'GET', 'e/enterprise/billing/ledger', { token, query: { perPage: '50' } });
    expect(ledger).toMatchObject({ status: true, more: false });
    expect(ledger.data[0]).toMatchObject({ kind: 'credit', amount: 1000, description: 'Test top-up', balance: (await status()).walletBalance });
    expect(
      ledger.data.some((l: { kind: string; description: string }) => l.kind === 'debit' && l.description.startsWith('WhatsApp marketing template ×')),
    ).toBe(true);
    const invoices = (await call(parley, 'GET', 'e/enterprise/billing/invoices', { token })).data;
    expect(invoices[0]).toMatchObject({ period: new Date().toISOString().slice(0, 7), status: 'open', currencyCode: 'INR' });
  });

  it('refuses a date range the wrong way round, in words', async () => {
    const res = await call(parley, 'POST', CALL, { token, json: { requestType: 'get_enterprise_consumption', fromDate: '2026-05-10', toDate: '2026-05-01' } });
    expect(res).toMatchObject({ status: false, code: 1400, message: 'To date must be on or after the from date' });
    expect(await call(parley, 'POST', CALL, { token, json: { requestType: 'nope' } })).toMatchObject({ status: false, code: 1400 });
  });

  it('shows another enterprise none of this', async () => {
    const other = await loginToOtherEnterprise(parley);
    expect(await status(other)).toMatchObject({ accountType: 'Postpaid', walletBalance: 0, currencyCode: 'INR' });
    expect((await consumption(other)).sumAllTotalUnits).toBe(0);
    for (const path of ['ledger', 'invoices', 'recharges'])
      expect((await call(parley, 'GET', `e/enterprise/billing/${path}`, { token: other })).data).toEqual([]);
  });

  it('refuses every billing call to a user without ENTERPRISE.MANAGE_BILLING or VIEW (1403 on HTTP 200)', async () => {
    const agent = await login(parley, 'agent@parley.dev', DEMO_PASSWORD);
    const viewer = await login(parley, 'viewer@parley.dev', DEMO_PASSWORD);
    const calls: [string, string, Record<string, unknown>?][] = [
      ['POST', CALL, { requestType: 'get_enterprise_account_status' }],
      ['POST', CALL, { requestType: 'get_enterprise_consumption' }],
      [
        'POST',
        CALL,
        { requestType: 'update_payment_status', razorpay_payment_link_status: 'paid', razorpay_payment_link_id: 'plink_x', razorpay_signature: 'x' },
      ],
      ['GET', 'e/enterprise/billing/rate_card'],
      ['POST', 'e/enterprise/billing/recharges', { amount: 500 }],
      ['GET', 'e/enterprise/billing/recharges'],
      ['GET', 'e/enterprise/billing/invoices'],
      ['GET', 'e/enterprise/billing/ledger'],
    ];
    for (const [method, path, json] of calls) {
      const res = await parley.app.inject({
        method: method as 'GET',
        url: `/api/${path}`,
        headers: { 'authentication-token': agent },
        ...(json ? { payload: json } : {}),
      });
      expect(res.statusCode, `${method} ${path}`).toBe(200);
      expect(res.json(), `${method} ${path}`).toMatchObject({ status: false, code: 1403 });
    }
    const estimate = await call(parley, 'POST', 'chatbird/api/broadcast/estimate', {
      token: viewer,
      json: { channelId: 'x', templateId: 'order_update', noOfRecipients: 2 },
    });
    expect(estimate).toMatchObject({ status: false, code: 1403 });
  });
});
