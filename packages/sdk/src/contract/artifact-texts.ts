/**
 * Attachments (artifacts) and buckets without zod (platform-shell 5 and 9; broadcast spec 3, 5-8): kinds, allowed
 * types, sizes and the attachment dialog's texts.
 */

/** Attachment types (platform-shell 9). */
export const AttachmentTypes = { DOC: 0, MEDIA: 1, MAP: 2, URL: 3, TAG: 4, MSG: 7 } as const;

/** What `data.type` of an artifact says (broadcast spec 3). */
export const ARTIFACT_KINDS = ['IMAGE', 'VIDEO', 'AUDIO', 'DOC', 'LOCATION', 'MSG', 'URL'] as const;
export type ArtifactKind = (typeof ARTIFACT_KINDS)[number];
export type MediaKind = Extract<ArtifactKind, 'IMAGE' | 'VIDEO' | 'AUDIO' | 'DOC'>;

/** Allowed extensions per media kind (platform-shell 9). */
export const ALLOWED_EXTENSIONS: Record<MediaKind, readonly string[]> = {
  IMAGE: ['jpeg', 'jpg', 'png'],
  VIDEO: ['mp4'],
  AUDIO: ['aac', 'mpeg', 'm4a', 'mp3', 'amr', 'ogg'],
  DOC: ['pdf', 'doc', 'docx', 'ppt', 'pptx', 'xls', 'xlsx', 'csv', 'word'],
};

/** Largest upload per media kind in bytes: the spec gives none, these are WhatsApp Cloud API's media limits. */
export const MAX_BYTES: Record<MediaKind, number> = { IMAGE: 5 * 1024 * 1024, VIDEO: 16 * 1024 * 1024, AUDIO: 16 * 1024 * 1024, DOC: 100 * 1024 * 1024 };

/** The cropped-image rule (platform-shell 5): profile and icon uploads (`rType` ICON) only. */
export const ICON_RULE = { maxWidth: 1024, maxHeight: 1024, maxBytes: 50 * 1024 } as const;

export const ArtifactPageSizes = { attachments: 15, library: 20, max: 100 } as const;
export const ATTACHMENT_SEARCH_DEBOUNCE_MS = 300;
export const FILE_NAME_MAX = 30;
/** The longest stored file name, in characters; its URL (`/files/<id>/<name>`) serves every name this allows. */
export const STORED_NAME_MAX = 200;
export const LIST_NAME_MAX = 15;

/** Shortens a file name longer than `max` with an ellipsis before the extension (platform-shell 5). */
export function shortenFileName(name: string, max = FILE_NAME_MAX): string {
  if (name.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 6 ? name.slice(dot) : '';
  const keep = Math.max(1, max - ext.length - 1);
  return `${name.slice(0, keep)}…${ext}`;
}

export function mediaKindOf(fileName: string): MediaKind | null {
  const ext = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  for (const kind of Object.keys(ALLOWED_EXTENSIONS) as MediaKind[]) if (ALLOWED_EXTENSIONS[kind].includes(ext)) return kind;
  return null;
}

export const ArtifactMessages = {
  invalidFormat: 'Invalid File Format !',
  invalidFormatCropped: 'Invalid file format',
  iconRule: 'Image must be within 1024 x 1024 resoultion and maximum size should be 50kb',
  uploadFailed: 'Something bad happened. Please try again later.',
  syncing: 'Pls wait..Syncing Attachments-',
  none: 'No Available Attachments!',
  fetchError: 'Error in fetching Attachments',
  offline: 'Attachments list not Synced,Please Turn On Internet!',
  sessionExpired: 'Session Expired,Please Login Again!',
  showMore: 'Show more',
  noMore: 'No more attachment to show',
  backToBucket: 'Back to bucket',
  mediaNotFound: 'media not found !!',
  invalidFileType: 'Invalid file type !',
  // Not shown in the spec; worded in its voice.
  tooLarge: (kind: string, mb: number) => `${kind} must be at most ${mb} MB`,
  bucketNameRequired: 'This field is required',
  bucketNameTaken: 'A bucket with this name already exists',
  notFound: 'Attachment not found',
  bucketNotFound: 'Bucket not found',
  uploaded: 'File uploaded successfully',
  saved: 'Attachment saved successfully',
  deleted: 'Attachment deleted successfully',
  bucketSaved: 'Bucket saved successfully',
  bucketDeleted: 'Bucket deleted successfully',
  moved: 'Attachments moved to the bucket',
  removed: 'Attachments removed from the bucket',
  mediaUnreachable: 'media not found !!',
  mediaValid: 'Media is valid',
} as const;
