import { z } from 'zod';
import { loginReply } from './account.js';
import { endpoint } from './endpoint.js';
import { pageQuery } from './envelope.js';
import { email, recordId, requiredText, withConfirmation } from './fields.js';
import { Messages } from './messages.js';
import { roleList } from './users.js';

export const invitation = z.object({
  id: z.string(),
  emailId: z.string(),
  roles: z.array(z.number()),
  state: z.enum(['pending', 'accepted', 'revoked', 'expired']),
  invitedBy: z.string(),
  createdOn: z.string(),
  sentOn: z.string(),
  expiresOn: z.string(),
});
export type Invitation = z.infer<typeof invitation>;

/** What the accept page shows before the invitee types anything. */
export const invitationPreview = z.object({
  emailId: z.string(),
  enterpriseName: z.string(),
  roles: z.array(z.number()),
  /** The roles' names: the invitee may not read the enterprise's roles, and a custom role's name is only there. */
  roleNames: z.array(z.string()),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

/** The mailed link's two halves: the invitation's id and its secret code. */
const link = { id: recordId, code: z.string({ error: Messages.mandatory }).min(1, { error: Messages.mandatory }).max(200) };

/** Invitations (platform-shell 7.4, 4.7) and their acceptance (7.1 `account/enterprise/users/{id}`). */
export const invitationsApi = {
  send: endpoint({
    method: 'POST',
    path: 'e/enterprise/invitations',
    input: z.object({ emailId: email, roles: roleList }),
    reply: invitation,
  }),
  list: endpoint({
    method: 'GET',
    path: 'e/enterprise/invitations',
    input: pageQuery,
    reply: z.array(invitation),
  }),
  resend: endpoint({
    method: 'POST',
    path: 'e/enterprise/invitations/:id/resend',
    input: z.object({ id: recordId }),
    reply: invitation,
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: 'e/enterprise/invitations/:id',
    input: z.object({ id: recordId }),
    reply: invitation,
  }),
  /** Not in the spec: the accept page reads whom the link invites, and says at once when it is no longer good. */
  preview: endpoint({
    method: 'GET',
    path: 'account/enterprise/invitations/:id',
    input: z.object(link),
    reply: invitationPreview,
  }),
  accept: endpoint({
    method: 'POST',
    path: 'account/enterprise/users/:id',
    input: withConfirmation({ ...link, name: requiredText(100) }),
    reply: loginReply,
  }),
} as const;
