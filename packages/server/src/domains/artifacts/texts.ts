import type { MediaKind } from '@parley/sdk/contract/artifacts';
import { Codes } from '@parley/sdk/contract/envelope';
import { ApiError } from '../../http/api-error.js';

/** Texts the contract's ArtifactMessages lack, worded in the spec's voice (reported to the lead for the contract). */
export const MoreArtifactMessages = {
  required: 'This field is required',
  invalidUrl: 'Please enter a valid url',
  visibilityMismatch: 'Public attachments go into public buckets and private ones into private buckets',
} as const;

/** How a size refusal names the kind (`ArtifactMessages.tooLarge(kind, mb)`). */
export const KIND_LABELS: Record<MediaKind, string> = { IMAGE: 'Image', VIDEO: 'Video', AUDIO: 'Audio', DOC: 'Document' };

/** Megabytes for a message: whole when whole, else two decimals (a small configured limit stays readable). */
export const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 100) / 100;

/** A 1404 refusal with this domain's own wording. */
export const notFound = (message: string) => new ApiError(Codes.NOT_FOUND, message, 404);
