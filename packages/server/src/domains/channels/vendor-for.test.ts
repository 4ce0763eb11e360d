import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { channelMessageEvents, channels, enterprises, messageTemplates } from '../../db/schema.js';
import { call, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';
import { VendorError } from '../../vendors/vendor.js';
import { recordSentMessage } from './status-events.js';
import { loadChannelForSend, vendorFor } from './vendor-for.js';

/** Polls until `check` holds: the sandbox answers by webhook, a moment later. */
async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean, ms = 8000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a channel speaks to its vendor', async () => {
  const parley = await startServer({ sandboxApprovalSeconds: 0.1 });
  const { db } = parley.database;
  const vendorDeps = { sealed: parley.deps.sealed, app: parley.app, config: parley.deps.config };
  const token = await loginToOtherEnterprise(parley);
  const create = async (json: Record<string, unknown>) => {
    const res = await call(parley, 'POST', 'e/enterprise/channels', { token, json });
    expect(res.errors ?? [], res.message).toEqual([]);
    const [row] = await db.select().from(channels).where(eq(channels.id, res.data.channel.channelId));
    return row!;
  };
  // The sandbox's own credentials (this installation's), and an empty base URL: the built-in sandbox, in-process.
  const sandbox = await create({
    name: 'Sandbox loop',
    type: 4,
    vendor: 20,
    contactId: '+15550100009',
    data: {
      phoneNumberId: '300000000000009',
      wabaId: '400000000000009',
      accessToken: parley.deps.config.sandboxAccessToken,
      appSecret: parley.deps.config.sandboxAppSecret,
      baseUrl: '',
    },
  });

  it('submits a template to the sandbox and sees it approved through the webhook', async () => {
    const client = vendorFor(await loadChannelForSend(db, sandbox.eId, sandbox.id), vendorDeps);
    const submitted = await client.submitTemplate({
      name: 'channel_loop_check',
      language: 'en_US',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Hello {{1}}, this is a loop check.', example: { body_text: [['Asha']] } }],
    });
    expect(submitted.status).toBe('PENDING');
    const [template] = await db
      .insert(messageTemplates)
      .values({
        eId: sandbox.eId,
        channelId: sandbox.id,
        name: 'channel_loop_check',
        category: 'UTILITY',
        components: [],
        vendorTemplateId: submitted.vendorTemplateId,
      })
      .returning();
    const read = async () => (await db.select().from(messageTemplates).where(eq(messageTemplates.id, template!.id)))[0]!;
    expect((await eventually(read, (t) => t.status !== 'PENDING')).status).toBe('APPROVED');
  });

  it('sends through the sandbox, and the status webhooks move the recorded message', async () => {
    const client = vendorFor(sandbox, vendorDeps);
    const { messageId } = await client.sendTemplate({
      to: '+14155550100',
      templateName: 'channel_loop_check',
      language: 'en_US',
      components: [{ type: 'body', parameters: [{ type: 'text', text: 'Asha' }] }],
    });
    expect(messageId).toMatch(/^wamid\./);
    const recorded = await recordSentMessage(db, {
      eId: sandbox.eId,
      channelId: sandbox.id,
      wamid: messageId,
      recipient: '+14155550100',
      templateName: 'channel_loop_check',
    });
    expect(recorded.wamid).toBe(messageId);
    const events = () =>
      db
        .select()
        .from(channelMessageEvents)
        .where(and(eq(channelMessageEvents.channelId, sandbox.id), eq(channelMessageEvents.wamid, messageId)));
    expect((await eventually(events, (e) => e.length > 0)).length).toBeGreaterThan(0);
  });

  it('refuses to build a client for a vendor that cannot be reached from here', async () => {
    const karix = await create({ name: 'Karix', type: 0, vendor: 0, contactId: '+14155550101', data: { username: 'u', password: 'p' } });
    expect(() => vendorFor(karix, vendorDeps)).toThrow(VendorError);
    expect(() => vendorFor(karix, vendorDeps)).toThrow('This vendor cannot send from here');
  });

  it("never loads another enterprise's channel", async () => {
    const [other] = await db.insert(enterprises).values({ name: 'Elsewhere' }).returning();
    await expect(loadChannelForSend(db, other!.id, sandbox.id)).rejects.toMatchObject({ code: 1404, message: 'Channel not found' });
    await expect(loadChannelForSend(db, sandbox.eId, 'not-a-uuid')).rejects.toMatchObject({ code: 1404 });
  });
});
