import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { pageQuery } from './envelope.js';
import { email, formBoolean, newPassword, recordId, requiredText } from './fields.js';
import { Messages } from './messages.js';

/**
 * A user's live-chat settings (the `chat` of update_roles, platform-shell 7.4; its fields are not shown): how many
 * chats the user may hold at once, 0 for no limit.
 */
export const userChatSettings = z.object({
  maxChats: z.coerce.number().int().min(0).max(50).default(0),
});
export type UserChatSettings = z.infer<typeof userChatSettings>;

export const enterpriseUser = z.object({
  uId: z.string(),
  name: z.string(),
  emailId: z.string(),
  roles: z.array(z.number()),
  state: z.number(),
  chat: userChatSettings,
  createdOn: z.string(),
});
export type EnterpriseUser = z.infer<typeof enterpriseUser>;

/**
 * Role ids (platform-shell 3): built-in ones (1-6) and the enterprise's custom roles (from 101); at least one. Whether
 * a custom id is the caller's enterprise's is the server's check. A form sends them as a repeated key or JSON text.
 */
export const roleList = z.array(z.coerce.number().int().min(1).max(2_147_483_647), { error: Messages.mandatory }).min(1, { error: Messages.mandatory }).max(20);

const userId = z.object({ id: recordId });

/** Enterprise users (platform-shell 7.4); what the console shows of them is docs/administration.md. */
export const usersApi = {
  list: endpoint({
    method: 'GET',
    path: 'e/enterprise/users',
    input: pageQuery.extend({
      perPage: pageQuery.shape.perPage.default(100),
      name: z.string().max(100).optional(),
      state: z.coerce.number().int().min(1).max(2).optional(),
      role: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    }),
    reply: z.array(enterpriseUser),
  }),
  get: endpoint({
    method: 'GET',
    path: 'e/enterprise/users/:id',
    input: z.object({ id: z.string().min(1) }),
    reply: enterpriseUser,
  }),
  add: endpoint({
    method: 'POST',
    path: 'e/enterprise/users',
    input: z.object({ name: requiredText(100), emailId: email, password: newPassword, roles: roleList }),
    reply: enterpriseUser,
  }),
  updateRoles: endpoint({
    method: 'PUT',
    path: 'e/enterprise/users/:id/update_roles',
    input: userId.extend({ roles: roleList, chat: userChatSettings.optional() }),
    reply: enterpriseUser,
  }),
  resetPassword: endpoint({
    method: 'PUT',
    path: 'e/enterprise/users/:id/reset_password',
    input: userId.extend({
      adminPassword: z.string({ error: Messages.mandatory }).min(1, { error: Messages.mandatory }).max(256),
      password: newPassword,
    }),
    reply: z.null(),
  }),
  /**
   * Deactivation (state 2). With `isValidate` nothing changes: the reply says what deactivating would leave behind
   * (the user's open chats) so the confirmation can say so.
   */
  deactivate: endpoint({
    method: 'DELETE',
    path: 'e/enterprise/users/:id',
    input: userId.extend({ isValidate: formBoolean.default(false) }),
    reply: z.object({ openChats: z.number(), deactivated: z.boolean() }),
  }),
  activate: endpoint({
    method: 'POST',
    path: 'e/enterprise/users/:id/activate',
    input: userId,
    reply: enterpriseUser,
  }),
} as const;
