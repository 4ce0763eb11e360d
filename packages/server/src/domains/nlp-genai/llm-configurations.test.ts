import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';

describe('LLM integration configurations (POST and GET nlp/genai/config)', () => {
  let parley: Awaited<ReturnType<typeof startServer>>;
  let admin: string;
  beforeAll(async () => {
    parley = await startServer();
    admin = await login(parley);
  });

  it('creates a configuration with authType 5, lists it by id and name, and keeps the key sealed', async () => {
    const created = await call(parley, 'POST', 'nlp/genai/config', {
      token: admin,
      form: { name: '  Team   OpenAI ', authType: '5', llm: '1', apikey: 'sk-test-1234567890' },
    });
    expect(created).toMatchObject({ status: true, code: 100, message: 'Configuration Created Successfully' });
    expect(created.data).toEqual({ id: created.data.id, _id: created.data.id, name: 'Team OpenAI' });
    const list = await call(parley, 'GET', 'nlp/genai/config', { token: admin });
    expect(list.data).toContainEqual({ id: created.data.id, name: 'Team OpenAI' });
    expect(JSON.stringify(list)).not.toContain('sk-test');
    const rows = await parley.database.db.execute(sql`select auth_type, llm, api_key_sealed from llm_configurations where id = ${created.data.id}`);
    const row = (rows as unknown as { rows: { auth_type: number; llm: number; api_key_sealed: string }[] }).rows[0]!;
    expect(row.auth_type).toBe(5);
    expect(row.llm).toBe(1);
    expect(row.api_key_sealed).not.toContain('sk-test');
  });

  it("refuses an empty form in the spec's words, a duplicate name, and a caller without NLP editing", async () => {
    const empty = await call(parley, 'POST', 'nlp/genai/config', { token: admin, form: { name: ' ', apikey: '' } });
    expect(empty.status).toBe(false);
    const messages = (empty.errors ?? []).map((e: { message: string }) => e.message);
    expect(messages).toEqual(expect.arrayContaining(['Configuration name should not be empty', 'API Key should not be empty', 'LLM Type should not be empty']));
    await call(parley, 'POST', 'nlp/genai/config', { token: admin, form: { name: 'Dup', llm: '2', apikey: 'k1' } });
    const dup = await call(parley, 'POST', 'nlp/genai/config', { token: admin, form: { name: 'Dup', llm: '2', apikey: 'k2' } });
    expect(dup.status).toBe(false);
    expect(dup.message).toContain('duplication of name');
    const viewer = await login(parley, 'viewer@parley.dev');
    const refused = await call(parley, 'POST', 'nlp/genai/config', { token: viewer, form: { name: 'Viewer', llm: '1', apikey: 'k' } });
    expect(refused.code).toBe(1403);
    expect((await call(parley, 'GET', 'nlp/genai/config', { token: viewer })).code).toBe(100);
  });

  it("never shows one enterprise's configurations to another", async () => {
    await call(parley, 'POST', 'nlp/genai/config', { token: admin, form: { name: 'Private to Demo', llm: '1', apikey: 'k' } });
    const other = await loginToOtherEnterprise(parley);
    const list = await call(parley, 'GET', 'nlp/genai/config', { token: other });
    expect(list.data).toEqual([]);
    const same = await call(parley, 'POST', 'nlp/genai/config', { token: other, form: { name: 'Private to Demo', llm: '1', apikey: 'k' } });
    expect(same.status).toBe(true);
  });
});
