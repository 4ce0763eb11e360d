import type { FastifyRequest } from 'fastify';

/** Who is calling. Every tenant query filters on `eId` from here, never on an id sent by the client. */
export interface AuthContext {
  uId: string;
  eId: string;
  roles: number[];
  permissions: ReadonlySet<string>;
  /** The session or embed key that authenticated the call. */
  credentialId: string;
  /** How the user signed in. An embed key has no sign-in: it carries 'password' only to fill the field. */
  method: 'password' | 'sso';
  /**
   * Set when an embed key authenticated the call (domains/embed-keys): there is no user, `uId` is the key's id, and
   * `permissions` hold only what the one granted route checks.
   */
  embedKey?: { id: string; scopes: readonly string[] };
}

/**
 * Turns a request into a caller, or null when its credential is absent. Throws ApiError for a credential that is
 * present but invalid. Session tokens are the first authenticator; scoped embed keys (`x-parley-embed-key`) the next.
 */
export type Authenticator = (request: FastifyRequest) => Promise<AuthContext | null>;

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Set by handlers that identify a user without a session (login, reset) so the audit names them. */
    auditSubject?: { eId: string; uId: string | null };
  }
}
