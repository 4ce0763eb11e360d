import r2wc from '@r2wc/react-to-web-component';
import { AttachmentDialog } from './AttachmentDialog.js';

// `open` and `hide-browse` are not r2wc props: r2wc cannot express an HTML boolean attribute, so the class owns them.
const ReactElement = r2wc(AttachmentDialog, {
  props: { apiBase: 'string', token: 'string', mediaType: 'string', visibility: 'string' },
});

/**
 * The attachment dialog (broadcast spec 2, 4, 8, 9): tabs Public, Private and an optional Browse. Public and Private
 * toggle All (15 a page, 'Show more') versus Bucket (folders, then a folder's attachments with 'Back to bucket'), with
 * a search box (300 ms). Rows show a type icon or the image, the name cut to 15 characters and the description;
 * locations show their address, messages their text. Browse uploads a file from the device, public or private,
 * optionally into a bucket, with a progress bar. React Spectrum in light DOM; the modal portals to the document body,
 * so its regions are styled through the `--parley-*` tokens (a shadow root, and with it `::part()`, would break the
 * portal).
 *
 * @tag parley-attachment-dialog
 * @summary Choose or upload an attachment (image, video, audio, document, location, message, URL).
 *
 * @attr {string} api-base - The API base, `/api` in the console or `https://parley.example.com/api` on a partner page; file URLs are resolved against its origin.
 * @attr {string} token - The signed-in user's session token (the user needs CREATIVES.VIEW or CHAT.HANDLE to list, CREATIVES.CREATE to upload).
 * @attr {boolean} open - The dialog shows while this attribute is present; the dialog removes it when it closes.
 * @attr {string} media-type - IMAGE, VIDEO, AUDIO, DOC, LOCATION, MSG or URL: list only that kind, and let Browse accept only its files (LOCATION, MSG and URL hide Browse).
 * @attr {boolean} hide-browse - No Browse tab: only existing attachments can be chosen.
 * @attr {string} visibility - The tab shown first: `public` (default), `private` or `browse`.
 *
 * @fires {CustomEvent<AttachmentSelectedDetail>} parley-attachment-selected - A row was chosen, or a file uploaded through Browse: `detail.artifact` is the attachment, `detail.source` `list` or `upload`. The dialog then closes.
 * @fires {CustomEvent<AttachmentCloseDetail>} parley-close - The dialog closed without a choice: `detail.reason` is `dismissed` (Close or Escape) or `upload-failed` (with `detail.message`, shown in the dialog before it closed).
 *
 * @cssprop --parley-primary - Accent of the tabs, icons, hovered rows, bucket counts and URLs.
 * @cssprop --parley-surface - Background of the list.
 * @cssprop --parley-surface-muted - Background of the Browse drop area.
 * @cssprop --parley-border - Lines around the list and between rows.
 * @cssprop --parley-text - Text colour.
 * @cssprop --parley-muted - Descriptions, kinds, and the dialog's texts in place of a list.
 * @cssprop --parley-success - The location icon and map pin.
 * @cssprop --parley-warning - The message icon and quote bar, the bucket folders and the offline text.
 * @cssprop --parley-danger - 'Error in fetching Attachments', 'Session Expired...' and a refused upload's message.
 * @cssprop --parley-radius - Corner radius of the list, the drop area and messages.
 * @cssprop --parley-radius-small - Corner radius of the thumbnails.
 * @cssprop --parley-font-family - Text font.
 */
export class ParleyAttachmentDialog extends ReactElement {
  constructor() {
    super();
    // A framework may set these before the tag is defined; such own values would hide the accessors below.
    for (const name of ['open', 'hideBrowse'] as const) {
      const early = Object.getOwnPropertyDescriptor(this, name);
      if (early) {
        delete (this as { open?: unknown; hideBrowse?: unknown })[name];
        this[name] = Boolean(early.value);
      }
    }
  }

  /** Mirrors the `open` attribute: setting it true shows the dialog, false closes it without an event. */
  get open(): boolean {
    return (this as unknown as HTMLElement).hasAttribute('open');
  }

  set open(value: boolean) {
    (this as unknown as HTMLElement).toggleAttribute('open', Boolean(value));
  }

  /** Mirrors the `hide-browse` attribute. */
  get hideBrowse(): boolean {
    return (this as unknown as HTMLElement).hasAttribute('hide-browse');
  }

  set hideBrowse(value: boolean) {
    (this as unknown as HTMLElement).toggleAttribute('hide-browse', Boolean(value));
  }
}
export type { Artifact, AttachmentCloseDetail, AttachmentSelectedDetail } from './events.js';
