import { ArtifactMessages } from '@parley/sdk/contract/artifact-texts';
import { attempts, holdsIconRule, outputSize, type Area, type PictureMime } from './picture-size.js';

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(ArtifactMessages.invalidFormatCropped));
    image.src = src;
  });
}

const toBlob = (canvas: HTMLCanvasElement, mime: PictureMime, quality: number) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, mime, quality));

const toDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(ArtifactMessages.uploadFailed));
    reader.readAsDataURL(blob);
  });

/**
 * Draws `area` of the image and encodes it, smaller step by step, until it holds the 50 kB / 1024 x 1024 rule.
 * Rejects with the spec's image-rule text when even the smallest try is too large.
 */
export async function encodePicture(image: HTMLImageElement, area: Area, mime: PictureMime): Promise<string> {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) throw new Error(ArtifactMessages.uploadFailed);
  const first = outputSize(area);
  for (const attempt of attempts(mime, Math.max(first.width, first.height))) {
    const size = outputSize(area, attempt.longest);
    canvas.width = size.width;
    canvas.height = size.height;
    // A PNG with transparency stays transparent; a JPEG has none, so its background is white rather than black.
    if (mime === 'image/jpeg') {
      context.fillStyle = 'white';
      context.fillRect(0, 0, size.width, size.height);
    } else context.clearRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size.width, size.height);
    const blob = await toBlob(canvas, mime, attempt.quality);
    if (blob && holdsIconRule(blob.size, size)) return toDataUrl(blob);
  }
  throw new Error(ArtifactMessages.iconRule);
}
