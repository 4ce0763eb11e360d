import { describe, expect, it } from 'vitest';
import { reportRange } from '@parley/sdk/contract/nlp-reports';
import { call, login, startServer } from '../../test/harness.js';

const OUT_OF_RANGE = 'Please give a date between 2000-01-01 and 9999-12-31';
const TOO_LONG = 'Please choose a period of at most 366 days';
const BAD_DATE = 'Please give a valid date';

/** Issue 21 item 7: every report call refuses a range the database cannot answer, before it reaches the database. */
describe('report ranges', async () => {
  const parley = await startServer();
  const token = await login(parley, 'developer@parley.dev');
  const agentId = (await call(parley, 'POST', 'nlp/agent', { token, form: { name: 'Ranged', description: 'd', type: 'nlp' } })).data.id as string;
  const envelopeCalls = [
    (q: Record<string, string>) => call(parley, 'POST', 'nlp/conversationsReport', { token, json: q }),
    (q: Record<string, string>) => call(parley, 'POST', 'nlp/graphReport', { token, json: q }),
    (q: Record<string, string>) => call(parley, 'GET', 'nlp/graphReport', { token, query: q }),
    (q: Record<string, string>) => call(parley, 'POST', 'nlp/topIntent', { token, json: q }),
    (q: Record<string, string>) => call(parley, 'POST', 'nlp/conversations', { token, json: q }),
  ];
  const csv = (q: Record<string, string>) =>
    parley.app.inject({ method: 'GET', url: '/api/nlp/download/conversations/csv', headers: { 'authentication-token': token }, query: { agentId, ...q } });

  it('refuses dates beyond 9999 on every report call with 1400, the field and a message', async () => {
    for (const report of envelopeCalls) {
      for (const endDate of ['10000-01-01', '+010000-01-01T00:00:00Z', '253402300800000']) {
        const res = await report({ agentId, startDate: '2026-01-01', endDate });
        expect(res).toMatchObject({ httpStatus: 400, code: 1400, errors: [{ field: 'endDate', message: OUT_OF_RANGE }] });
      }
    }
  });

  it('refuses days that do not exist, years before 2000 and periods over 366 days', async () => {
    const [report] = envelopeCalls;
    const errors = async (startDate: string, endDate: string) => (await report!({ agentId, startDate, endDate })).errors;
    expect(await errors('2026-02-30', '2026-03-05')).toEqual([{ field: 'startDate', message: BAD_DATE }]);
    expect(await errors('1999-06-01', '2000-01-02')).toEqual([{ field: 'startDate', message: OUT_OF_RANGE }]);
    expect(await errors('2025-01-01T00:00:00Z', '2026-02-05T00:00:00Z')).toEqual([{ field: 'endDate', message: TOO_LONG }]);
    // A full leap year, picked as local days (midnight to the last millisecond), is the longest period allowed.
    expect((await report!({ agentId, startDate: '2023-12-31T18:30:00Z', endDate: '2024-12-31T18:29:59.999Z' })).code).toBe(100);
    expect((await report!({ agentId, startDate: '2000-01-01T00:00:00+05:30', endDate: '2000-01-31' })).code).toBe(100);
    expect((await report!({ agentId, startDate: '9999-12-01', endDate: '9999-12-31T23:59:59.999Z' })).code).toBe(100);
  });

  it('answers a CSV download with a bad date as a 1400 envelope, not a broken file', async () => {
    const res = await csv({ startDate: '2026-01-01', endDate: '10000-01-01' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ code: 1400, errors: [{ field: 'endDate', message: OUT_OF_RANGE }] });
    const good = await csv({ startDate: '2026-01-01', endDate: '2026-01-31' });
    expect(good.statusCode).toBe(200);
    expect(good.body).toMatch(/^\ufeffMessage,Date,/);
  });

  it('hands the database only time zones it knows, under any alias the browser accepts', async () => {
    // PostgreSQL has no US/Pacific-New; ICU still resolves it to America/Los_Angeles.
    for (const timeZone of ['US/Pacific-New', 'asia/kolkata', 'EST5EDT']) {
      expect((await envelopeCalls[1]!({ agentId, startDate: '2026-01-01', endDate: '2026-01-02', timeZone })).code).toBe(100);
      expect((await csv({ startDate: '2026-01-01', endDate: '2026-01-02', timeZone })).statusCode).toBe(200);
    }
    const known = new Set((await parley.database.executeSql('SELECT name FROM pg_timezone_names')).rows.map((r) => r.name as string));
    const sent = Intl.supportedValuesOf('timeZone').map(
      (timeZone) => reportRange.parse({ agentId, startDate: '2026-01-01', endDate: '2026-01-02', timeZone }).timeZone!,
    );
    expect(sent.filter((z) => !known.has(z))).toEqual([]);
  });
});
