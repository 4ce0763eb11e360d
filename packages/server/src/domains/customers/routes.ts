import type { FastifyInstance } from 'fastify';
import type { CountryCode } from 'libphonenumber-js';
import { CustomerMessages, customersApi } from '@parley/sdk/contract/customers';
import type { Db } from '../../db/database.js';
import { reply } from '../../http/reply.js';
import { defineRoute } from '../../http/route.js';
import { CUSTOMERS_ACCESS } from './access.js';
import { CustomerService } from './service.js';

/** Customers, segments (tags) and groups (customer-master 2-7). Uploads are in upload-routes.ts. */
export function customerRoutes(app: FastifyInstance, db: Db, defaultCountry: string) {
  const service = new CustomerService(db, defaultCountry as CountryCode);
  defineRoute(app, customersApi.list, CUSTOMERS_ACCESS, async ({ from, perPage, search, tags, groups }, { auth }) => ({
    customers: await service.list(auth, { search, tags, groups }, from, perPage),
  }));
  defineRoute(app, customersApi.get, CUSTOMERS_ACCESS, async ({ id }, { auth }) => ({ customer: await service.get(auth, id) }));
  defineRoute(app, customersApi.save, CUSTOMERS_ACCESS, async (input, { auth }) => reply({ customer: await service.save(auth, input) }, CustomerMessages.saved));
  defineRoute(app, customersApi.delete, CUSTOMERS_ACCESS, async ({ id }, { auth }) => {
    await service.delete(auth, id);
    return reply(null, CustomerMessages.deleted);
  });
  defineRoute(app, customersApi.tags, CUSTOMERS_ACCESS, async ({ search }, { auth }) => ({ tags: await service.segments(auth, 'tag', search) }));
  defineRoute(app, customersApi.groups, CUSTOMERS_ACCESS, async ({ search }, { auth }) => ({ groups: await service.segments(auth, 'group', search) }));
  defineRoute(app, customersApi.createTag, CUSTOMERS_ACCESS, async ({ name }, { auth }) => reply({ tag: await service.createSegment(auth, 'tag', name) }, CustomerMessages.segmentCreated));
  defineRoute(app, customersApi.createGroup, CUSTOMERS_ACCESS, async ({ name }, { auth }) => reply({ group: await service.createSegment(auth, 'group', name) }, CustomerMessages.groupCreated));
  defineRoute(app, customersApi.mapTags, CUSTOMERS_ACCESS, async ({ tagIds, customerIds }, { auth }) => {
    await service.map(auth, 'tag', tagIds, customerIds);
    return reply(null, CustomerMessages.mappedToTags);
  });
  defineRoute(app, customersApi.mapGroups, CUSTOMERS_ACCESS, async ({ groupIds, customerIds }, { auth }) => {
    await service.map(auth, 'group', groupIds, customerIds);
    return reply(null, CustomerMessages.mappedToGroups);
  });
}
