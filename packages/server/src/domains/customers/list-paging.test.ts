import { MAX_PAGE_OFFSET } from '@parley/sdk/contract/paging';
import { describe, expect, it } from 'vitest';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';

type Page = { customers: { id: string; name: string }[]; hasMore: boolean; nextCursor: string | null };

describe('the customer list: a bounded offset, and a cursor that walks any depth', async () => {
  const parley = await startServer();
  const token = await login(parley);
  const other = await loginToOtherEnterprise(parley);
  const list = (query: Record<string, string>, as = token) => call(parley, 'GET', `customer/customers?${new URLSearchParams(query)}`, { token: as });
  const vip = (await call(parley, 'POST', 'customer/tag', { token, json: { name: 'Paged VIP' } })).data.tag.id as string;
  const mine: string[] = [];
  for (let i = 0; i < 41; i++) {
    const res = await call(parley, 'POST', 'customer/customer', {
      token,
      json: { name: `${i % 3 === 0 ? 'Asha' : 'Ravi'} Paged ${i}`, phoneNumber: `+1415556${String(1000 + i)}`, ...(i % 2 ? { tags: [vip] } : {}) },
    });
    expect(res.status).toBe(true);
    mine.push(res.data.customer.id);
  }
  for (let i = 0; i < 5; i++)
    await call(parley, 'POST', 'customer/customer', { token: other, json: { name: `Asha Other ${i}`, phoneNumber: `+1415557${String(1000 + i)}` } });
  // Customers made by one import share their batch's created_at; the list's order must not depend on the clock's
  // resolution. Groups of up to seven get one timestamp (microseconds apart between groups, below a millisecond).
  await parley.database.executeSql(
    `update customers c set created_at = timestamptz '2026-03-01 10:00:00+00' + (n.i / 7) * interval '1 microsecond'
       from (select id, (row_number() over (order by id))::int as i from customers where id = any($1::uuid[])) n where c.id = n.id`,
    [mine],
  );
  const newestFirst = (
    await parley.database.executeSql('select id from customers where id = any($1::uuid[]) order by created_at desc, id desc', [mine])
  ).rows.map((r) => r.id as string);

  /** Every page by cursor, from the first. */
  const walk = async (query: Record<string, string>) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const res = await list({ ...query, ...(cursor ? { cursor } : {}) });
      expect(res).toMatchObject({ status: true, code: 100 });
      const page = res.data.customers as Page;
      seen.push(...page.customers.map((c) => c.id));
      expect(page.nextCursor === null).toBe(!page.hasMore);
      if (!page.nextCursor) return seen;
      cursor = page.nextCursor;
    }
    throw new Error('the walk did not end');
  };

  it('refuses an offset beyond the bound with 1400 on from, naming the cursor, and takes one at it', async () => {
    const deep = await list({ from: String(MAX_PAGE_OFFSET + 1) });
    expect(deep.httpStatus).toBe(400);
    expect(deep).toMatchObject({ status: false, code: 1400 });
    expect(deep.errors).toEqual([{ field: 'from', message: expect.stringContaining('nextCursor') }]);
    expect((await list({ from: '6500000' })).code).toBe(1400);
    expect(await list({ from: String(MAX_PAGE_OFFSET) })).toMatchObject({
      status: true,
      data: { customers: { customers: [], hasMore: false, nextCursor: null } },
    });
  });

  it('walks the whole list by cursor, newest first, without a gap or a repeat across equal timestamps', async () => {
    for (const perPage of ['1', '4', '7', '10']) expect(await walk({ perPage })).toEqual(newestFirst);
    // The first page by offset is the first page by cursor; `from` still pages as the spec has it.
    const byOffset = await list({ perPage: '7', from: '7' });
    expect((byOffset.data.customers as Page).customers.map((c) => c.id)).toEqual(newestFirst.slice(7, 14));
  });

  it('walks a search and a segment the same way, each to its last match and no further', async () => {
    const names = new Map((await walk({ perPage: '100' })).map((id, i) => [id, i]));
    expect(names.size).toBe(41);
    const asha = await walk({ search: 'asha', perPage: '3' });
    expect(asha).toEqual(newestFirst.filter((id) => mine.indexOf(id) % 3 === 0));
    const inSegment = await walk({ tags: JSON.stringify([vip]), perPage: '4' });
    expect(inSegment).toEqual(newestFirst.filter((id) => mine.indexOf(id) % 2 === 1));
    expect(await walk({ search: 'asha', tags: vip, perPage: '2' })).toEqual(newestFirst.filter((id) => mine.indexOf(id) % 6 === 3));
  });

  it("never shows another enterprise's customers after a cursor, and refuses a malformed one", async () => {
    const first = (await list({ perPage: '5' })).data.customers as Page;
    const theirs = await list({ perPage: '100', cursor: first.nextCursor! }, other);
    expect((theirs.data.customers as Page).customers.every((c) => c.name.startsWith('Asha Other'))).toBe(true);
    for (const cursor of [
      'nope',
      Buffer.from('99999999999999999999_x').toString('base64url'),
      Buffer.from(`1_${mine[0]}_2`).toString('base64url'),
      'x'.repeat(201),
    ]) {
      const res = await list({ cursor });
      expect(res).toMatchObject({ status: false, code: 1400 });
      expect(res.errors?.[0]?.field).toBe('cursor');
    }
  });
});
