import type { FastifyRequest } from 'fastify';
import type { Upload } from '../whatsapp/customer-phone.js';

/** What the phone may attach, by the type its bytes show (never the name or the declared type), and how large. */
const LIMITS: Record<string, number> = { 'image/jpeg': 5 * 1024 * 1024, 'image/png': 5 * 1024 * 1024, 'application/pdf': 10 * 1024 * 1024 };
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(LIMITS));

export class PhoneError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

function sniff(bytes: Buffer): string | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

/** A multipart form of text fields and one `file`: the fields, and the file checked as an image or a PDF. */
export async function readUpload(request: FastifyRequest): Promise<{ fields: Record<string, string>; upload: Upload }> {
  if (!request.isMultipart()) throw new PhoneError(400, 'Send the file as multipart/form-data');
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; filename: string; truncated: boolean } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else if (part.fieldname !== 'file' || file) part.file.resume();
      else file = { bytes: await part.toBuffer(), filename: part.filename, truncated: part.file.truncated };
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new PhoneError(413, tooLarge());
    throw err;
  }
  if (!file || file.bytes.length === 0) throw new PhoneError(400, 'Attach an image (JPEG or PNG) or a PDF');
  const mimeType = sniff(file.bytes);
  if (!mimeType) throw new PhoneError(415, 'Only JPEG or PNG images and PDF documents can be sent from the sandbox phone');
  if (file.truncated || file.bytes.length > LIMITS[mimeType]!) throw new PhoneError(413, tooLarge());
  // The name is shown to agents and kept as the document's file name: no folders, no control characters.
  const filename =
    [...file.filename]
      .filter((c) => c >= ' ' && c !== '/' && c !== '\\')
      .join('')
      .slice(-120) || (mimeType === 'application/pdf' ? 'document.pdf' : 'image');
  const caption = fields.caption?.trim().slice(0, 1024);
  return { fields, upload: { bytes: file.bytes, mimeType, filename, ...(caption ? { caption } : {}) } };
}

const tooLarge = () => 'Images can be at most 5 MB, PDFs at most 10 MB';
