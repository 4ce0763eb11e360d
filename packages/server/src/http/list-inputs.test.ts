import { randomUUID } from 'node:crypto';
import { artifactsApi } from '@parley/sdk/contract/artifacts';
import { broadcastsApi } from '@parley/sdk/contract/broadcasts';
import { channelsApi } from '@parley/sdk/contract/channels';
import { customersApi } from '@parley/sdk/contract/customers';
import { embedKeysApi } from '@parley/sdk/contract/embed-keys';
import type { Endpoint } from '@parley/sdk/contract/endpoint';
import { nlpAgentsApi } from '@parley/sdk/contract/nlp-agents';
import { nlpEntitiesApi } from '@parley/sdk/contract/nlp-entities';
import { nlpIntentsApi } from '@parley/sdk/contract/nlp-intents';
import { nlpReportsApi } from '@parley/sdk/contract/nlp-reports';
import { MAX_PAGE_OFFSET } from '@parley/sdk/contract/paging';
import { platformApi } from '@parley/sdk/contract/platform';
import { templatesApi } from '@parley/sdk/contract/templates';
import { usersApi } from '@parley/sdk/contract/users';
import { describe, expect, it } from 'vitest';
import { call, login, startServer } from '../test/harness.js';

const groups = {
  artifactsApi,
  broadcastsApi,
  channelsApi,
  customersApi,
  embedKeysApi,
  nlpAgentsApi,
  nlpEntitiesApi,
  nlpIntentsApi,
  nlpReportsApi,
  platformApi,
  templatesApi,
  usersApi,
};
type Schema = { shape?: object; _zod?: { def: { type: string; left?: Schema; right?: Schema } } };
const takesFrom = (s: Schema | undefined): boolean =>
  s !== undefined && ('from' in (s.shape ?? {}) || (s._zod?.def.type === 'intersection' && (takesFrom(s._zod.def.left) || takesFrom(s._zod.def.right))));
/** Every endpoint of the contract that takes `from`: the paged lists. */
const paged = Object.values(groups)
  .flatMap((g) => Object.values(g as Record<string, Endpoint>))
  .filter((e) => takesFrom(e.input as unknown as Schema));

describe('list inputs: bounded offsets, and bad filters refused with 1400 rather than a 500', async () => {
  const parley = await startServer();
  const token = await login(parley);
  const send = (e: Endpoint, fields: Record<string, string>) => {
    const path = e.path.replace(/:\w+/g, randomUUID());
    return e.method === 'GET'
      ? call(parley, 'GET', `${path}?${new URLSearchParams(fields)}`, { token })
      : call(parley, e.method, path, { token, json: fields });
  };

  it(`refuses from beyond ${MAX_PAGE_OFFSET} on every paged list, with 1400 on from`, async () => {
    expect(paged.map((e) => e.path)).toEqual(
      expect.arrayContaining([
        'customer/customers',
        'customer/uploads/:entryId/errors',
        'chatbird/api/templates',
        'nlp/conversations',
        'e/enterprise/audit_trail',
        'chatbird/api/broadcast/:id/message',
      ]),
    );
    expect(paged.length).toBeGreaterThanOrEqual(16);
    for (const e of paged) {
      const deep = await send(e, { from: String(MAX_PAGE_OFFSET + 1) });
      expect({ path: e.path, code: deep.code, fields: deep.errors?.map((x) => x.field) }).toMatchObject({
        path: e.path,
        code: 1400,
        fields: expect.arrayContaining(['from']),
      });
      // At the bound, `from` itself is not what is refused (a list may still want its other fields, or its ids exist).
      const atBound = await send(e, { from: String(MAX_PAGE_OFFSET) });
      expect({ path: e.path, fields: atBound.errors?.map((x) => x.field) ?? [] }).not.toMatchObject({ fields: expect.arrayContaining(['from']) });
    }
    // Templates count pages with `page` when `from` is not given: the same bound.
    const byPage = await call(parley, 'GET', `chatbird/api/templates?page=${MAX_PAGE_OFFSET}&perPage=20`, { token });
    expect(byPage).toMatchObject({ code: 1400, errors: [{ field: 'page' }] });
    expect((await call(parley, 'GET', 'chatbird/api/templates?page=3&perPage=20', { token })).status).toBe(true);
  });

  it('refuses segment and group filters that open a JSON list and are not one', async () => {
    for (const field of ['tags', 'groups']) {
      for (const value of ['[not json', '[', '[{"id":1}]', '[["a"]]']) {
        const res = await call(parley, 'GET', `customer/customers?${new URLSearchParams({ [field]: value })}`, { token });
        expect({ value, httpStatus: res.httpStatus, code: res.code, field: res.errors?.[0]?.field }).toEqual({ value, httpStatus: 400, code: 1400, field });
      }
    }
    expect((await call(parley, 'GET', `customer/customers?${new URLSearchParams({ tags: `["${randomUUID()}"]`, groups: 'a,b' })}`, { token })).status).toBe(
      true,
    );
  });

  it("refuses dates at JavaScript's ends on the uploads and broadcast lists, and keeps 1970 to 9999", async () => {
    for (const path of ['customer/uploads', 'chatbird/api/broadcast']) {
      for (const field of ['fromDate', 'toDate']) {
        for (const value of ['275760-09-13', '-271821-04-20', '+275760-09-13T00:00:00.000Z', '10000-01-01', '1969-12-30']) {
          const res = await call(parley, 'GET', `${path}?${new URLSearchParams({ [field]: value })}`, { token });
          expect({ path, value, httpStatus: res.httpStatus, code: res.code, field: res.errors?.[0]?.field }).toEqual({
            path,
            value,
            httpStatus: 400,
            code: 1400,
            field,
          });
        }
      }
      const wide = await call(parley, 'GET', `${path}?fromDate=1970-01-01&toDate=9999-12-31`, { token });
      expect({ path, status: wide.status }).toEqual({ path, status: true });
    }
  });
});
