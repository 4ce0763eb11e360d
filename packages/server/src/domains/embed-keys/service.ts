import { randomBytes } from 'node:crypto';
import { EMBED_KEY_PREFIX, EmbedKeyMessages, type EmbedKey, type EmbedKeyScope } from '@parley/sdk/contract/embed-keys';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { sha256 } from '../account/secrets.js';
import { agentIdsOf, findLiveKey, insertKey, listKeys, originHasLiveKey, revokeKey, touchKey, type EmbedKeyRow } from './queries.js';

export interface EmbedKeySettings {
  /** Requests per key per minute, PARLEY_EMBED_KEY_RATE_LIMIT; 60. */
  perMinute: number;
}

/** Read from the environment when the app is built (the setting belongs to this domain alone). */
export function embedKeySettings(env: NodeJS.ProcessEnv = process.env): EmbedKeySettings {
  const raw = env.PARLEY_EMBED_KEY_RATE_LIMIT?.trim();
  const perMinute = raw ? Number(raw) : 60;
  if (!Number.isInteger(perMinute) || perMinute < 1) throw new Error(`PARLEY_EMBED_KEY_RATE_LIMIT must be a whole number of requests per minute: ${raw}`);
  return { perMinute };
}

/** `pk_` and 256 random bits, URL-safe: 46 characters. */
const SECRET_SHAPE = /^pk_[A-Za-z0-9_-]{43}$/;
/** `pk_` and 8 characters: enough to tell keys apart in a list, far too little to guess the rest. */
const PREFIX_LENGTH = EMBED_KEY_PREFIX.length + 8;
/** A key's last use is written at most this often. */
const TOUCH_EVERY_MS = 60_000;

export function stateOf(row: EmbedKeyRow, now = new Date()): EmbedKey['state'] {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

export const shapeKey = (row: EmbedKeyRow, now = new Date()): EmbedKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as EmbedKeyScope[],
  agentIds: row.agentIds,
  allowedOrigins: row.allowedOrigins,
  state: stateOf(row, now),
  createdBy: row.createdBy,
  createdOn: row.createdAt.toISOString(),
  expiresOn: row.expiresAt?.toISOString() ?? null,
  revokedOn: row.revokedAt?.toISOString() ?? null,
  lastUsedOn: row.lastUsedAt?.toISOString() ?? null,
});

export interface NewKeyInput {
  name: string;
  scopes: EmbedKeyScope[];
  agentIds: string[];
  allowedOrigins: string[];
  expiresAt?: Date | undefined;
}

/** Issuing, listing and revoking an enterprise's keys, and finding the live key behind a secret. */
export class EmbedKeyService {
  constructor(private readonly db: Db) {}

  async create(auth: AuthContext, input: NewKeyInput): Promise<EmbedKey & { secret: string }> {
    const agentIds = input.agentIds.map((id) => id.toLowerCase());
    // Another enterprise's agent answers exactly like an agent that does not exist.
    const known = await agentIdsOf(this.db, auth.eId, agentIds);
    const unknown = agentIds.findIndex((id) => !known.has(id));
    if (unknown !== -1) throw ApiError.field(`agentIds.${unknown}`, EmbedKeyMessages.unknownAgent);
    const secret = EMBED_KEY_PREFIX + randomBytes(32).toString('base64url');
    const row = await insertKey(this.db, {
      eId: auth.eId,
      name: input.name,
      prefix: secret.slice(0, PREFIX_LENGTH),
      secretHash: sha256(secret),
      scopes: input.scopes,
      agentIds,
      allowedOrigins: input.allowedOrigins,
      createdBy: auth.uId,
      expiresAt: input.expiresAt ?? null,
    });
    return { ...shapeKey(row), secret };
  }

  async list(eId: string, from: number, limit: number): Promise<EmbedKeyRow[]> {
    return listKeys(this.db, eId, from, limit);
  }

  /** Another enterprise's key answers exactly like a key that does not exist. */
  async revoke(eId: string, id: string): Promise<EmbedKey> {
    const row = await revokeKey(this.db, eId, id, new Date());
    if (!row) throw ApiError.notFound();
    return shapeKey(row);
  }

  /** The live (not revoked, not expired) key with this secret; null for anything else, malformed text included. */
  async resolve(secret: string): Promise<EmbedKeyRow | null> {
    if (!SECRET_SHAPE.test(secret)) return null;
    return findLiveKey(this.db, sha256(secret), new Date());
  }

  async touch(row: EmbedKeyRow, now = new Date()): Promise<void> {
    if (row.lastUsedAt && now.getTime() - row.lastUsedAt.getTime() < TOUCH_EVERY_MS) return;
    await touchKey(this.db, row.id, now, TOUCH_EVERY_MS);
  }

  originHasLiveKey(origin: string): Promise<boolean> {
    return originHasLiveKey(this.db, origin, new Date());
  }
}
