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

/**
 * Reads every part into memory (bounded by uploadLimits) so that all files can be checked before any is stored.
 * `files` parts are the documents; other file parts are drained and ignored; fields come back as strings.
 */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!request.isMultipart()) throw ApiError.field('files', DocumentMessages.noFiles);
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else if (part.fieldname === 'files') files.push({ fileName: part.filename, bytes: await part.toBuffer() });
      else part.file.resume();
    }
  } catch (err) {
    const e = err as { code?: string; part?: { filename?: string } };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw ApiError.field('files', DocumentMessages.tooLarge(e.part?.filename ?? '', formatBytes(maxBytes)));
    if (e.code === 'FST_FILES_LIMIT') throw ApiError.field('files', DocumentMessages.tooMany(MAX_DOCUMENTS_PER_UPLOAD));
    throw err;
  }
  return { fields, files };
}
