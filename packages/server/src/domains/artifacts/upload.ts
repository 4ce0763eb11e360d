import { randomUUID } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ArtifactMessages, artifactsApi, ICON_RULE, type MediaKind } from '@parley/sdk/contract/artifacts';
import { Codes } from '@parley/sdk/contract/envelope';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { zodToApiError } from '../../http/errors-plugin.js';
import { refuseNulText } from '../../http/nul-text.js';
import { reply } from '../../http/reply.js';
import { API_PREFIX, authorize, routeTable } from '../../http/route.js';
import { ACCESS } from '@parley/sdk/contract/access';
import { contentMatches, formatOf, HEAD_BYTES, iconRuleHolds, imageDimensions, maxBytesOf, sanitizeFileName } from './file-checks.js';
import { insertArtifact } from './queries.js';
import { createdByOf, type ArtifactDeps, type ArtifactService } from './service.js';
import { KIND_LABELS, megabytes } from './texts.js';

const UPLOAD_URL = `${API_PREFIX}/${artifactsApi.upload.path}`;
const uploadFields = artifactsApi.upload.input.omit({ file: true });

class TooLarge extends Error {}

/** Counts the bytes as they pass and fails the moment there are too many; keeps the head for the content checks. */
class Intake extends Transform {
  bytes = 0;
  private readonly chunks: Buffer[] = [];
  private kept = 0;

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) return done(new TooLarge());
    if (this.kept < HEAD_BYTES) {
      const piece = Buffer.from(chunk.subarray(0, HEAD_BYTES - this.kept));
      this.chunks.push(piece);
      this.kept += piece.length;
    }
    done(null, chunk);
  }

  head() {
    return Buffer.concat(this.chunks);
  }
}

type Refusal = 'format' | 'tooLarge' | 'icon';
interface Received {
  id: string;
  key: string;
  name: string;
  kind: MediaKind;
  mime: string;
  size: number;
  head: Buffer;
}

const isIcon = (rType: string | undefined) => rType?.trim().toUpperCase() === 'ICON';

/**
 * `e/drive/upload` (platform-shell 5, 7.4, 9): one file part `file` and its fields, in either order. The file streams
 * into the store through a counter that stops it at its kind's limit; its head is then checked to really be what
 * its extension says. Any refusal or failure removes the file, and the row is written last, so nothing is left half.
 */
