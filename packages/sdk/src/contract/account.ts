import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { email, formBoolean, requiredText, withConfirmation } from './fields.js';
import { Messages } from './messages.js';

const captchaFields = {
  captchaId: z.string({ error: Messages.captchaRequired }).min(1, { error: Messages.captchaRequired }),
  captcha: z.string({ error: Messages.captchaRequired }).trim().min(1, { error: Messages.captchaRequired }),
};

export const sessionUser = z.object({
  uId: z.string(),
  eId: z.string(),
  name: z.string(),
  emailId: z.string(),
  roles: z.array(z.number()),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** Login either signs in (token) or asks for the second factor (challenge id + authType). */
export const loginReply = z.object({
  token: z.string().optional(),
  user: sessionUser.optional(),
  twoFactorRequired: z.boolean().optional(),
  id: z.string().optional(),
  authType: z.enum(['totp', 'email']).optional(),
  routePath: z.string().optional(),
});
export type LoginReply = z.infer<typeof loginReply>;

export const captchaReply = z.object({ captchaId: z.string(), captcha: z.string() });

export const accountApi = {
  captcha: endpoint({
    method: 'GET',
    path: 'account/captcha/generate',
    input: z.object({ requestFrom: z.string().max(40).optional() }),
    reply: captchaReply,
  }),
  login: endpoint({
    method: 'POST',
    path: 'account/enterprise/login/twoFactorAuth',
    input: z.object({
      email,
      password: z.string({ error: Messages.mandatory }).min(1, { error: Messages.mandatory }).max(256),
      ...captchaFields,
      removeExistingSession: formBoolean.optional(),
      routePath: z.string().max(500).optional(),
      appId: z.string().max(100).optional(),
    }),
    reply: loginReply,
  }),
  verifyCode: endpoint({
    method: 'POST',
    path: 'account/enterprise/login/twoFactorAuth/verifyCode',
    input: z.object({
      securityCode: z.string({ error: Messages.mandatory }).trim().min(1, { error: Messages.mandatory }).max(64),
      authType: z.enum(['totp', 'email', 'recovery']),
      id: z.string().min(1),
    }),
    reply: loginReply,
  }),
  resendAuthMail: endpoint({
    method: 'POST',
    path: 'account/enterprise/login/twoFactorAuth/resendAuthMail',
    input: z.object({ id: z.string().min(1) }),
    reply: z.object({ id: z.string() }),
  }),
  oauthValidate: endpoint({
    method: 'POST',
    path: 'account/enterprise/oauth_validate',
    input: z.object({ email }),
    reply: z.object({ redirectUrl: z.string() }),
  }),
  oauthCallback: endpoint({
    method: 'POST',
    path: 'account/enterprise/oauth_callback',
    input: z.object({ token: z.string().min(1), state: z.string().min(1) }),
    reply: loginReply,
  }),
  ssoRedirectCallback: endpoint({
    method: 'POST',
    path: 'account/enterprise/sso_redirect_callback',
    input: z.object({ token: z.string().min(1) }),
    reply: loginReply,
  }),
  logout: endpoint({ method: 'GET', path: 'account/logout', effect: 'write', input: z.object({}), reply: z.null() }),
  signup: endpoint({
    method: 'POST',
    path: 'account/enterprise/signup',
    input: withConfirmation({
      name: requiredText(100),
      emailId: email,
      termsOfService: formBoolean.refine((v) => v, { error: Messages.mandatory }),
      ...captchaFields,
    }),
    reply: z.object({ uId: z.string() }),
  }),
  isEmailUnique: endpoint({
    method: 'GET',
    path: 'account/enterprise/isEmailUnique',
    input: z.object({ emailId: email }),
    reply: z.object({ unique: z.boolean() }),
  }),
  resendActivation: endpoint({
    method: 'PUT',
    path: 'account/enterprise/resend',
    input: z.object({ emailId: email }),
    reply: z.null(),
  }),
  activate: endpoint({
    method: 'POST',
    path: 'account/enterprise/activate',
    input: z.object({ activationId: z.string().min(1).max(200) }),
    reply: z.null(),
  }),
  recover: endpoint({
    method: 'POST',
    path: 'account/enterprise/recover',
    input: z.object({ emailId: email, ...captchaFields }),
    reply: z.null(),
  }),
  changePassword: endpoint({
    method: 'POST',
    path: 'account/enterprise/changepassword',
    input: withConfirmation({
      uId: z.string().min(1),
      eId: z.string().optional(),
      resetCode: z.string().min(1),
      appId: z.string().optional(),
    }),
    reply: z.null(),
  }),
  resetPassword: endpoint({
    method: 'PUT',
    path: 'account/enterprise/resetPassword',
    input: withConfirmation({ resetCode: z.string().min(1) }),
    reply: z.null(),
  }),
} as const;
