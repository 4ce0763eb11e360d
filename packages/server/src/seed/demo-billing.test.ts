import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingEvents, conversationMessages, enterprises } from '../db/schema.js';
import { balanceMicros } from '../domains/billing/account-queries.js';
import { call, login, startServer } from '../test/harness.js';
import { DEMO_OPENING_BALANCE, seedDemoBilling } from './demo-billing.js';

describe('the demo’s billing', async () => {
  const parley = await startServer();
  const { db } = parley.database;
  const token = await login(parley);
  const [demo] = await db.select().from(enterprises).where(eq(enterprises.name, 'Demo'));
  const eId = demo!.id;
  const count = async () =>
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(billingEvents)
        .where(eq(billingEvents.eId, eId))
    )[0]!.n;

  it('is a prepaid INR wallet with its opening balance, less the demo’s bot turns, each metered on its own day', async () => {
    const status = (await call(parley, 'POST', 'e/enterprise/billing/call-api', { token, json: { requestType: 'get_enterprise_account_status' } })).data;
    const turns = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(conversationMessages)
      .where(eq(conversationMessages.eId, eId));
    expect(turns[0]!.n).toBeGreaterThan(0);
    expect(await count()).toBe(turns[0]!.n);
    // The default card's NLU turn: Rs. 0.10.
    expect(status).toMatchObject({ accountStatus: 'ACTIVE', accountType: 'Prepaid', currencyCode: 'INR', currencySymbol: 'Rs.' });
    expect(status.walletBalance).toBeCloseTo(DEMO_OPENING_BALANCE - turns[0]!.n * 0.1, 6);
    const from = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    const consumption = (
      await call(parley, 'POST', 'e/enterprise/billing/call-api', { token, json: { requestType: 'get_enterprise_consumption', fromDate: from } })
    ).data;
    expect(consumption.serviceConsumption.find((s: { planEntityId: string }) => s.planEntityId === 'NLU_TURN').totalUnits).toBe(turns[0]!.n);
    expect(consumption.days.length).toBeGreaterThan(1);
  });

  it('adds nothing when seeded again', async () => {
    const before = { events: await count(), balance: await balanceMicros(db, eId) };
    await seedDemoBilling(db, eId);
    expect({ events: await count(), balance: await balanceMicros(db, eId) }).toEqual(before);
  });
});
