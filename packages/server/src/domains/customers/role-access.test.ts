import { describe, expect, it } from 'vitest';
import { ROLE_NAMES, Roles, type RoleId } from '@parley/sdk/contract/permissions';
import { DEMO_USERS } from '../../seed/demo.js';
import { call, login, startServer, type EnvelopeReply } from '../../test/harness.js';
import { postMultipart } from '../../test/multipart.js';

/**
 * What each built-in role may do with customers and broadcasts (SECURITY.md "Roles"): reading customers needs
 * CUSTOMER.VIEW; changing, deleting and importing them CUSTOMER_MASTER.VIEW; a broadcast CAMPAIGNS.CREATE. Handle
 * Chats reads customers and nothing more: its just-in-time send, tied to a chat it handles, arrives with live chat.
 */
type Action = 'read' | 'write' | 'import' | 'broadcast' | 'chat send';
const ACTIONS: Action[] = ['read', 'write', 'import', 'broadcast', 'chat send'];
const ALLOWED: Record<RoleId, Action[]> = {
  [Roles.ADMINISTRATOR]: ACTIONS,
  [Roles.DEVELOPMENT]: [],
  // An agent's template from a chat passes the permission check, then the chat's own (chats/template-send.test.ts).
  [Roles.HANDLE_CHATS]: ['read', 'chat send'],
  [Roles.CAMPAIGN_MAKER]: ACTIONS,
  [Roles.CAMPAIGN_CHECKER]: [],
  [Roles.REPORT_VIEWER]: [],
};

describe('customer and broadcast access by role', async () => {
  const parley = await startServer();
  const admin = await login(parley);
  const segment = (await call(parley, 'POST', 'customer/tag', { token: admin, json: { name: 'Role checks' } })).data.tag.id as string;
  let serial = 0;
  const newCustomer = async () => {
    const res = await call(parley, 'POST', 'customer/customer', { token: admin, json: { name: 'Target', phoneNumber: `+1415555${String(2000 + serial++)}` } });
    return res.data.customer.id as string;
  };
  const someone = await newCustomer();

  /** Every call of an action; each answers 1403 when the role may not, and something else when it may. */
  const attempts: Record<Action, (token: string) => Promise<EnvelopeReply>[]> = {
    read: (token) => [
      call(parley, 'GET', 'customer/customers', { token }),
      call(parley, 'GET', `customer/customers/${someone}`, { token }),
      call(parley, 'GET', 'customer/tags', { token }),
      call(parley, 'GET', 'customer/groups', { token }),
      call(parley, 'GET', 'customer/uploads', { token }),
      call(parley, 'GET', 'customer/definitions', { token }),
    ],
    write: (token) => [
      call(parley, 'POST', 'customer/customer', { token, json: { name: 'New', phoneNumber: `+1415555${String(3000 + serial++)}` } }),
      newCustomer().then((id) => call(parley, 'DELETE', `customer/customers/${id}`, { token })),
      call(parley, 'POST', 'customer/tag', { token, json: { name: `Tag ${serial++}` } }),
      call(parley, 'POST', 'customer/group', { token, json: { name: `Group ${serial++}` } }),
      call(parley, 'POST', 'customer/tags/map', { token, json: { tagIds: [segment], customerIds: [someone] } }),
      call(parley, 'POST', 'customer/groups/map', { token, json: { groupIds: [segment], customerIds: [someone] } }),
    ],
    import: (token) => [
      postMultipart(parley, 'customer/upload', {
        token,
        fields: { segmentId: segment },
        files: [{ field: 'file', name: 'a.csv', content: 'Mobile,Name\r\n+14155550100,A\r\n', type: 'text/csv' }],
      }),
      call(parley, 'POST', 'customer/upload/mapping', {
        token,
        json: { uploadId: '00000000-0000-4000-8000-000000000000', headerMapping: [{ src: 'Mobile', des: 'phoneNumber' }] },
      }),
    ],
    broadcast: (token) => [
      call(parley, 'POST', 'chatbird/api/broadcast', {
        token,
        json: { channelId: '', phoneNumber: ['+14155550101', '+14155550102'], message: { template: { templateId: 'no_such_template' } } },
      }),
    ],
    // The spec's chat-test mode: one number, tied to a chat (none exists: the agent is let past the permission, then told so).
    'chat send': (token) => [
      call(parley, 'POST', 'chatbird/api/broadcast', {
        token,
        json: {
          channelId: '',
          phoneNumber: ['+14155550101'],
          message: { template: { templateId: 'no_such_template' } },
          resourceType: 'CHAT',
          resourceId: 'chat-1',
        },
      }),
    ],
  };

  it.each(DEMO_USERS.map((u) => [ROLE_NAMES[u.role], u] as const))('%s', async (_name, user) => {
    const token = await login(parley, user.email);
    const outcome: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const action of ACTIONS) {
      const replies = await Promise.all(attempts[action](token));
      outcome[action] = replies.every((r) => r.code === 1403)
        ? 'refused'
        : replies.some((r) => r.code === 1403)
          ? `mixed ${replies.map((r) => r.code).join(',')}`
          : 'allowed';
      expected[action] = ALLOWED[user.role].includes(action) ? 'allowed' : 'refused';
    }
    expect(outcome).toEqual(expected);
  });

  it('changes nothing when a write is refused', async () => {
    const agent = await login(parley, 'agent@parley.dev');
    expect(await call(parley, 'DELETE', `customer/customers/${someone}`, { token: agent })).toMatchObject({ status: false, code: 1403, httpStatus: 200 });
    expect((await call(parley, 'GET', `customer/customers/${someone}`, { token: admin })).data.customer.id).toBe(someone);
  });
});
