import * as oidc from 'openid-client';
import { Codes } from '@parley/sdk/contract/envelope';
import { Messages } from '@parley/sdk/contract/messages';
import { ApiError } from '../../http/api-error.js';
import type { AccountDeps } from './deps.js';
import { findUser, findUserByEmail, type UserRow } from './users-queries.js';

const STATE_TTL_MS = 10 * 60_000;
const TICKET_TTL_MS = 60_000;
export const OIDC_RETURN_PATH = '/api/account/enterprise/oidc/return';

/**
 * Single sign-on with any OpenID Connect provider (authorization code + PKCE), configured by OIDC_* variables.
 * The provider must assert the same email as the Parley user who started the flow.
 */
export class OidcService {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(private readonly deps: AccountDeps) {}

  get enabled() {
    return Boolean(this.deps.config.oidc);
  }

  private redirectUri() {
    return `${this.deps.config.publicUrl}${OIDC_RETURN_PATH}`;
  }

  private discover(): Promise<oidc.Configuration> {
    const settings = this.deps.config.oidc;
    if (!settings) throw new ApiError(Codes.NOT_CONFIGURED, Messages.notConfigured, 400);
    this.configuration ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        // Plain http is only for a provider on loopback (development and tests).
        ...(settings.issuer.startsWith('http://') ? { execute: [oidc.allowInsecureRequests] } : {}),
      })
      .catch((err: unknown) => {
        this.configuration = undefined;
        throw err;
      });
    return this.configuration;
  }

  async start(email: string): Promise<{ redirectUrl: string }> {
    const config = await this.discover();
    const user = await findUserByEmail(this.deps.db, email);
    if (!user || user.state !== 1) throw ApiError.unauthenticated(Messages.invalidCredentials, false);
    const verifier = oidc.randomPKCECodeVerifier();
    const { secret: state } = await this.deps.tokens.issue('oidc-state', user, STATE_TTL_MS, { verifier });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri(),
      scope: 'openid email profile',
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      login_hint: user.email,
    });
    return { redirectUrl: url.href };
  }

  /** Exchanges the provider's code; returns the Parley user it proves. */
  async finish(code: string, state: string): Promise<UserRow> {
    const config = await this.discover();
    const token = await this.deps.tokens.consume('oidc-state', state);
    if (!token) throw ApiError.unauthenticated(Messages.sessionExpiredAgain, false);
    const current = new URL(this.redirectUri());
    current.searchParams.set('code', code);
    current.searchParams.set('state', state);
    let email: unknown;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: String(token.data.verifier),
        expectedState: state,
      });
      email = tokens.claims()?.email;
    } catch (err) {
      throw new ApiError(Codes.LOGIN_REQUIRED, `Single sign-on failed: ${(err as Error).message}`, 401);
    }
    const user = await findUser(this.deps.db, token.eId, token.uId);
    if (!user || user.state !== 1 || typeof email !== 'string' || email.toLowerCase() !== user.email) {
      throw ApiError.unauthenticated(Messages.invalidCredentials, false);
    }
    return user;
  }

  /** The browser leg: a short one-time ticket the `{id}/redirect` screen trades for a session. */
  async issueTicket(user: UserRow) {
    const { secret } = await this.deps.tokens.issue('sso-ticket', user, TICKET_TTL_MS);
    return secret;
  }

  async redeemTicket(ticket: string): Promise<UserRow> {
    const token = await this.deps.tokens.consume('sso-ticket', ticket);
    const user = token ? await findUser(this.deps.db, token.eId, token.uId) : null;
    if (!user || user.state !== 1) throw ApiError.unauthenticated(Messages.sessionExpiredAgain, false);
    return user;
  }
}
