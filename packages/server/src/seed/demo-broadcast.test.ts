import { describe, expect, it } from 'vitest';
import { call, login, startServer } from '../test/harness.js';

describe('the demo broadcast', async () => {
  // Jobs on and the demo's customers seeded, as `npm start` runs.
  const parley = await startServer({ jobs: true, demoCustomers: true });
  const token = await login(parley);

  it('is sent at first start to seven demo customers, one of whom the sandbox fails, and its statuses arrive', async () => {
    const list = await call(parley, 'GET', 'chatbird/api/broadcast', { token });
    expect(list.data.broadcastList).toHaveLength(1);
    const id = list.data.broadcastList[0].id as string;
    let detail = await call(parley, 'GET', `chatbird/api/broadcast/${id}`, { token });
    for (const end = Date.now() + 20_000; Date.now() < end && (detail.data.data.status !== 'COMPLETED' || detail.data.data.counts.read < 6);) {
      await new Promise((r) => setTimeout(r, 200));
      detail = await call(parley, 'GET', `chatbird/api/broadcast/${id}`, { token });
    }
    expect(detail.data.data).toMatchObject({ name: 'order_update', channelName: 'WhatsApp Sandbox', status: 'COMPLETED' });
    expect(detail.data.data.counts).toEqual({ total: 7, accepted: 6, sent: 6, delivered: 6, read: 6, failed: 1 });
    const messages = await call(parley, 'GET', `chatbird/api/broadcast/${id}/message`, { token });
    const failed = messages.data.message.find((m: { to: string }) => m.to === '+919800000001');
    expect(failed).toMatchObject({ currentDeliveryStatus: 'FAILED', errorCode: 131026 });
  });
});
