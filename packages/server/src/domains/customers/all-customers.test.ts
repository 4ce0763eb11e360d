import { describe, expect, it } from 'vitest';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';

/**
 * The list's 'All customers' (item 14): the enterprise's count, and its list and search without a segment, where a
 * customer saved without a label is found. Another enterprise's customers are never counted nor listed.
 */
describe('all customers: the count, and the list without a segment', async () => {
  const parley = await startServer();
  const token = await login(parley);
  const other = await loginToOtherEnterprise(parley);
  const countOf = async (as: string) => {
    const res = await call(parley, 'GET', 'customer/customers/count', { token: as });
    expect(res).toMatchObject({ status: true, code: 100 });
    return res.data.count as number;
  };
  const add = async (as: string, name: string, phoneNumber: string, tags?: string[]) => {
    const res = await call(parley, 'POST', 'customer/customer', { token: as, json: { name, phoneNumber, ...(tags ? { tags } : {}) } });
    expect(res.status, res.message).toBe(true);
    return res.data.customer.id as string;
  };
  const segment = (await call(parley, 'POST', 'customer/tag', { token, json: { name: 'All customers check' } })).data.tag.id as string;

  it('counts every customer of the caller, with a segment or without, and no one else', async () => {
    const mine = await countOf(token);
    const theirs = await countOf(other);
    await add(token, 'Counted Labelled', '+14155581001', [segment]);
    const bare = await add(token, 'Counted Bare', '+14155581002');
    expect(await countOf(token)).toBe(mine + 2);
    expect(await countOf(other)).toBe(theirs);
    await add(other, 'Counted Elsewhere', '+14155581003');
    expect(await countOf(token)).toBe(mine + 2);
    expect(await countOf(other)).toBe(theirs + 1);
    expect((await call(parley, 'DELETE', `customer/customers/${bare}`, { token })).status).toBe(true);
    expect(await countOf(token)).toBe(mine + 1);
  });

  it('lists and searches a customer without a segment when no segment is asked, only for its enterprise', async () => {
    const id = await add(token, 'Zephyrine Unlabelled', '+14155582001');
    await add(other, 'Zephyrine Foreign', '+14155582002');
    const ids = async (query: Record<string, string>, as = token) => {
      const res = await call(parley, 'GET', `customer/customers?${new URLSearchParams(query)}`, { token: as });
      expect(res).toMatchObject({ status: true, code: 100 });
      return (res.data.customers.customers as { id: string; name: string }[]).map((c) => c.name);
    };
    expect(await ids({ perPage: '100' })).toContain('Zephyrine Unlabelled');
    expect(await ids({ search: 'zephyrine' })).toEqual(['Zephyrine Unlabelled']);
    expect(await ids({ search: 'zephyrine', tags: segment })).toEqual([]);
    expect(await ids({ search: 'zephyrine' }, other)).toEqual(['Zephyrine Foreign']);
    expect(id).toBeTruthy();
  });

  it('is refused without a session', async () => {
    const res = await call(parley, 'GET', 'customer/customers/count', {});
    expect(res.status).toBe(false);
  });
});
