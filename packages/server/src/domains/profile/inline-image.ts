import { ArtifactMessages } from '@parley/sdk/contract/artifact-texts';
import { parseImageDataUrl } from '@parley/sdk/contract/image-data-url';
import { ApiError } from '../../http/api-error.js';
import { contentMatches, formatOf, iconRuleHolds, imageDimensions } from '../artifacts/file-checks.js';

/**
 * A picture or logo sent inline: its bytes must be the PNG or JPEG its data URL names (a renamed HTML page is not
 * one) and hold the cropped-image rule, checked on the bytes as the upload route checks files.
 */
export async function checkInlineImage(value: string, field: string): Promise<string> {
  const image = parseImageDataUrl(value);
  if (!image) throw ApiError.field(field, ArtifactMessages.invalidFormatCropped);
  const bytes = Buffer.from(image.bytes);
  const format = formatOf(image.mime === 'image/png' ? 'image.png' : 'image.jpg')!;
  if (!(await contentMatches(format, bytes))) throw ApiError.field(field, ArtifactMessages.invalidFormatCropped);
  if (!iconRuleHolds(bytes.length, imageDimensions(bytes))) throw ApiError.field(field, ArtifactMessages.iconRule);
  return value;
}
