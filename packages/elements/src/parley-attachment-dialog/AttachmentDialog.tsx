import { DialogContainer } from '@adobe/react-spectrum/DialogContainer';
import { ElementRoot } from '../internal/element-root.js';
import { useEffect, useMemo, useState } from 'react';
import type { Artifact } from '@parley/sdk/contract/artifacts';
import { ARTIFACT_KINDS, type ArtifactKind } from '@parley/sdk/contract/artifact-texts';
import { ensureStyles } from '../internal/styles.js';
import { AttachmentClient } from './attachment-client.js';
import type { TabKey } from './AttachmentsBody.js';
import { useDeferredModule } from '../internal/deferred-module.js';
import DIALOG_CSS from './dialog-styles.css?inline';
import { useBooleanAttribute } from '../internal/use-attribute.js';
import type { AttachmentCloseDetail, AttachmentSelectedDetail } from './events.js';

/** The dialog's body (tabs, lists, upload), fetched after the element first renders. */
const loadBody = () => import('./AttachmentsBody.js');

/** How long a refused upload's message stays in view before the dialog closes (the spec gives no time). */
export const UPLOAD_FAILURE_CLOSE_MS = 3000;

export interface AttachmentDialogProps {
  apiBase?: string;
  token?: string;
  /** IMAGE, VIDEO, AUDIO, DOC, LOCATION, MSG or URL: list (and accept) only that kind. */
  mediaType?: string;
  /** The tab shown first: `public` (default), `private` or `browse`. */
  visibility?: string;
  /** The custom element itself (given by r2wc): its `open` attribute shows the dialog, events go out from it. */
  container?: HTMLElement;
}

const kindOf = (value: string | undefined): ArtifactKind | undefined => {
  const upper = value?.trim().toUpperCase();
  return ARTIFACT_KINDS.find((k) => k === upper);
};

/** The attachment dialog of the broadcast form and the chat (broadcast spec 2, 4, 8, 9). */
export function AttachmentDialog({ apiBase = '/api', token, mediaType, visibility, container }: AttachmentDialogProps) {
  ensureStyles('attachment-dialog', DIALOG_CSS);
  const client = useMemo(() => new AttachmentClient({ baseUrl: apiBase, token: token || null }), [apiBase, token]);
  const open = useBooleanAttribute(container, 'open');
  const body = useDeferredModule(loadBody);
  const hideBrowse = useBooleanAttribute(container, 'hide-browse');
  const kind = kindOf(mediaType);
  // Location, message and URL attachments are not files: nothing to browse for.
  const browse = !hideBrowse && !(kind && ['LOCATION', 'MSG', 'URL'].includes(kind));
  const first: TabKey = visibility === 'private' ? 'private' : visibility === 'browse' && browse ? 'browse' : 'public';
  const [failure, setFailure] = useState<string | null>(null);

  const emit = <T,>(type: string, detail: T) => container?.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true }));
  // Closing drops the attribute: the dialog unmounts, and with it the tab, the search, the pages and the upload.
  const close = () => {
    container?.removeAttribute('open');
    setFailure(null);
  };
  const closeWith = (detail: AttachmentCloseDetail) => {
    close();
    emit<AttachmentCloseDetail>('parley-close', detail);
  };
  const choose = (artifact: Artifact, source: AttachmentSelectedDetail['source']) => {
    emit<AttachmentSelectedDetail>('parley-attachment-selected', { artifact, source });
    close();
  };

  useEffect(() => {
    if (!open || failure === null) return;
    const timer = setTimeout(() => closeWith({ reason: 'upload-failed', message: failure }), UPLOAD_FAILURE_CLOSE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `closeWith` is new on every render; only a new failure (or closing) restarts the timer.
  }, [open, failure]);

  return (
    <ElementRoot container={container}>
      {/* Close and Escape dismiss; after a refused upload they close with its message, as the timer would. */}
      <DialogContainer onDismiss={() => closeWith(failure === null ? { reason: 'dismissed' } : { reason: 'upload-failed', message: failure })}>
        {open && body && (
          <body.AttachmentsBody
            client={client}
            mediaType={kind}
            browse={browse}
            firstTab={first}
            failure={failure}
            onChoose={(artifact) => choose(artifact, 'list')}
            onUploaded={(artifact) => choose(artifact, 'upload')}
            onUploadFailed={setFailure}
          />
        )}
      </DialogContainer>
    </ElementRoot>
  );
}
