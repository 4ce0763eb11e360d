import type { FastifyInstance } from 'fastify';
import { ACCESS } from '@parley/sdk/contract/access';
import { profileApi, twoFactorApi } from '@parley/sdk/contract/profile';
import { Messages } from '@parley/sdk/contract/messages';
import { defineRoute } from '../../http/route.js';
import { reply } from '../../http/reply.js';
import type { PasswordService } from '../account/password-service.js';
import { TwoFactorService } from '../account/two-factor-service.js';
import type { AccountDeps } from '../account/deps.js';
import { checkInlineImage } from './inline-image.js';
import { ProfileService } from './service.js';
import { liveSessionsOf } from './sessions-queries.js';

export function profileRoutes(app: FastifyInstance, deps: AccountDeps, passwords: PasswordService) {
  const profiles = new ProfileService(deps.db, deps.config);
  const twoFactor = new TwoFactorService(deps);

  defineRoute(app, profileApi.get, 'authenticated', async (_i, { auth }) => profiles.get(auth));
  defineRoute(app, profileApi.me, 'authenticated', async (_i, { auth }) => profiles.get(auth));
  defineRoute(app, profileApi.update, 'authenticated', async (input, { auth }) =>
    reply(await profiles.update(auth, { name: input.name.trim(), ...(input.iconUrl !== undefined ? { iconUrl: input.iconUrl } : {}) }), 'Profile updated'),
  );
  defineRoute(app, profileApi.updateUser, 'authenticated', async (input, { auth }) =>
    reply(await profiles.update(auth, { name: input.name.trim() }), 'Profile updated'),
  );
  defineRoute(app, profileApi.changePassword, 'authenticated', async (input, { auth }) => {
    await passwords.change(auth.eId, auth.uId, input.oldPassword, input.password, auth.credentialId);
    return reply(null, Messages.passwordResetDone);
  });
  defineRoute(app, profileApi.audio, 'authenticated', async (input, { auth }) => reply(await profiles.update(auth, input), 'Notification settings saved'));
  defineRoute(app, profileApi.picture, 'authenticated', async (input, { auth }) =>
    reply(await profiles.update(auth, { iconUrl: await checkInlineImage(input.picture, 'picture') }), 'Profile picture updated'),
  );
  defineRoute(app, profileApi.removePicture, 'authenticated', async (_i, { auth }) =>
    reply(await profiles.update(auth, { iconUrl: null }), 'Profile picture removed'),
  );
  defineRoute(app, profileApi.sessions, 'authenticated', async (_i, { auth }) => liveSessionsOf(deps.db, auth));
  defineRoute(app, profileApi.endOtherSessions, 'authenticated', async (_i, { auth }) => {
    const others = (await liveSessionsOf(deps.db, auth)).filter((s) => !s.current).length;
    await deps.sessions.revokeOthersThan(auth.uId, auth.credentialId);
    return reply({ ended: others }, others === 1 ? 'Your other session was signed out' : `${others} other sessions were signed out`);
  });
  defineRoute(app, profileApi.roleConfig, ACCESS.roles.config, async () => profiles.roleConfig());

  defineRoute(app, twoFactorApi.setEmail, 'authenticated', async (input, { auth }) =>
    reply(await twoFactor.setEmail(auth.eId, auth.uId, input.enable, input.password), 'Two-factor settings saved'),
  );
  defineRoute(app, twoFactorApi.enrolTotp, 'authenticated', async (input, { auth }) => twoFactor.enrol(auth.eId, auth.uId, input.password));
  defineRoute(app, twoFactorApi.verifyTotp, 'authenticated', async (input, { auth }) =>
    reply(await twoFactor.verifyEnrolment(auth.eId, auth.uId, input.securityCode, input.password), 'Two-factor authentication enabled'),
  );
  // "GET recovery file" (spec 7.4): codes are stored hashed, so the file holds a fresh set that replaces the old.
  defineRoute(app, twoFactorApi.recoveryCodes, 'authenticated', async (input, { auth }) =>
    twoFactor.regenerateRecoveryCodes(auth.eId, auth.uId, input.password),
  );
  defineRoute(app, twoFactorApi.recoveryCodesByPost, 'authenticated', async (input, { auth }) =>
    twoFactor.regenerateRecoveryCodes(auth.eId, auth.uId, input.password),
  );
  defineRoute(app, twoFactorApi.disable, 'authenticated', async (input, { auth }) =>
    reply(await twoFactor.disable(auth.eId, auth.uId, input.password), 'Two-factor authentication disabled'),
  );
}
