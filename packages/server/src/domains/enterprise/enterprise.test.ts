import { describe, expect, it } from 'vitest';
import { enterprises, users } from '../../db/schema.js';
import { hashPassword } from '../account/secrets.js';
import { call, login, startServer } from '../../test/harness.js';

const PNG_1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const LOGO = `data:image/png;base64,${PNG_1x1}`;

describe('enterprise details', async () => {
  const parley = await startServer();
  const { db } = parley.database;
  const [beta] = await db.insert(enterprises).values({ name: 'Beta' }).returning();
  await db
    .insert(users)
    .values({ eId: beta!.id, name: 'Beta Admin', email: 'admin@beta.example', passwordHash: await hashPassword('beta-password'), roles: [1] });
  const admin = await login(parley);
  const betaAdmin = await login(parley, 'admin@beta.example', 'beta-password');
  const trail = async () =>
    ((await call(parley, 'GET', 'e/enterprise/audit_trail', { token: admin, query: { perPage: '-1' } })).data as { action: string }[]).map((e) => e.action);

  it('saves name, country, time zone and phone country, and records it', async () => {
    const saved = await call(parley, 'PUT', 'e/enterprise/details', {
      token: admin,
      form: { name: 'Demo Ltd', country: 'gb', timeZone: 'Europe/London', phoneCountry: 'IN' },
    });
    expect(saved).toMatchObject({ code: 100, message: 'Enterprise details saved' });
    expect(saved.data).toMatchObject({ name: 'Demo Ltd', country: 'GB', timeZone: 'Europe/London', phoneCountry: 'IN', logo: null });
    expect((await call(parley, 'GET', 'e/enterprise/details', { token: admin })).data.name).toBe('Demo Ltd');
    expect((await call(parley, 'GET', 'e/enterprise/profile/', { token: admin })).data.enterpriseName).toBe('Demo Ltd');
    await expect.poll(trail).toContain('PUT /api/e/enterprise/details');
  });

  it('keeps the other keys of the enterprise config', async () => {
    await call(parley, 'PUT', 'e/enterprise/details', { token: admin, form: { name: 'Demo', country: '', timeZone: '', phoneCountry: '' } });
    const config = (await call(parley, 'GET', 'e/enterprise/profile/', { token: admin })).data.enterpriseConfig;
    expect(config.chat.customChatSelection).toBe(true);
    expect(config.details).toEqual({ country: '', timeZone: '', phoneCountry: '' });
  });

  it('refuses empty names, unknown countries and time zones in the spec’s words', async () => {
    const blank = await call(parley, 'PUT', 'e/enterprise/details', { token: admin, form: { name: '  ' } });
    expect(blank.errors).toEqual([{ field: 'name', message: 'This field is mandatory.' }]);
    const country = await call(parley, 'PUT', 'e/enterprise/details', { token: admin, form: { name: 'Demo', country: 'XX' } });
    expect(country.errors).toEqual([{ field: 'country', message: 'Please select a valid country' }]);
    const zone = await call(parley, 'PUT', 'e/enterprise/details', { token: admin, form: { name: 'Demo', timeZone: 'Mars/Olympus' } });
    expect(zone.errors).toEqual([{ field: 'timeZone', message: 'Please select a valid time zone' }]);
  });

  it('sets and removes the logo, refusing what is not a small PNG or JPEG', async () => {
    const set = await call(parley, 'PUT', 'e/enterprise/details/logo', { token: admin, json: { logo: LOGO } });
    expect(set.data.logo).toBe(LOGO);
    expect((await call(parley, 'GET', 'e/enterprise/profile/', { token: admin })).data.enterpriseConfig.branding.logo).toBe(LOGO);
    const html = `data:image/png;base64,${Buffer.from('<html><script>alert(1)</script></html>').toString('base64')}`;
    expect((await call(parley, 'PUT', 'e/enterprise/details/logo', { token: admin, json: { logo: html } })).errors).toEqual([
      { field: 'logo', message: 'Invalid file format' },
    ]);
    const wide = Buffer.from(PNG_1x1, 'base64');
    wide.writeUInt32BE(2000, 16);
    const tooWide = await call(parley, 'PUT', 'e/enterprise/details/logo', {
      token: admin,
      json: { logo: `data:image/png;base64,${wide.toString('base64')}` },
    });
    expect(tooWide.errors?.[0]).toEqual({ field: 'logo', message: 'Image must be within 1024 x 1024 resoultion and maximum size should be 50kb' });
    const big = `data:image/png;base64,${Buffer.alloc(60 * 1024).toString('base64')}`;
    expect((await call(parley, 'PUT', 'e/enterprise/details/logo', { token: admin, json: { logo: big } })).errors?.[0]?.message).toMatch(
      /^Image must be within/,
    );
    expect((await call(parley, 'DELETE', 'e/enterprise/details/logo', { token: admin })).data.logo).toBeNull();
  });

  it('answers 1403 on HTTP 200 without ENTERPRISE.VIEW or EDIT', async () => {
    const agent = await login(parley, 'agent@parley.dev');
    for (const [method, path] of [
      ['GET', 'e/enterprise/details'],
      ['PUT', 'e/enterprise/details'],
      ['PUT', 'e/enterprise/details/logo'],
      ['DELETE', 'e/enterprise/details/logo'],
    ] as const) {
      expect(await call(parley, method, path, { token: agent, form: { name: 'Mine' } })).toMatchObject({
        httpStatus: 200,
        code: 1403,
        message: 'Access Denied',
      });
    }
    expect((await call(parley, 'GET', 'e/enterprise/countrycodes', { token: agent })).data).toContainEqual({ code: 'IN', callingCode: '91' });
  });

  it('keeps each enterprise’s details to itself', async () => {
    await call(parley, 'PUT', 'e/enterprise/details', { token: betaAdmin, form: { name: 'Beta Co', country: 'FR' } });
    await call(parley, 'PUT', 'e/enterprise/details/logo', { token: betaAdmin, json: { logo: LOGO } });
    const demo = (await call(parley, 'GET', 'e/enterprise/details', { token: admin })).data;
    expect(demo).toMatchObject({ name: 'Demo', logo: null });
    expect((await call(parley, 'GET', 'e/enterprise/details', { token: betaAdmin })).data).toMatchObject({
      id: beta!.id,
      name: 'Beta Co',
      country: 'FR',
      logo: LOGO,
    });
  });
});
