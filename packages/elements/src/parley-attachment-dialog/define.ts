import { ParleyAttachmentDialog } from './parley-attachment-dialog.js';

if (!customElements.get('parley-attachment-dialog')) customElements.define('parley-attachment-dialog', ParleyAttachmentDialog);

declare global {
  interface HTMLElementTagNameMap {
    'parley-attachment-dialog': HTMLElement & {
      apiBase?: string;
      token?: string;
      mediaType?: string;
      visibility?: string;
      open: boolean;
      hideBrowse: boolean;
    };
  }
}
