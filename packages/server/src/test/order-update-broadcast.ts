import { expect } from 'vitest';
import { call } from './harness.js';

/**
 * Starts a broadcast of the demo's `order_update` template (both body variables static) to `numbers` on a channel,
 * as the broadcast form does; returns its id. The kill -9 and reconcile tests all send this one.
 */
export async function sendOrderUpdate(parley: Parameters<typeof call>[0], token: string, channelId: string, numbers: string[]): Promise<string> {
  const res = await call(parley, 'POST', 'chatbird/api/broadcast', {
    token,
    json: {
      channelId,
      phoneNumber: numbers,
      message: { template: { templateId: 'order_update' } },
      columnMapping: [
        { component: 'BODY', variable: '{{1}}', type: 'static', value: 'you' },
        { component: 'BODY', variable: '{{2}}', type: 'static', value: '#1' },
      ],
    },
  });
  expect(res.status, res.message).toBe(true);
  return res.data.id as string;
}
