import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { formBoolean, jsonText, requiredText, withConfirmation } from './fields.js';
import { Messages } from './messages.js';
import { imageDataUrl } from './image-data-url.js';

const sound = z.object({
  type: z.enum(['new_chat', 'new_message']),
  sound: z.string().max(100),
  repeat: z.coerce.number().int().min(0).max(10),
  volume: z.coerce.number().min(0).max(100),
});
export const audioSettings = z.object({ enable: formBoolean, sounds: z.array(sound).max(10) });
export type AudioSettings = z.infer<typeof audioSettings>;

export const profile = z.object({
  uId: z.string(),
  eId: z.string(),
  enterpriseName: z.string(),
  name: z.string(),
  userName: z.string(),
  emailId: z.string(),
  iconUrl: z.string().nullable(),
  roles: z.array(z.number()),
  isAdmin: z.boolean(),
  permissions: z.array(z.string()),
  enablePushNotification: z.boolean(),
  enableChatNotification: z.boolean(),
  audioSettings,
  artifactsEnabled: z.boolean(),
  twoFactor: z.object({ email: z.boolean(), totp: z.boolean() }),
  loginMethod: z.enum(['password', 'sso']),
  /** Enterprise global config (platform-shell 3): campaign.recordExtCampaign, chat.customChatSelection. */
  enterpriseConfig: z.record(z.string(), z.unknown()),
});
export type Profile = z.infer<typeof profile>;

export const roleConfigGroup = z.object({
  id: z.string(),
  values: z.array(z.object({ id: z.string(), value: z.string() })),
});
export type RoleConfigGroup = z.infer<typeof roleConfigGroup>;

/** One of the caller's live sessions (a signed-in browser or device). */
export const sessionSummary = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  method: z.enum(['password', 'sso']),
  /** The session this call was made with. */
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummary>;

export const profileApi = {
  get: endpoint({ method: 'GET', path: 'e/enterprise/profile/', input: z.object({}), reply: profile }),
  me: endpoint({ method: 'GET', path: 'e/enterprise/users/me', input: z.object({}), reply: profile }),
  update: endpoint({
    method: 'PUT',
    path: 'e/enterprise/profile',
    input: z.object({ name: requiredText(100), iconUrl: z.string().url().max(2000).nullable().optional() }),
    reply: profile,
  }),
  updateUser: endpoint({
    method: 'PUT',
    path: 'e/enterprise/users/update',
    input: z.object({ name: requiredText(100) }),
    reply: profile,
  }),
  changePassword: endpoint({
    method: 'PUT',
    path: 'e/enterprise/change_password',
    input: withConfirmation({ oldPassword: z.string({ error: Messages.mandatory }).min(1, { error: Messages.mandatory }) }),
    reply: z.null(),
  }),
  audio: endpoint({
    method: 'PUT',
    path: 'e/enterprise/profile/audio',
    input: z.object({
      enableChatNotification: formBoolean,
      enablePushNotification: formBoolean,
      audioSettings: jsonText(audioSettings),
    }),
    reply: profile,
  }),
  /** The cropped picture (platform-shell 2.12: aspect 1, JPEG or PNG, the 50 kB rule), kept with the user. */
  picture: endpoint({
    method: 'PUT',
    path: 'e/enterprise/profile/picture',
    input: z.object({ picture: imageDataUrl }),
    reply: profile,
  }),
  removePicture: endpoint({ method: 'DELETE', path: 'e/enterprise/profile/picture', input: z.object({}), reply: profile }),
  sessions: endpoint({ method: 'GET', path: 'e/enterprise/profile/sessions', input: z.object({}), reply: z.array(sessionSummary) }),
  /** "Sign out my other sessions": every live session of the caller but this one ends. */
  endOtherSessions: endpoint({
    method: 'POST',
    path: 'e/enterprise/profile/sessions/end_others',
    input: z.object({}),
    reply: z.object({ ended: z.number() }),
  }),
  roleConfig: endpoint({
    method: 'GET',
    path: 'e/enterprise/roles/permissions',
    input: z.object({}),
    reply: z.array(roleConfigGroup),
  }),
} as const;

/** The caller's current password: a session token alone must not change how the account is protected. */
const currentPassword = z.string({ error: Messages.mandatory }).min(1, { error: Messages.mandatory });

export const twoFactorApi = {
  /** Turns the emailed-code second factor on or off for the caller. */
  setEmail: endpoint({
    method: 'PUT',
    path: 'e/enterprise/users/twoFactorAuth',
    input: z.object({ enable: formBoolean, password: currentPassword }),
    reply: z.object({ email: z.boolean(), totp: z.boolean() }),
  }),
  /** Starts TOTP enrolment: a new secret, not active until verified. */
  enrolTotp: endpoint({
    method: 'PUT',
    path: 'e/enterprise/users/twoFactorAuth/totp',
    input: z.object({ password: currentPassword }),
    reply: z.object({ secret: z.string(), otpauthUrl: z.string() }),
  }),
  verifyTotp: endpoint({
    method: 'POST',
    path: 'e/enterprise/users/twoFactorAuth/totp/verify',
    input: z.object({
      securityCode: z
        .string()
        .trim()
        .regex(/^\d{6}$/, { error: Messages.invalidSecurityCode }),
      password: currentPassword,
    }),
    reply: z.object({ recoveryCodes: z.array(z.string()) }),
  }),
  recoveryCodes: endpoint({
    method: 'GET',
    path: 'e/enterprise/users/twoFactorAuth/recovery',
    // Codes are stored hashed, so reading them means replacing them.
    effect: 'write',
    // The spec's GET carries the password in the query; careful clients use recoveryCodesByPost to keep it out of URLs.
    input: z.object({ password: currentPassword }),
    reply: z.object({ recoveryCodes: z.array(z.string()) }),
  }),
  recoveryCodesByPost: endpoint({
    method: 'POST',
    path: 'e/enterprise/users/twoFactorAuth/recovery',
    input: z.object({ password: currentPassword }),
    reply: z.object({ recoveryCodes: z.array(z.string()) }),
  }),
  disable: endpoint({
    method: 'PUT',
    path: 'e/enterprise/users/twoFactorAuth/recovery/disable',
    input: z.object({ password: currentPassword }),
    reply: z.object({ email: z.boolean(), totp: z.boolean() }),
  }),
} as const;
