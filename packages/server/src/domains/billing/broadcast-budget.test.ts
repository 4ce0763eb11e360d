import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BillingTexts } from '@parley/sdk/contract/billing';
import { billingEvents, broadcastMessages, broadcasts, channels, walletEntries } from '../../db/schema.js';
import { DEMO_CHANNEL } from '../../seed/demo-channels.js';
import { call, login, startServer } from '../../test/harness.js';
import { RECONCILE } from '../broadcasts/reconcile.js';
import { messageFate } from '../../sandbox/whatsapp/message-fate.js';
import { runBroadcast } from '../broadcasts/send-job.js';
import { balanceMicros, credit, setUpAccount } from './account-queries.js';

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 30_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    const v = await probe();
    if (v) return v;
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Numbers the sandbox delivers (it fails a few by their digits: sandbox/whatsapp/message-fate.ts). */
function numbers(n: number, from: number): string[] {
  const out: string[] = [];
  for (let i = from; out.length < n; i++) {
    const number = `+1415555${String(i).padStart(4, '0')}`;
    if (messageFate(number).some((step) => step.status === 'delivered')) out.push(number);
  }
  return out;
}

/** A prepaid wallet holds broadcasts to what it covers: refused before the start, stopped when it runs out. */
describe('a prepaid wallet and broadcasts', async () => {
  // No workers: the test runs the send job itself, after spending part of the wallet behind the broadcast's back.
  const parley = await startServer({ jobs: false, defaultCountry: 'US' });
  const { db } = parley.database;
  const token = await login(parley);
  const [channel] = await db.select().from(channels).where(eq(channels.name, DEMO_CHANNEL.name));
  const eId = channel!.eId;
  // order_update is a UTILITY template: one rupee a message keeps the arithmetic plain.
  await setUpAccount(db, eId, { accountType: 'Prepaid', currencyCode: 'INR', rates: { WHATSAPP_UTILITY: 1 } });
  // The demo's opening credit and metered turns go: this wallet starts from nothing.
  await db.delete(walletEntries).where(eq(walletEntries.eId, eId));
  await credit(db, eId, 3_500_000, 'test:opening', 'Opening balance');
  const send = (phoneNumber: string[]) =>
    call(parley, 'POST', 'chatbird/api/broadcast', {
      token,
      json: {
        channelId: channel!.id,
        phoneNumber,
        message: { template: { templateId: 'order_update' } },
        columnMapping: [
          { component: 'BODY', variable: '{{1}}', type: 'static', value: 'you' },
          { component: 'BODY', variable: '{{2}}', type: 'static', value: '#1' },
        ],
      },
    });
  const count = async () =>
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(broadcasts)
        .where(eq(broadcasts.eId, eId))
    )[0]!.n;

  it('estimates a broadcast and refuses, before storing anything, one the wallet cannot cover', async () => {
    const estimate = await call(parley, 'POST', 'chatbird/api/broadcast/estimate', {
      token,
      json: { channelId: channel!.id, templateId: 'order_update', noOfRecipients: 5 },
    });
    expect(estimate.data).toMatchObject({
      currencySymbol: 'Rs.',
      estimatedRate: 5,
      unitPrice: 1,
      planEntityId: 'WHATSAPP_UTILITY',
      walletBalance: 3.5,
      affordable: false,
    });
    const before = await count();
    const refused = await send(numbers(5, 4000));
    expect(refused).toMatchObject({ status: false, code: 1400 });
    expect(refused.message).toBe(BillingTexts.insufficientBalance('Rs. 5.00', 'Rs. 3.50'));
    expect(await count()).toBe(before);
    expect(await balanceMicros(db, eId)).toBe(3_500_000);
  });

  it('stops sending when the balance runs out mid-way: the rest are failed as not sent, none sent past the wallet', async () => {
    await credit(db, eId, 3_000_000, 'test:second', 'Second top-up');
    const accepted = await send(numbers(6, 4100));
    expect(accepted.status).toBe(true);
    const broadcastId = accepted.data.id as string;
    // Spent elsewhere before the job starts: 3.50 left, three messages' worth.
    await db.execute(
      sql`insert into wallet_entries (e_id, amount_micros, reason_key, description) values (${eId}::uuid, -3000000, 'test:spent', 'Spent elsewhere')`,
    );
    const vendor = { sealed: parley.deps.sealed, app: parley.app, config: parley.deps.config };
    await runBroadcast(
      { db, jobs: parley.jobs, events: parley.events, vendor, log: parley.app.log, ratePerSecond: 80, reconcile: { ...RECONCILE, waitMs: 2000 } },
      broadcastId,
      eId,
    );

    const rows = await db.select().from(broadcastMessages).where(eq(broadcastMessages.broadcastId, broadcastId));
    const unsent = rows.filter((r) => r.errorTitle === BillingTexts.walletExhausted);
    expect(unsent).toHaveLength(3);
    expect(unsent.every((r) => r.state === 'failed' && r.wamid === null && r.handedAt === null)).toBe(true);
    expect(rows.filter((r) => r.wamid !== null)).toHaveLength(3);
    const [b] = await db.select().from(broadcasts).where(eq(broadcasts.id, broadcastId));
    expect(b!.status).toBe('COMPLETED');
    // The three sent are metered as the sandbox's webhooks say they were delivered; the wallet ends at what is left.
    await until('the three sends to be metered', async () => {
      const metered = await db
        .select()
        .from(billingEvents)
        .where(and(eq(billingEvents.eId, eId), eq(billingEvents.source, 'whatsapp_message')));
      return metered.length === 3;
    });
    expect(await balanceMicros(db, eId)).toBe(500_000);
    await until('the failed count to include them', async () =>
      (await db.select().from(broadcasts).where(eq(broadcasts.id, broadcastId)))[0]!.failed === 3 ? true : undefined,
    );
  });
});
