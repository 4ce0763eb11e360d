import { ICON_RULE } from '@parley/sdk/contract/artifact-texts';

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type PictureMime = 'image/png' | 'image/jpeg';

/** The file upload of platform-shell 2.12: JPEG in gives JPEG out, PNG gives PNG; anything else is refused. */
export function outputMime(fileType: string): PictureMime | null {
  if (fileType === 'image/png') return 'image/png';
  if (fileType === 'image/jpeg' || fileType === 'image/jpg') return 'image/jpeg';
  return null;
}

/** The crop drawn at most 1024 px on its longer side (the spec's resolution rule), never enlarged. */
export function outputSize(area: Pick<Area, 'width' | 'height'>, longest: number = ICON_RULE.maxWidth) {
  const scale = Math.min(1, longest / Math.max(area.width, area.height));
  return { width: Math.max(1, Math.round(area.width * scale)), height: Math.max(1, Math.round(area.height * scale)) };
}

export interface Attempt {
  /** The longer side, in pixels. */
  longest: number;
  /** JPEG quality; PNG ignores it. */
  quality: number;
}

/**
 * The encodings tried, in order, until one holds the 50 kB rule: JPEG lowers its quality before its size, PNG
 * (lossless) can only shrink. A phone photo cropped to 1024 px is ~150 kB as JPEG, so most pictures end near 512 px.
 */
export function attempts(mime: PictureMime, longest: number): Attempt[] {
  const sides: number[] = [];
  for (let side = Math.min(longest, ICON_RULE.maxWidth); side >= 64; side = Math.floor(side * 0.75)) sides.push(side);
  if (sides.length === 0) sides.push(Math.max(1, longest));
  const qualities = mime === 'image/jpeg' ? [0.9, 0.8, 0.7] : [1];
  return sides.flatMap((side) => qualities.map((quality) => ({ longest: side, quality })));
}

export const holdsIconRule = (bytes: number, size: { width: number; height: number }) =>
  bytes <= ICON_RULE.maxBytes && size.width <= ICON_RULE.maxWidth && size.height <= ICON_RULE.maxHeight;
