import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ChatMessageStatus } from '@parley/sdk/contract/chats';
import { chats, sandboxWaMessages } from '../../db/schema.js';
import { sandboxOf } from '../../sandbox/whatsapp/routes.js';
import { customerReads, customerSendsMedia, customerSendsText } from '../../sandbox/whatsapp/customer-phone.js';
import { call, login, startServer } from '../../test/harness.js';
import { postMultipart } from '../../test/multipart.js';
import { sandboxChannel } from '../../test/whatsapp-inbound.js';

const PHONE_ID = '100000000000999';

describe('a reply goes round: sandbox phone → agent → vendor → ticks', async () => {
  const parley = await startServer();
  const { db } = parley.database;
  const agent = await login(parley, 'agent@parley.dev');
  await sandboxChannel(parley, await login(parley), PHONE_ID);
  const sandbox = sandboxOf(parley.app)!;
  const customer = { phoneNumberId: PHONE_ID, waId: '919877700001', name: 'Kiran Das' };
  const until = async <T>(read: () => Promise<T>, ok: (v: T) => boolean) => {
    for (let i = 0; i < 100; i++) {
      const v = await read();
      if (ok(v)) return v;
      await new Promise((r) => setTimeout(r, 50));
    }
    return read();
  };
  const chatRow = () =>
    until(
      async () => (await db.select().from(chats).where(eq(chats.customerNumber, '+919877700001')))[0],
      (c) => c !== undefined,
    );

  it('delivers the agent’s answer to the customer, whose phone then reads it', async () => {
    await customerSendsText(sandbox, customer, 'Is my table booked for 8?');
    const chat = (await chatRow())!;
    expect((await call(parley, 'POST', `e/enterprise/chat/${chat.id}/pickup`, { token: agent })).status).toBe(true);
    const sent = await call(parley, 'POST', `e/enterprise/chat/${chat.id}/reply`, { token: agent, form: { message: 'Yes, a table for two at 8 pm.' } });
    expect(sent.status).toBe(true);
    expect(sent.data.transId).toMatch(/^wamid\./);
    const delivered = await until(
      async () => (await call(parley, 'GET', `e/enterprise/chat/${chat.id}`, { token: agent })).data.messages.at(-1),
      (m) => m.status === ChatMessageStatus.DELIVERED,
    );
    expect(delivered).toMatchObject({ message: 'Yes, a table for two at 8 pm.', currentDeliveryStatus: 'delivered' });
    await customerReads(sandbox, { phoneNumberId: PHONE_ID, waId: customer.waId });
    const read = await until(
      async () => (await call(parley, 'GET', `e/enterprise/chat/${chat.id}`, { token: agent })).data.messages.at(-1),
      (m) => m.status === ChatMessageStatus.READ,
    );
    expect(read.currentDeliveryStatus).toBe('read');
  });

  it("passes the agent's read receipt on: the customer's phone shows its messages read", async () => {
    await customerSendsText(sandbox, customer, 'Also, is there parking?');
    const chat = (await chatRow())!;
    const phoneSide = () =>
      db
        .select()
        .from(sandboxWaMessages)
        .where(and(eq(sandboxWaMessages.waId, customer.waId), eq(sandboxWaMessages.direction, 'in')));
    expect((await phoneSide()).every((m) => m.status !== 'read')).toBe(true);
    const unread = await until(
      async () =>
        (await call(parley, 'GET', `e/enterprise/chat/${chat.id}`, { token: agent })).data.messages.filter(
          (m: { actionBy: string }) => m.actionBy === '+919877700001',
        ),
      (ms) => ms.at(-1)?.message === 'Also, is there parking?',
    );
    const marked = await call(parley, 'POST', `e/enterprise/chat/${chat.id}/read`, {
      token: agent,
      form: { actionIds: JSON.stringify([unread.at(-1).actionId]) },
    });
    expect(marked.data.updated).toBe(1);
    // The Cloud API reads the named message and every earlier one of the conversation.
    const after = await until(phoneSide, (rows) => rows.every((m) => m.status === 'read'));
    expect(after.map((m) => m.status)).toEqual(after.map(() => 'read'));
  });

  it("sends the agent's picture from the attachment library, with its caption, and refuses a file it cannot send", async () => {
    const admin = await login(parley);
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082',
      'hex',
    );
    const uploaded = await postMultipart(parley, 'e/drive/upload', {
      token: admin,
      fields: { isPublic: 'true' },
      files: [{ field: 'file', name: 'menu.png', content: png, type: 'image/png' }],
    });
    const artifactId = uploaded.data.artifact._id as string;
    const chat = (await chatRow())!;
    const sent = await call(parley, 'POST', `e/enterprise/chat/${chat.id}/reply`, { token: agent, form: { message: "Here's our menu", artifactId } });
    expect(sent.data).toMatchObject({ kind: 'image', message: "Here's our menu", attachment: { type: 'image', fileName: 'menu.png', mimeType: 'image/png' } });
    expect(sent.data.transId).toMatch(/^wamid\./);
    // At the vendor: an image message whose link is our file, with the caption.
    const [out] = await until(
      () => db.select().from(sandboxWaMessages).where(eq(sandboxWaMessages.id, sent.data.transId)),
      (rows) => rows.length > 0,
    );
    expect(out).toMatchObject({ type: 'image', body: { image: { caption: "Here's our menu", link: expect.stringContaining('/files/') } } });
    expect(
      (await call(parley, 'POST', `e/enterprise/chat/${chat.id}/reply`, { token: agent, form: { artifactId: '3f2b8c1e-9a4d-4b7e-8c2f-1d5e6a7b8c9d' } })).status,
    ).toBe(false);
  });

  it('keeps a photo the customer sent in our storage and serves it to the agent', async () => {
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082',
      'hex',
    );
    await customerSendsMedia(sandbox, customer, { bytes: png, mimeType: 'image/png', caption: 'the receipt' });
    const chat = (await chatRow())!;
    const message = await until(
      async () =>
        (await call(parley, 'GET', `e/enterprise/chat/${chat.id}`, { token: agent })).data.messages.find(
          (m: { kind: string; actionBy: string }) => m.kind === 'image' && m.actionBy === '+919877700001',
        ),
      (m) => Boolean(m?.attachment?.url),
    );
    expect(message.message).toBe('the receipt');
    const file = await parley.app.inject({ method: 'GET', url: message.attachment.url, headers: { 'authentication-token': agent } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);
    const viewer = await login(parley, 'viewer@parley.dev');
    expect((await parley.app.inject({ method: 'GET', url: message.attachment.url, headers: { 'authentication-token': viewer } })).json().code).toBe(1403);
  });
});
