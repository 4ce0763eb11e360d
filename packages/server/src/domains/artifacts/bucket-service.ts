import { ArtifactMessages, type Bucket } from '@parley/sdk/contract/artifacts';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { isUniqueViolation } from '../nlp-agents/queries.js';
import { countIn, deleteBucket, findBucket, insertBucket, listBuckets, nameTaken, renameBucket, type BucketRow } from './bucket-queries.js';
import { findArtifacts, setBucket } from './queries.js';
import { MoreArtifactMessages, notFound } from './texts.js';

const taken = () => ApiError.conflict(ArtifactMessages.bucketNameTaken, 'name');

/** Bucket folders of attachments (platform-shell 7.4: create, list, edit, move, delete, remove). */
export class BucketService {
  constructor(private readonly db: Db) {}

  /** A bucket the caller may use: public ones of the enterprise, or their own private ones. */
  async get(auth: AuthContext, bucketId: string): Promise<BucketRow> {
    const row = await findBucket(this.db, auth, bucketId);
    if (!row) throw notFound(ArtifactMessages.bucketNotFound);
    return row;
  }

  async list(auth: AuthContext, isPublic: boolean, search: string | undefined, from: number, perPage: number): Promise<Bucket[]> {
    return listBuckets(this.db, auth, isPublic, search, from, perPage < 0 ? ALL : perPage);
  }

  async create(auth: AuthContext, name: string, isPublic: boolean): Promise<Bucket> {
    if (await nameTaken(this.db, auth.eId, isPublic, name)) throw taken();
    const row = await insertBucket(this.db, { eId: auth.eId, name, isPublic, createdBy: auth.embedKey ? null : auth.uId }).catch((err: unknown) => {
      throw isUniqueViolation(err) ? taken() : err;
    });
    return { id: row.id, name: row.name, isPublic: row.isPublic, count: 0 };
  }

  async rename(auth: AuthContext, bucketId: string, name: string): Promise<Bucket> {
    const bucket = await this.get(auth, bucketId);
    if (await nameTaken(this.db, auth.eId, bucket.isPublic, name, bucket.id)) throw taken();
    const row = await renameBucket(this.db, bucket.id, name).catch((err: unknown) => {
      throw isUniqueViolation(err) ? taken() : err;
    });
    return { id: row.id, name: row.name, isPublic: row.isPublic, count: await countIn(this.db, auth, row.id) };
  }

  async delete(auth: AuthContext, bucketId: string) {
    await deleteBucket(this.db, (await this.get(auth, bucketId)).id);
  }

  /** Files attachments into the bucket (out of whichever held them). They must all be the caller's to see. */
  async move(auth: AuthContext, bucketId: string, artifactIds: string[]) {
    const bucket = await this.get(auth, bucketId);
    const ids = await this.own(auth, artifactIds);
    if (ids.some((a) => a.isPublic !== bucket.isPublic)) throw ApiError.field('artifactIds', MoreArtifactMessages.visibilityMismatch);
    await setBucket(
      this.db,
      ids.map((a) => a.id),
      bucket.id,
    );
  }

  async remove(auth: AuthContext, bucketId: string, artifactIds: string[]) {
    const bucket = await this.get(auth, bucketId);
    const ids = await this.own(auth, artifactIds);
    await setBucket(
      this.db,
      ids.map((a) => a.id),
      null,
      bucket.id,
    );
  }

  private async own(auth: AuthContext, artifactIds: string[]) {
    const unique = [...new Set(artifactIds)];
    const found = await findArtifacts(this.db, auth, unique);
    if (found.length !== unique.length) throw notFound(ArtifactMessages.notFound);
    return found;
  }
}

/** "All" for unpaged lists: bounded all the same, so one request can never read a whole table. */
export const ALL = 1000;
