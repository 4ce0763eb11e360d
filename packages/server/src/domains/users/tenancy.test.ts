import { describe, expect, it } from 'vitest';
import { enterprises, users } from '../../db/schema.js';
import { hashPassword } from '../account/secrets.js';
import { call, login, startServer } from '../../test/harness.js';

const RANDOM_ID = '00000000-0000-4000-8000-000000000000';

describe('tenants see only their own data', async () => {
  const parley = await startServer();
  const { db } = parley.database;
  const [b] = await db.insert(enterprises).values({ name: 'Beta' }).returning();
  const [bAdmin] = await db
    .insert(users)
    .values({ eId: b!.id, name: 'Beta Admin', email: 'admin@beta.example', passwordHash: await hashPassword('beta-password'), roles: [1] })
    .returning();
  const aToken = await login(parley);
  const bToken = await login(parley, 'admin@beta.example', 'beta-password');
  const aProfile = (await call(parley, 'GET', 'e/enterprise/profile/', { token: aToken })).data;

  it('lists only the caller’s enterprise users', async () => {
    const bList = await call(parley, 'GET', 'e/enterprise/users', { token: bToken, query: { perPage: '-1' } });
    expect(bList.data.map((u: { emailId: string }) => u.emailId)).toEqual(['admin@beta.example']);
    const aList = await call(parley, 'GET', 'e/enterprise/users', { token: aToken, query: { perPage: '-1' } });
    expect(aList.data).toHaveLength(6);
    expect(aList.data.map((u: { emailId: string }) => u.emailId)).not.toContain('admin@beta.example');
  });

  it('answers another enterprise’s user id exactly like an unknown id', async () => {
    const foreign = await call(parley, 'GET', `e/enterprise/users/${aProfile.uId}`, { token: bToken });
    const unknown = await call(parley, 'GET', `e/enterprise/users/${RANDOM_ID}`, { token: bToken });
    expect(foreign).toEqual(unknown);
    expect(foreign).toMatchObject({ httpStatus: 404, code: 1404 });
    const own = await call(parley, 'GET', `e/enterprise/users/${bAdmin!.id}`, { token: bToken });
    expect(own.data.name).toBe('Beta Admin');
  });

  it('keeps each enterprise’s audit trail to itself', async () => {
    await call(parley, 'PUT', 'e/enterprise/profile', { token: bToken, form: { name: 'Beta Owner' } });
    const bTrail = await call(parley, 'GET', 'e/enterprise/audit_trail', { token: bToken, query: { perPage: '100' } });
    const aTrail = await call(parley, 'GET', 'e/enterprise/audit_trail', { token: aToken, query: { perPage: '100' } });
    expect(bTrail.data.length).toBeGreaterThan(0);
    expect(bTrail.data.every((e: { uId: string }) => e.uId === bAdmin!.id)).toBe(true);
    expect(aTrail.data.some((e: { uId: string }) => e.uId === bAdmin!.id)).toBe(false);
  });

  it('pages the user list with from, perPage and more', async () => {
    const first = await call(parley, 'GET', 'e/enterprise/users', { token: aToken, query: { perPage: '4', from: '0' } });
    const second = await call(parley, 'GET', 'e/enterprise/users', { token: aToken, query: { perPage: '4', from: '4' } });
    expect([first.data.length, first.more, second.data.length, second.more]).toEqual([4, true, 2, false]);
    const viewerOnly = await call(parley, 'GET', 'e/enterprise/users', { token: aToken, query: { role: '6' } });
    expect(viewerOnly.data.map((u: { emailId: string }) => u.emailId)).toEqual(['viewer@parley.dev']);
  });
});
