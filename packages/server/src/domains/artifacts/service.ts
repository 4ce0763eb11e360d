import { ArtifactMessages, MAX_BYTES, type Artifact, type ArtifactKind, type MediaKind } from '@parley/sdk/contract/artifacts';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import type { SealedBox } from '../../secrets/sealed-box.js';
import type { FileStore } from '../../storage/file-store.js';
import { ALL, BucketService } from './bucket-service.js';
import { sanitizeFileName } from './file-checks.js';
import { presentArtifact } from './present.js';
import { vendorFileUrl } from './vendor-url.js';
import { deleteToTrash } from '../trash/put-in-trash.js';
import {
  deleteArtifact,
  findArtifact,
  insertArtifact,
  listArtifacts,
  ofVisibility,
  updateArtifact,
  visibleTo,
  type ArtifactFilter,
  type ArtifactRow,
} from './queries.js';
import { KIND_LABELS, megabytes, MoreArtifactMessages, notFound } from './texts.js';

export interface ArtifactDeps {
  db: Db;
  files: FileStore;
  /** The server's public address (PUBLIC_URL): only for the URLs a vendor fetches media from. */
  publicUrl: string;
  /** Signs the links to private files handed to a vendor. */
  sealed: SealedBox;
  maxUploadBytes: number;
  /** Resolves a session token, for private files outside `/api` (where the authenticate plugin does not run). */
  sessions: { resolve(token: string): Promise<AuthContext | null> };
}

/** Attachments that are not files: a location, a message or a link (files come through the upload). */
const NON_FILE_KINDS: readonly ArtifactKind[] = ['LOCATION', 'URL', 'MSG'];

/** What WhatsApp accepts per media kind (Cloud API media limits); a template's document must be a PDF. */
const WHATSAPP_MIME: Partial<Record<MediaKind, readonly string[]>> = { IMAGE: ['image/jpeg', 'image/png'], VIDEO: ['video/mp4'] };

export const createdByOf = (auth: AuthContext) => (auth.embedKey ? null : auth.uId);

