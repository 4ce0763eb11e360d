import { z } from 'zod';
import { ArtifactMessages, ICON_RULE } from './artifact-texts.js';

/**
 * A small cropped image sent inline as a data URL (a profile picture, an enterprise logo). They are kept with their
 * row rather than in the file store: the 50 kB rule (platform-shell 5) keeps them small, and the pictures need no
 * attachment permission or file listing. The server also checks the bytes really are a PNG or JPEG of at most
 * 1024 x 1024.
 */
const DATA_URL = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;

/** Bytes a base64 text decodes to. */
export const base64Bytes = (text: string) => Math.floor((text.length * 3) / 4) - (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0);

export const imageDataUrl = z
  .string({ error: ArtifactMessages.invalidFormatCropped })
  // Base64 of 50 kB plus the prefix; anything longer is refused before the pattern runs over it.
  .max(Math.ceil((ICON_RULE.maxBytes * 4) / 3) + 40, { error: ArtifactMessages.iconRule, abort: true })
  .regex(DATA_URL, { error: ArtifactMessages.invalidFormatCropped, abort: true })
  .refine((v) => base64Bytes(v.slice(v.indexOf(',') + 1)) <= ICON_RULE.maxBytes, { error: ArtifactMessages.iconRule });

export function parseImageDataUrl(value: string): { mime: 'image/png' | 'image/jpeg'; bytes: Uint8Array } | null {
  const match = DATA_URL.exec(value);
  if (!match) return null;
  const binary = atob(match[2]!);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return { mime: `image/${match[1] as 'png' | 'jpeg'}`, bytes };
}
