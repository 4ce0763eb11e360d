import type { FastifyInstance } from 'fastify';
import { ACCESS } from '@parley/sdk/contract/access';
import { invitationsApi } from '@parley/sdk/contract/invitations';
import { UserTexts } from '@parley/sdk/contract/user-texts';
import { defineRoute } from '../../http/route.js';
import { page, reply } from '../../http/reply.js';
import type { AccountDeps } from '../account/deps.js';
import { LoginService } from '../account/login-service.js';
import { listInvitations } from './queries.js';
import { InvitationsService, shapeInvitation } from './service.js';

export function invitationRoutes(app: FastifyInstance, deps: AccountDeps) {
  const service = new InvitationsService(deps);
  const login = new LoginService(deps);

  defineRoute(app, invitationsApi.list, ACCESS.users.view, async (input, { auth }) => {
    const limit = input.perPage === -1 ? 10_000 : input.perPage;
    const rows = await listInvitations(deps.db, auth.eId, input.from, limit + 1);
    return page(rows.slice(0, limit).map(shapeInvitation), rows.length > limit);
  });

  defineRoute(app, invitationsApi.send, ACCESS.users.add, async (input, { auth }) =>
    reply(shapeInvitation(await service.send(auth, input.emailId, input.roles)), UserTexts.invitationSent),
  );

  defineRoute(app, invitationsApi.resend, ACCESS.users.add, async (input, { auth }) =>
    reply(shapeInvitation(await service.resend(auth, input.id)), UserTexts.invitationSent),
  );

  defineRoute(app, invitationsApi.revoke, ACCESS.users.add, async (input, { auth }) =>
    reply(shapeInvitation(await service.revoke(auth, input.id)), UserTexts.invitationRevokedDone),
  );

  defineRoute(app, invitationsApi.preview, 'public', async (input) => service.preview(input.id, input.code));

  defineRoute(app, invitationsApi.accept, 'public', async (input, { request }) => {
    const user = await service.accept(input.id, input.code, input.name, input.password);
    request.auditSubject = { eId: user.eId, uId: user.id };
    const meta = { ip: request.ip, ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}) };
    return reply(await login.startSession(user, {}, meta), 'Login Successful');
  });
}
