import { describe, expect, it } from 'vitest';
import { ChatConfigMessages } from '@parley/sdk/contract/chat-config';
import { Messages } from '@parley/sdk/contract/messages';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';

describe('chat config', async () => {
  const parley = await startServer();
  const admin = await login(parley);
  const agent = await login(parley, 'agent@parley.dev');
  const other = await loginToOtherEnterprise(parley);
  const dept = (await call(parley, 'POST', 'e/enterprise/departments', { token: admin, form: { name: 'Care' } })).data.deptId as string;
  const names = async (token = admin) =>
    (await call(parley, 'GET', `e/chat/config/labels?deptId=${dept}`, { token })).data.map((l: { name: string }) => l.name);

  it('keeps a department’s labels: create, details, rename, order and delete, which agents may read', async () => {
    const label = async (name: string, color = 'green') =>
      (await call(parley, 'POST', 'e/chat/config/labels', { token: admin, form: { deptId: dept, name, color } })).data.labelId as string;
    const vip = await label('VIP');
    const refund = await label('Refund', 'orange');
    const late = await label('Late delivery');
    expect((await call(parley, 'POST', 'e/chat/config/labels', { token: admin, form: { deptId: dept, name: 'vip' } })).message).toBe(
      ChatConfigMessages.labelTaken,
    );
    expect((await call(parley, 'POST', 'e/chat/config/labels', { token: admin, form: { deptId: dept, name: '' } })).message).toBe(Messages.mandatory);
    expect(await call(parley, 'GET', `e/chat/config/labels/${refund}`, { token: admin })).toMatchObject({
      data: { name: 'Refund', color: 'orange', deptId: dept },
    });
    await call(parley, 'PUT', `e/chat/config/labels/${late}`, { token: admin, form: { name: 'Late', color: 'red' } });
    const ordered = await call(parley, 'PUT', 'e/chat/config/labels/order', { token: admin, json: { deptId: dept, labelIds: [late, vip, refund] } });
    expect(ordered).toMatchObject({ status: true, message: ChatConfigMessages.labelsOrdered });
    expect(await names(agent)).toEqual(['Late', 'VIP', 'Refund']);
    expect((await call(parley, 'PUT', 'e/chat/config/labels/order', { token: admin, json: { deptId: dept, labelIds: [late, vip] } })).message).toBe(
      ChatConfigMessages.labelsMismatch,
    );
    expect((await call(parley, 'DELETE', `e/chat/config/labels/${vip}`, { token: admin })).message).toBe(ChatConfigMessages.labelDeleted);
    expect(await names()).toEqual(['Late', 'Refund']);
  });

  it('saves a department’s timeout and working hours, checked in words, and the enterprise’s custom chat selection', async () => {
    const put = (json: object) => call(parley, 'PUT', `e/chat/config/departments/${dept}`, { token: admin, json });
    expect((await put({ missedAfterSeconds: 30 })).message).toBe(ChatConfigMessages.timeoutRange);
    const week = (day: object | null) => ({ timeZone: 'Asia/Kolkata', days: [null, day, day, day, day, day, null] });
    expect((await put({ workingHours: week({ open: '09:00', close: '09:00' }) })).message).toBe(ChatConfigMessages.closeIsOpen);
    expect((await put({ workingHours: week({ open: '9', close: '18:00' }) })).message).toBe(ChatConfigMessages.badTime);
    expect((await put({ workingHours: { ...week(null), timeZone: 'Mars/Olympus' } })).message).toBe(ChatConfigMessages.badTimeZone);
    const saved = await put({ missedAfterSeconds: 300, workingHours: week({ open: '09:00', close: '18:00' }) });
    expect(saved.data).toMatchObject({ missedAfterSeconds: 300, workingHours: week({ open: '09:00', close: '18:00' }) });
    const config = await call(parley, 'GET', 'e/chat/config', { token: admin });
    expect(config.data).toMatchObject({ customChatSelection: true, defaultMissedAfterSeconds: 3600 });
    expect(config.data.departments.find((d: { deptId: string }) => d.deptId === dept)).toMatchObject({ name: 'Care', missedAfterSeconds: 300 });
    expect((await call(parley, 'PUT', 'e/chat/config', { token: admin, form: { customChatSelection: 'false' } })).data.customChatSelection).toBe(false);
    await call(parley, 'PUT', 'e/chat/config', { token: admin, form: { customChatSelection: 'true' } });
  });

  it('keeps enterprises apart and answers 1403 on HTTP 200 to agents changing anything', async () => {
    const label = (await call(parley, 'POST', 'e/chat/config/labels', { token: admin, form: { deptId: dept, name: 'Mine' } })).data.labelId as string;
    expect((await call(parley, 'GET', `e/chat/config/labels/${label}`, { token: other })).code).toBe(1404);
    expect((await call(parley, 'DELETE', `e/chat/config/labels/${label}`, { token: other })).code).toBe(1404);
    expect((await call(parley, 'POST', 'e/chat/config/labels', { token: other, form: { deptId: dept, name: 'Theirs' } })).errors).toContainEqual({
      field: 'deptId',
      message: 'Department not found',
    });
    expect((await call(parley, 'PUT', `e/chat/config/departments/${dept}`, { token: other, json: { missedAfterSeconds: 60 } })).code).toBe(1404);
    expect((await call(parley, 'GET', `e/chat/config/labels?deptId=${dept}`, { token: other })).data).toEqual([]);
    const routes: [string, string][] = [
      ['GET', 'e/chat/config'],
      ['PUT', 'e/chat/config'],
      ['PUT', `e/chat/config/departments/${dept}`],
      ['POST', 'e/chat/config/labels'],
      ['PUT', `e/chat/config/labels/${label}`],
      ['DELETE', `e/chat/config/labels/${label}`],
      ['PUT', 'e/chat/config/labels/order'],
    ];
    for (const [method, url] of routes) {
      const res = await parley.app.inject({ method: method as 'GET', url: `/api/${url}`, headers: { 'authentication-token': agent } });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 200, 1403]);
    }
  });
});
