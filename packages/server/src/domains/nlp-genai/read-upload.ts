import type { FastifyRequest } from 'fastify';
import { DocumentMessages, MAX_DOCUMENTS_PER_UPLOAD } from '@parley/sdk/contract/nlp-genai';
import { ApiError } from '../../http/api-error.js';
import type { UploadedFile } from './service.js';

/** The multipart limits of the upload route: the per-file size, and few parts so one request cannot hold much memory. */
export const uploadLimits = (maxBytes: number) => ({
  fileSize: maxBytes,
  files: MAX_DOCUMENTS_PER_UPLOAD,
  fields: 10,
  fieldSize: 1024,
  parts: MAX_DOCUMENTS_PER_UPLOAD + 10,
});

export const formatBytes = (n: number) =>
  n >= 1024 * 1024 ? `${+(n / (1024 * 1024)).toFixed(1)} MB` : n >= 1024 ? `${+(n / 1024).toFixed(1)} KB` : `${n} bytes`;

/** The only parts the upload takes: the agent as text and the documents as files. */
const AGENT_FIELD = 'agentId';
const FILES_FIELD = 'files';

/**
 * Reads every part into memory (bounded by uploadLimits) so that all files can be checked before any is stored.
 * A part of another name or kind is refused, not ignored: a document sent the wrong way would otherwise be
 * reported as uploaded. The body is still read to its end, so the refusal is the reply and not a reset connection.
 */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!request.isMultipart()) throw ApiError.field(FILES_FIELD, DocumentMessages.noFiles);
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let refusal: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === AGENT_FIELD) fields[part.fieldname] = String(part.value);
        else refusal ??= part.fieldname === FILES_FIELD ? DocumentMessages.notAFile : DocumentMessages.unexpectedPart(part.fieldname);
      } else if (part.fieldname === FILES_FIELD) files.push({ fileName: part.filename, bytes: await part.toBuffer() });
      else {
        refusal ??= DocumentMessages.unexpectedPart(part.fieldname);
        part.file.resume();
      }
    }
  } catch (err) {
    const e = err as { code?: string; part?: { filename?: string } };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw ApiError.field(FILES_FIELD, DocumentMessages.tooLarge(e.part?.filename ?? '', formatBytes(maxBytes)));
    if (e.code === 'FST_FILES_LIMIT') throw ApiError.field(FILES_FIELD, DocumentMessages.tooMany(MAX_DOCUMENTS_PER_UPLOAD));
    throw err;
  }
  if (refusal) throw ApiError.field(FILES_FIELD, refusal);
  return { fields, files };
}
