import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountApi } from '@parley/sdk/contract/account';
import { Messages } from '@parley/sdk/contract/messages';
import { defineRoute, routeTable } from '../../http/route.js';
import { reply } from '../../http/reply.js';
import type { AccountDeps } from './deps.js';
import { LoginService, type ClientMeta } from './login-service.js';
import { OIDC_RETURN_PATH, OidcService } from './oidc-service.js';
import { PasswordService } from './password-service.js';
import { SignupService } from './signup-service.js';

const meta = (request: FastifyRequest): ClientMeta => ({
  ip: request.ip,
  ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
});

export function accountRoutes(app: FastifyInstance, deps: AccountDeps) {
  const login = new LoginService(deps);
  const passwords = new PasswordService(deps);
  const signup = new SignupService(deps);
  const sso = new OidcService(deps);

  defineRoute(app, accountApi.captcha, 'public', async (input) => deps.captcha.generate(input.requestFrom));

  defineRoute(app, accountApi.login, 'public', async (input, { request }) => {
    const { reply: result, user } = await login.login(input, meta(request));
    request.auditSubject = { eId: user.eId, uId: user.id };
    return reply(result, result.token ? 'Login Successful' : 'Security code required');
  });

  defineRoute(app, accountApi.verifyCode, 'public', async (input, { request }) => {
    const { reply: result, user } = await login.verifyCode(input, meta(request));
    request.auditSubject = { eId: user.eId, uId: user.id };
    return reply(result, 'Login Successful');
  });

  defineRoute(app, accountApi.resendAuthMail, 'public', async (input) =>
    reply(await login.resendAuthMail(input.id), 'A new security code has been sent to your email'),
  );

  defineRoute(app, accountApi.logout, 'authenticated', async (_input, { auth }) => {
    await deps.sessions.revoke(auth.credentialId);
    return reply(null, 'Logged out');
  });

  defineRoute(app, accountApi.oauthValidate, 'public', async (input) => sso.start(input.email));

  defineRoute(app, accountApi.oauthCallback, 'public', async (input, { request }) => {
    const user = await sso.finish(input.token, input.state);
    request.auditSubject = { eId: user.eId, uId: user.id };
    return reply(await login.startSession(user, {}, meta(request), 'sso'), 'Login Successful');
  });

  defineRoute(app, accountApi.ssoRedirectCallback, 'public', async (input, { request }) => {
    const user = await sso.redeemTicket(input.token);
    request.auditSubject = { eId: user.eId, uId: user.id };
    return reply(await login.startSession(user, {}, meta(request), 'sso'), 'Login Successful');
  });

  // The provider sends the browser here; it continues in the console's `{id}/redirect` screen with a ticket.
  routeTable.push({ method: 'GET', url: OIDC_RETURN_PATH, access: 'public' });
  app.get<{ Querystring: { code?: string; state?: string; error?: string } }>(OIDC_RETURN_PATH, async (request, res) => {
    const { code, state, error } = request.query;
    if (error || !code || !state) return res.redirect(`/login?ssoError=${encodeURIComponent(error ?? 'missing_code')}`);
    try {
      const user = await sso.finish(code, state);
      return res.redirect(`/${await sso.issueTicket(user)}/redirect`);
    } catch (err) {
      return res.redirect(`/login?ssoError=${encodeURIComponent((err as Error).message)}`);
    }
  });

  defineRoute(app, accountApi.signup, 'public', async (input, { request }) => {
    const user = await signup.signup(input);
    request.auditSubject = { eId: user.eId, uId: user.id };
    return reply({ uId: user.id }, 'Your account has been created. Please check your email to activate it.');
  });

  defineRoute(app, accountApi.isEmailUnique, 'public', async (input) => signup.isEmailUnique(input.emailId));

  defineRoute(app, accountApi.resendActivation, 'public', async (input) => {
    await signup.resendActivation(input.emailId);
    return reply(null, 'If the account is waiting for activation, a new activation mail has been sent.');
  });

  defineRoute(app, accountApi.activate, 'public', async (input, { request }) => {
    const user = await signup.activate(input.activationId);
    request.auditSubject = { eId: user.eId, uId: user.id };
    return reply(null, 'Your account has been activated. Please sign in.');
  });

  defineRoute(app, accountApi.recover, 'public', async (input, { request }) => {
    const user = await passwords.recover(input);
    if (user) request.auditSubject = { eId: user.eId, uId: user.id };
    return reply(null, Messages.recoverSent);
  });

  defineRoute(app, accountApi.changePassword, 'public', async (input, { request }) => {
    const token = await passwords.resetWithCode(input.resetCode, input.password, input.uId);
    request.auditSubject = { eId: token.eId, uId: token.uId };
    return reply(null, Messages.passwordResetDone);
  });

  defineRoute(app, accountApi.resetPassword, 'public', async (input, { request }) => {
    const token = await passwords.resetWithCode(input.resetCode, input.password);
    request.auditSubject = { eId: token.eId, uId: token.uId };
    return reply(null, Messages.passwordResetDone);
  });

  return { passwords, sso };
}
