import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { ALLOWED_EXTENSIONS, ICON_RULE, MAX_BYTES, STORED_NAME_MAX, type MediaKind } from '@parley/sdk/contract/artifacts';

/**
 * What an upload's bytes must look like for its extension. `detected` lists the `file-type` results that count as
 * that format; `text` means a format without magic numbers (csv), accepted when its head reads as text.
 */
interface Format {
  kind: MediaKind;
  mime: string;
  detected: readonly string[] | 'text';
}

const OLE = ['cfb'];
// Office's zip formats are told apart by entries deep in the archive; the head may only show a zip.
const OFFICE_ZIP = ['zip', 'docx', 'pptx', 'xlsx'];

const FORMATS: Record<string, Format> = {
  jpg: { kind: 'IMAGE', mime: 'image/jpeg', detected: ['jpg'] },
  jpeg: { kind: 'IMAGE', mime: 'image/jpeg', detected: ['jpg'] },
  png: { kind: 'IMAGE', mime: 'image/png', detected: ['png'] },
  mp4: { kind: 'VIDEO', mime: 'video/mp4', detected: ['mp4', 'm4v'] },
  aac: { kind: 'AUDIO', mime: 'audio/aac', detected: ['aac'] },
  mpeg: { kind: 'AUDIO', mime: 'audio/mpeg', detected: ['mp3', 'mp2', 'mp1'] },
  mp3: { kind: 'AUDIO', mime: 'audio/mpeg', detected: ['mp3', 'mp2', 'mp1'] },
  m4a: { kind: 'AUDIO', mime: 'audio/mp4', detected: ['m4a', 'mp4', 'm4b'] },
  amr: { kind: 'AUDIO', mime: 'audio/amr', detected: ['amr'] },
  ogg: { kind: 'AUDIO', mime: 'audio/ogg', detected: ['ogg', 'oga', 'opus', 'spx'] },
  pdf: { kind: 'DOC', mime: 'application/pdf', detected: ['pdf'] },
  doc: { kind: 'DOC', mime: 'application/msword', detected: OLE },
  word: { kind: 'DOC', mime: 'application/msword', detected: [...OLE, ...OFFICE_ZIP] },
  ppt: { kind: 'DOC', mime: 'application/vnd.ms-powerpoint', detected: OLE },
  xls: { kind: 'DOC', mime: 'application/vnd.ms-excel', detected: OLE },
  docx: { kind: 'DOC', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', detected: OFFICE_ZIP },
  pptx: { kind: 'DOC', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', detected: OFFICE_ZIP },
  xlsx: { kind: 'DOC', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', detected: OFFICE_ZIP },
  csv: { kind: 'DOC', mime: 'text/csv', detected: 'text' },
};

// Every allowed extension of the contract has a format here, and nothing else does.
for (const ext of Object.values(ALLOWED_EXTENSIONS).flat()) if (!FORMATS[ext]) throw new Error(`no format for .${ext}`);

/** How many leading bytes of an upload are kept to check its content and read an image's size. */
export const HEAD_BYTES = 256 * 1024;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The format an allowed extension promises, or null for any other file. */
export function formatOf(name: string): Format | null {
  return Object.hasOwn(FORMATS, extensionOf(name)) ? FORMATS[extensionOf(name)]! : null;
}

/** The largest file of a kind: its own limit, or the server's overall one when that is smaller. */
export function maxBytesOf(kind: MediaKind, maxUploadBytes: number) {
  return Math.min(MAX_BYTES[kind], maxUploadBytes);
}

/**
 * A client's file name kept for display: no folders (some browsers send a whole path), no control or bidi-override
 * characters (which can disguise an extension), at most STORED_NAME_MAX characters with the extension kept.
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  // A lone surrogate (JSON can carry one) would make encodeURIComponent throw when the file's URL is made.
  let name = base
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .replace(/\s+/g, ' ')
    .trim();
  if (name.length > STORED_NAME_MAX) {
    const ext = extensionOf(name);
    // Cut between characters: half a surrogate pair cannot be put in the file's URL.
    let stem = name.slice(0, STORED_NAME_MAX - 1 - ext.length);
    if (/[\uD800-\uDBFF]$/.test(stem)) stem = stem.slice(0, -1);
    name = `${stem}.${ext}`;
  }
  return name === '' || name.startsWith('.') ? `file${name}` : name;
}

/** Whether the bytes really are the format the extension claims (a .png that is HTML is not a PNG). */
export async function contentMatches(format: Format, head: Buffer): Promise<boolean> {
  if (head.length === 0) return false;
  const detected = await fileTypeFromBuffer(head);
  if (format.detected === 'text') return !detected && looksLikeText(head);
  return detected !== undefined && format.detected.includes(detected.ext);
}

/** Text in any 8-bit encoding a spreadsheet writes: no NUL and no control characters but tab, newlines and form feed. */
function looksLikeText(head: Buffer) {
  for (const b of head) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return false;
  return true;
}

export function imageDimensions(head: Buffer): { width: number; height: number } | null {
  try {
    const { width, height } = imageSize(head);
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/** The cropped-image rule (platform-shell 5): icons are small and at most 1024 x 1024. */
export function iconRuleHolds(size: number, dims: { width: number; height: number } | null) {
  return size <= ICON_RULE.maxBytes && dims !== null && dims.width <= ICON_RULE.maxWidth && dims.height <= ICON_RULE.maxHeight;
}