export function uploadRoute(app: FastifyInstance, service: ArtifactService, deps: ArtifactDeps) {
  const sizeLimit = (kind: MediaKind, icon: boolean) => (icon ? Math.min(ICON_RULE.maxBytes, deps.maxUploadBytes) : maxBytesOf(kind, deps.maxUploadBytes));
  const refusalMessage = (refusal: Refusal, icon: boolean, kind: MediaKind | undefined) => {
    if (refusal === 'icon' || (refusal === 'tooLarge' && icon)) return ArtifactMessages.iconRule;
    if (refusal === 'tooLarge' && kind) return ArtifactMessages.tooLarge(KIND_LABELS[kind], megabytes(sizeLimit(kind, false)));
    return icon ? ArtifactMessages.invalidFormatCropped : ArtifactMessages.invalidFormat;
  };

  async function receive(auth: AuthContext, part: MultipartFile, icon: boolean): Promise<Received | Refusal> {
    const name = sanitizeFileName(part.filename ?? '');
    const format = formatOf(name);
    if (!format || (icon && format.kind !== 'IMAGE')) {
      part.file.resume();
      return 'format';
    }
    const id = randomUUID();
    const key = `artifacts/${auth.eId}/${id}`;
    const intake = new Intake(sizeLimit(format.kind, icon));
    // Both sides settle before the file is judged: a refused upload must not leave a half-written file behind.
    const [fed, written] = await Promise.allSettled([pipeline(part.file, intake), deps.files.write(key, intake)]);
    if (fed.status === 'rejected' || written.status === 'rejected') {
      await deps.files.remove(key);
      const reason: unknown = fed.status === 'rejected' ? fed.reason : (written as PromiseRejectedResult).reason;
      if (reason instanceof TooLarge || part.file.truncated) return 'tooLarge';
      throw reason;
    }
    if (part.file.truncated) {
      await deps.files.remove(key);
      return 'tooLarge';
    }
    return { id, key, name, kind: format.kind, mime: format.mime, size: intake.bytes, head: intake.head() };
  }

  /** Everything after the bytes: their content, the icon rule, the fields, the bucket; then the row. */
  async function record(auth: AuthContext, file: Received, fields: Record<string, string>) {
    const icon = isIcon(fields.rType);
    const format = formatOf(file.name)!;
    if (!(await contentMatches(format, file.head))) throw ApiError.field('file', refusalMessage('format', icon, file.kind));
    const dims = file.kind === 'IMAGE' ? imageDimensions(file.head) : null;
    if (icon && !iconRuleHolds(file.size, dims)) throw ApiError.field('file', ArtifactMessages.iconRule);
    refuseNulText(fields);
    const parsed = uploadFields.safeParse(fields);
    if (!parsed.success) throw zodToApiError(parsed.error);
    const input = parsed.data;
    let isPublic = input.isPublic ?? true;
    let bucketId: string | null = null;
    if (input.bucketUpload || input.bucketId) {
      if (!input.bucketId) throw ApiError.field('bucketId', ArtifactMessages.bucketNotFound);
      const bucket = await service.buckets.get(auth, input.bucketId);
      isPublic = input.isPublic ?? bucket.isPublic;
      bucketId = (await service.bucketFor(auth, bucket.id, isPublic)).id;
    }
    return insertArtifact(deps.db, {
      id: file.id,
      eId: auth.eId,
      type: file.kind,
      name: file.name,
      desc: input.desc?.trim() ?? '',
      storageKey: file.key,
      mimeType: file.mime,
      size: file.size,
      width: dims?.width ?? null,
      height: dims?.height ?? null,
      isPublic,
      adminCreated: auth.roles.includes(1),
      deptId: input.deptId || null,
      bucketId,
      createdBy: createdByOf(auth),
    });
  }

  routeTable.push({ method: 'POST', url: UPLOAD_URL, access: ACCESS.attachments.create });
  // Multipart in a scope of its own, so no other route starts accepting multipart bodies. The busboy limit is a
  // backstop only: each file stops at its own kind's limit first.
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: deps.maxUploadBytes + 1, files: 2, fields: 10, fieldSize: 8192, parts: 12 } });
    scope.post(UPLOAD_URL, async (request, replyTo) => {
      const auth = authorize(request, ACCESS.attachments.create)!;
      if (!request.isMultipart()) throw ApiError.field('file', ArtifactMessages.invalidFormat);
      const fields: Record<string, string> = {};
      let file: Received | undefined;
      let refusal: Refusal | undefined;
      let kind: MediaKind | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') fields[part.fieldname] = String(part.value);
          else if (part.fieldname !== 'file' || file || refusal) {
            refusal ??= 'format';
            part.file.resume();
          } else {
            kind = formatOf(sanitizeFileName(part.filename ?? ''))?.kind;
            const got = await receive(auth, part, isIcon(fields.rType));
            if (typeof got === 'string') refusal = got;
            else file = got;
          }
        }
      } catch (err) {
        if (file) await deps.files.remove(file.key);
        // The rest of a refused body may never be read: close the connection rather than leave it half-read.
        replyTo.header('connection', 'close');
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw ApiError.field('file', refusalMessage('tooLarge', isIcon(fields.rType), kind));
        if (code?.startsWith('FST_')) throw ApiError.field('file', ArtifactMessages.uploadFailed);
        throw err;
      }
      if (refusal || !file) {
        if (file) await deps.files.remove(file.key);
        replyTo.header('connection', 'close');
        throw ApiError.field('file', refusalMessage(refusal ?? 'format', isIcon(fields.rType), kind));
      }
      let row;
      try {
        row = await record(auth, file, fields);
      } catch (err) {
        await deps.files.remove(file.key);
        if (err instanceof ApiError) throw err;
        request.log.error({ err }, 'attachment upload failed');
        throw new ApiError(Codes.INTERNAL, ArtifactMessages.uploadFailed, 500);
      }
      const artifact = service.present(row);
      const r = reply({ artifact, url: artifact.data.url! }, ArtifactMessages.uploaded);
      request.replyCode = r.code;
      return replyTo.send({ status: true, code: r.code, message: r.message, data: r.data });
    });
  });
}