function isHttpUrl(text: string) {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Attachments (artifacts): the library's list, the non-file kinds, edits, deletion and chat-media validation. */
export class ArtifactService {
  readonly buckets: BucketService;

  constructor(private readonly deps: ArtifactDeps) {
    this.buckets = new BucketService(deps.db);
  }

  present(row: ArtifactRow): Artifact {
    return presentArtifact(row);
  }

  async get(auth: AuthContext, id: string): Promise<ArtifactRow> {
    const row = await findArtifact(this.deps.db, auth, id);
    if (!row) throw notFound(ArtifactMessages.notFound);
    return row;
  }

  /** Public attachments of the enterprise or the caller's private ones; with a bucket, that bucket's contents. */
  async list(auth: AuthContext, visibility: 'public' | 'private', filter: ArtifactFilter, from: number, perPage: number) {
    let scope = ofVisibility(auth, visibility === 'public');
    if (filter.bucketId) {
      await this.buckets.get(auth, filter.bucketId);
      scope = visibleTo(auth);
    }
    const limit = perPage < 0 ? ALL : perPage;
    const rows = await listArtifacts(this.deps.db, scope, filter, from, limit);
    return { artifacts: rows.slice(0, limit).map((r) => this.present(r)), more: rows.length > limit };
  }

  /** A bucket to file an attachment into: one the caller may use, of the attachment's visibility. */
  async bucketFor(auth: AuthContext, bucketId: string, isPublic: boolean) {
    const bucket = await this.buckets.get(auth, bucketId);
    if (bucket.isPublic !== isPublic) throw ApiError.field('bucketId', MoreArtifactMessages.visibilityMismatch);
    return bucket;
  }

  async create(
    auth: AuthContext,
    input: {
      data: { type: ArtifactKind; name: string; desc: string; address?: string | undefined; url?: string | undefined };
      isPublic: boolean;
      bucketId?: string | undefined;
      deptId?: string | undefined;
    },
  ): Promise<ArtifactRow> {
    const { type } = input.data;
    if (!NON_FILE_KINDS.includes(type)) throw ApiError.field('data.type', ArtifactMessages.invalidFormat);
    const desc = input.data.desc.trim();
    const address = input.data.address?.trim() ?? '';
    const url = input.data.url?.trim() ?? '';
    if (type === 'LOCATION' && !address) throw ApiError.field('data.address', MoreArtifactMessages.required);
    if (type === 'URL' && !isHttpUrl(url)) throw ApiError.field('data.url', MoreArtifactMessages.invalidUrl);
    if (type === 'MSG' && !desc) throw ApiError.field('data.desc', MoreArtifactMessages.required);
    // Without a name the attachment is listed by what it holds.
    const name = input.data.name.trim() || (type === 'LOCATION' ? address : type === 'URL' ? url : desc).slice(0, 200);
    const bucketId = input.bucketId ? (await this.bucketFor(auth, input.bucketId, input.isPublic)).id : null;
    return insertArtifact(this.deps.db, {
      eId: auth.eId,
      type,
      name,
      desc,
      address: type === 'LOCATION' ? address : null,
      url: type === 'URL' ? url : null,
      isPublic: input.isPublic,
      adminCreated: auth.roles.includes(1),
      deptId: input.deptId || null,
      bucketId,
      createdBy: createdByOf(auth),
    });
  }

  async update(auth: AuthContext, id: string, input: { name?: string | undefined; desc?: string | undefined; isPublic?: boolean | undefined }) {
    const row = await this.get(auth, id);
    const set: Partial<ArtifactRow> = {};
    if (input.name !== undefined) {
      const name = row.storageKey ? sanitizeFileName(input.name) : input.name.trim();
      if (!input.name.trim()) throw ApiError.field('name', MoreArtifactMessages.required);
      set.name = name;
    }
    if (input.desc !== undefined) set.desc = input.desc.trim();
    if (input.isPublic !== undefined && input.isPublic !== row.isPublic) {
      // Someone else's public attachment made private would vanish from its owner: only the creator may do that.
      if (!input.isPublic && row.createdBy !== auth.uId) throw ApiError.accessDenied();
      set.isPublic = input.isPublic;
      // A bucket holds one visibility: an attachment that changes it leaves the bucket.
      set.bucketId = null;
    }
    return Object.keys(set).length ? updateArtifact(this.deps.db, row.id, set) : row;
  }

  /** The row goes to the trash; its file stays stored until the trash purges it (or it is deleted forever). */
  async delete(auth: AuthContext, id: string) {
    const row = await this.get(auth, id);
    await deleteToTrash(this.deps.db, auth, 'attachment', row.id, (tx) => deleteArtifact(tx, row.id));
  }

  /** "Validate chat media" (broadcast spec 5, 7): a file of the caller's enterprise, of the kind asked, still stored. */
  async validateMedia(auth: AuthContext, id: string, mediaType: ArtifactKind | undefined) {
    const row = await findArtifact(this.deps.db, auth, id);
    if (!row) throw notFound(ArtifactMessages.mediaNotFound);
    const kind = row.type as MediaKind;
    const mime = row.mimeType ?? '';
    const refuse = (message: string) => ApiError.field('id', message);
    if (!row.storageKey || !(kind in MAX_BYTES)) throw refuse(ArtifactMessages.invalidFileType);
    if (mediaType && mediaType !== kind) throw refuse(ArtifactMessages.invalidFileType);
    if (WHATSAPP_MIME[kind] && !WHATSAPP_MIME[kind].includes(mime)) throw refuse(ArtifactMessages.invalidFileType);
    if (mediaType === 'DOC' && mime !== 'application/pdf') throw refuse(ArtifactMessages.invalidFileType);
    let size: number;
    try {
      size = await this.deps.files.size(row.storageKey);
    } catch {
      throw notFound(ArtifactMessages.mediaNotFound);
    }
    if (size > MAX_BYTES[kind]) throw refuse(ArtifactMessages.tooLarge(KIND_LABELS[kind], megabytes(MAX_BYTES[kind])));
    return { valid: true, url: this.present(row).data.url!, mimeType: mime, size, row };
  }

  /**
   * The URL a vendor fetches one of the caller's media from, after the same checks as validateMedia: absolute on
   * PUBLIC_URL, and for a private file signed for a while (the vendor has no session).
   */
  async vendorMediaUrl(auth: AuthContext, id: string, mediaType: ArtifactKind | undefined): Promise<string> {
    return (await this.mediaForVendor(auth, id, mediaType)).vendorUrl;
  }

  /** validateMedia's answer with the URL the vendor fetches, from one check. */
  async mediaForVendor(auth: AuthContext, id: string, mediaType: ArtifactKind | undefined) {
    const checked = await this.validateMedia(auth, id, mediaType);
    return { ...checked, vendorUrl: vendorFileUrl(checked.row, this.deps.publicUrl, this.deps.sealed) };
  }
}
