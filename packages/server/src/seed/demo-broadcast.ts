import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { customers } from '../db/schema.js';
import type { AuthContext } from '../http/auth-context.js';
import type { SendRequest } from '../domains/broadcasts/send-service.js';
import { UNREACHABLE } from './demo-customers.js';

/**
 * A first start's broadcast, so the history, the view and the message-status dialog have something live to show: the
 * shipping update to the first six demo customers and to one the sandbox fails (their names mapped from the customer
 * master, the order number a constant). It goes through the real send service and job, over the in-process
 * sandbox, once the server is ready; statuses arrive by its webhooks within seconds.
 */
export async function sendDemoBroadcast(
  db: Db,
  send: (auth: AuthContext, input: SendRequest) => Promise<string>,
  ids: { eId: string; adminId: string; channelId: string },
): Promise<string> {
  const first = await db
    .select({ phone: customers.phoneNumber })
    .from(customers)
    .where(eq(customers.eId, ids.eId))
    .orderBy(asc(customers.createdAt), asc(customers.phoneNumber))
    .limit(6);
  const auth: AuthContext = { uId: ids.adminId, eId: ids.eId, roles: [1], permissions: new Set(), credentialId: 'seed', method: 'password' };
  return send(auth, {
    channelId: ids.channelId,
    phoneNumber: [...first.map((c) => c.phone), UNREACHABLE.phoneNumber],
    message: { template: { templateId: 'order_update' } },
    columnMapping: [
      { component: 'BODY', variable: '{{1}}', type: 'column', value: 'name' },
      { component: 'BODY', variable: '{{2}}', type: 'static', value: '#10423' },
    ],
  });
}
