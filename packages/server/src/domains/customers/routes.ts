import type { FastifyInstance } from 'fastify';
import type { CountryCode } from 'libphonenumber-js';
import { CustomerMessages, customersApi } from '@parley/sdk/contract/customers';
import type { Db } from '../../db/database.js';
import { reply } from '../../http/reply.js';
import { defineRoute } from '../../http/route.js';
import { ACCESS } from '@parley/sdk/contract/access';
import { CustomerService } from './service.js';

/** Customers, segments (tags) and groups (customer-master 2-7). Uploads are in upload-routes.ts. */
export function customerRoutes(app: FastifyInstance, db: Db, defaultCountry: string) {
  const service = new CustomerService(db, defaultCountry as CountryCode);
  defineRoute(app, customersApi.list, ACCESS.customers.read, async ({ from, perPage, search, tags, groups, cursor }, { auth }) => ({
    customers: await service.list(auth, { search, tags, groups }, from, perPage, cursor),
  }));
  defineRoute(app, customersApi.count, ACCESS.customers.read, async (_input, { auth }) => ({ count: await service.count(auth) }));
  defineRoute(app, customersApi.get, ACCESS.customers.read, async ({ id }, { auth }) => ({ customer: await service.get(auth, id) }));
  defineRoute(app, customersApi.save, ACCESS.customers.write, async (input, { auth }) =>
    reply({ customer: await service.save(auth, input) }, CustomerMessages.saved),
  );
  defineRoute(app, customersApi.delete, ACCESS.customers.write, async ({ id }, { auth }) => {
    await service.delete(auth, id);
    return reply(null, CustomerMessages.deleted);
  });
  defineRoute(app, customersApi.tags, ACCESS.customers.read, async ({ search }, { auth }) => ({ tags: await service.segments(auth, 'tag', search) }));
  defineRoute(app, customersApi.groups, ACCESS.customers.read, async ({ search }, { auth }) => ({ groups: await service.segments(auth, 'group', search) }));
  defineRoute(app, customersApi.createTag, ACCESS.customers.write, async ({ name }, { auth }) =>
    reply({ tag: await service.createSegment(auth, 'tag', name) }, CustomerMessages.segmentCreated),
  );
  defineRoute(app, customersApi.createGroup, ACCESS.customers.write, async ({ name }, { auth }) =>
    reply({ group: await service.createSegment(auth, 'group', name) }, CustomerMessages.groupCreated),
  );
  defineRoute(app, customersApi.mapTags, ACCESS.customers.write, async ({ tagIds, customerIds }, { auth }) => {
    await service.map(auth, 'tag', tagIds, customerIds);
    return reply(null, CustomerMessages.mappedToTags);
  });
  defineRoute(app, customersApi.mapGroups, ACCESS.customers.write, async ({ groupIds, customerIds }, { auth }) => {
    await service.map(auth, 'group', groupIds, customerIds);
    return reply(null, CustomerMessages.mappedToGroups);
  });
}
