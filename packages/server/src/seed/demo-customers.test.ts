import { describe, expect, it } from 'vitest';
import { call, login, startServer } from '../test/harness.js';

describe('the demo customer master', async () => {
  const parley = await startServer({ demoCustomers: true });
  const token = await login(parley);

  it('has segments, groups, customers with custom fields, and a finished upload with its rejected rows', async () => {
    const tags = (await call(parley, 'GET', 'customer/tags', { token })).data.tags;
    expect(tags.map((t: { name: string }) => t.name)).toEqual(['VIP', 'Newsletter', 'Spring leads']);
    expect(tags.reduce((n: number, t: { count: number }) => n + t.count, 0)).toBeGreaterThanOrEqual(36);
    const page = (await call(parley, 'GET', 'customer/customers', { token })).data.customers;
    expect(page.headers).toEqual(['City', 'Tier']);
    expect(page.customers).toHaveLength(10);
    expect(page.hasMore).toBe(true);
    expect(page.customers[0].phoneNumber).toMatch(/^\+9198\d{8}$/);
    const uploads = (await call(parley, 'GET', 'customer/uploads', { token })).data.customerCSVs;
    expect(uploads[0]).toMatchObject({ file: { name: 'spring-leads.csv' }, state: 'COMPLETED', totalLines: 15, acceptedLines: 12, errorLines: 3 });
    const errors = (await call(parley, 'GET', `customer/uploads/${uploads[0].uploadId}/errors`, { token })).data.customers.customers;
    expect(errors.map((e: { line: number }) => e.line)).toEqual([4, 9, 13]);
  });
});
