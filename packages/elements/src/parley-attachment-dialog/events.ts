import type { Artifact } from '@parley/sdk/contract/artifacts';

export type { Artifact };

/**
 * `parley-attachment-selected`: a row was chosen, or a file chosen in Browse was uploaded. `artifact` is the
 * attachment as the contract's artifact shape (`_id`, `data.{type, name, desc, address, url}`, `bucketId`,
 * `isPublic`, ...). The dialog then closes.
 */
export interface AttachmentSelectedDetail {
  artifact: Artifact;
  /** `list` when picked from Public or Private, `upload` when it was just uploaded through Browse. */
  source: 'list' | 'upload';
}

/**
 * `parley-close`: the dialog closed without a choice. `dismissed` is the Close button or Escape; `upload-failed`
 * follows a refused upload (broadcast spec 8: "a failed file upload in the dialog shows the message and closes the
 * dialog"), with the message the dialog showed, so the host may repeat it in a toast.
 */
export type AttachmentCloseDetail = { reason: 'dismissed' } | { reason: 'upload-failed'; message: string };
