import { and, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { AttachmentTypes, type ArtifactKind } from '@parley/sdk/contract/artifacts';
import type { Db } from '../../db/database.js';
import { containing } from '../../db/like-pattern.js';
import { artifacts } from '../../db/schema.js';

export type ArtifactRow = typeof artifacts.$inferSelect;
export type NewArtifact = typeof artifacts.$inferInsert;

/** Who is asking, for what they may see: the enterprise's public attachments and their own private ones. */
export interface Viewer {
  eId: string;
  uId: string;
}

export const isUuid = (v: string | undefined): v is string => !!v && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/** The attachment type (a number on the wire) of each kind; MEDIA is images, videos and audio. */
export const ATTACHMENT_TYPE_OF: Record<ArtifactKind, number> = {
  IMAGE: AttachmentTypes.MEDIA,
  VIDEO: AttachmentTypes.MEDIA,
  AUDIO: AttachmentTypes.MEDIA,
  DOC: AttachmentTypes.DOC,
  LOCATION: AttachmentTypes.MAP,
  URL: AttachmentTypes.URL,
  MSG: AttachmentTypes.MSG,
};
const kindsOfType = (type: number) => (Object.keys(ATTACHMENT_TYPE_OF) as ArtifactKind[]).filter((k) => ATTACHMENT_TYPE_OF[k] === type);

/** Public attachments of the enterprise or private ones of the caller; never another's private ones. */
export const visibleTo = (v: Viewer) => and(eq(artifacts.eId, v.eId), or(eq(artifacts.isPublic, true), eq(artifacts.createdBy, v.uId)));
export const ofVisibility = (v: Viewer, isPublic: boolean) =>
  and(eq(artifacts.eId, v.eId), isPublic ? eq(artifacts.isPublic, true) : and(eq(artifacts.isPublic, false), eq(artifacts.createdBy, v.uId)));

export interface ArtifactFilter {
  type?: number | undefined;
  mediaType?: ArtifactKind | undefined;
  desc?: string | undefined;
  deptId?: string | undefined;
  bucketId?: string | undefined;
}

function filters(f: ArtifactFilter): (SQL | undefined)[] {
  const search = f.desc?.trim();
  return [
    f.type === undefined ? undefined : inArray(artifacts.type, kindsOfType(f.type).length ? kindsOfType(f.type) : ['']),
    f.mediaType ? eq(artifacts.type, f.mediaType) : undefined,
    search ? or(ilike(artifacts.name, containing(search)), ilike(artifacts.desc, containing(search))) : undefined,
    f.deptId ? eq(artifacts.deptId, f.deptId) : undefined,
    f.bucketId ? eq(artifacts.bucketId, f.bucketId) : undefined,
  ];
}

/** One page, newest first, one row more than asked so the caller knows whether there is more. */
export function listArtifacts(db: Db, scope: SQL | undefined, f: ArtifactFilter, from: number, limit: number) {
  return db
    .select()
    .from(artifacts)
    .where(and(scope, ...filters(f)))
    .orderBy(desc(artifacts.createdAt), desc(artifacts.id))
    .limit(limit + 1)
    .offset(from);
}

export async function findArtifact(db: Db, v: Viewer, id: string): Promise<ArtifactRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(artifacts)
    .where(and(eq(artifacts.id, id), visibleTo(v)));
  return row ?? null;
}

/** Only for serving files: by id alone, whose access the file route decides. */
export async function findArtifactById(db: Db, id: string): Promise<ArtifactRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(artifacts).where(eq(artifacts.id, id));
  return row ?? null;
}

/** The caller's visible attachments among `ids`. */
export function findArtifacts(db: Db, v: Viewer, ids: string[]) {
  const valid = ids.filter(isUuid);
  return valid.length
    ? db
        .select()
        .from(artifacts)
        .where(and(inArray(artifacts.id, valid), visibleTo(v)))
    : Promise.resolve([]);
}

export async function insertArtifact(db: Db, values: NewArtifact): Promise<ArtifactRow> {
  const [row] = await db.insert(artifacts).values(values).returning();
  return row!;
}

export async function updateArtifact(db: Db, id: string, set: Partial<NewArtifact>): Promise<ArtifactRow> {
  const [row] = await db.update(artifacts).set(set).where(eq(artifacts.id, id)).returning();
  return row!;
}

export async function deleteArtifact(db: Db, id: string) {
  await db.delete(artifacts).where(eq(artifacts.id, id));
}

export function setBucket(db: Db, ids: string[], bucketId: string | null, onlyFrom?: string) {
  return db
    .update(artifacts)
    .set({ bucketId })
    .where(and(inArray(artifacts.id, ids), onlyFrom ? eq(artifacts.bucketId, onlyFrom) : undefined))
    .returning({ id: artifacts.id });
}
