import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { pageQuery } from './envelope.js';

export const enterpriseUser = z.object({
  uId: z.string(),
  name: z.string(),
  emailId: z.string(),
  roles: z.array(z.number()),
  state: z.number(),
  createdOn: z.string(),
});
export type EnterpriseUser = z.infer<typeof enterpriseUser>;

/** Enterprise users (platform-shell 7.4). The write side comes with the admin screens. */
export const usersApi = {
  list: endpoint({
    method: 'GET',
    path: 'e/enterprise/users',
    input: pageQuery.extend({
      perPage: pageQuery.shape.perPage.default(100),
      name: z.string().max(100).optional(),
      state: z.coerce.number().int().min(1).max(2).optional(),
      role: z.coerce.number().int().min(1).max(6).optional(),
    }),
    reply: z.array(enterpriseUser),
  }),
  get: endpoint({
    method: 'GET',
    path: 'e/enterprise/users/:id',
    input: z.object({ id: z.string().min(1) }),
    reply: enterpriseUser,
  }),
} as const;
