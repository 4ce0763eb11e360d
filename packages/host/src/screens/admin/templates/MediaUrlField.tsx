import { ActionButton, Text, TextField } from '@adobe/react-spectrum';
import FolderOpen from '@spectrum-icons/workflow/FolderOpen';
import { createElement, useEffect, useRef, useState } from 'react';
import type { AttachmentCloseDetail, AttachmentSelectedDetail } from '@parley/elements/parley-attachment-dialog/events';
import { useSession } from '../../../stores/session-store.js';
import { toast } from '../../../stores/toast-store.js';
import { useEditor } from './editor-context.js';

interface Props {
  value: string;
  onChange(url: string): void;
  /** IMAGE, VIDEO or DOC: the attachment dialog lists only that kind. */
  mediaType: 'IMAGE' | 'VIDEO' | 'DOC';
  placeholder: string;
  description?: string;
  errorMessage?: string | undefined;
}

/**
 * A media header's sample: typed as a URL, or chosen from the library in `<parley-attachment-dialog>` (the element
 * the chat and the broadcast form use), whose public file URL a vendor can fetch.
 */
export function MediaUrlField({ value, onChange, mediaType, placeholder, description, errorMessage }: Props) {
  const { readOnly } = useEditor();
  const token = useSession((s) => s.token);
  const [open, setOpen] = useState(false);
  const [ready, setReady] = useState(false);
  const dialog = useRef<HTMLElement>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    if (!open || ready) return;
    void import('@parley/elements/parley-attachment-dialog/define').then(() => setReady(true));
  }, [open, ready]);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const onSelected = (e: Event) => {
      const { artifact } = (e as CustomEvent<AttachmentSelectedDetail>).detail;
      if (artifact.data.url) changed.current(artifact.data.url);
      setOpen(false);
    };
    const onClose = (e: Event) => {
      const detail = (e as CustomEvent<AttachmentCloseDetail>).detail;
      if (detail.reason === 'upload-failed') toast(detail.message, 'error');
      setOpen(false);
    };
    el.addEventListener('parley-attachment-selected', onSelected);
    el.addEventListener('parley-close', onClose);
    return () => {
      el.removeEventListener('parley-attachment-selected', onSelected);
      el.removeEventListener('parley-close', onClose);
    };
  }, [ready, open]);

  return (
    <div className="tpl-media-url">
      <TextField
        label="Sample media URL"
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        description={description}
        isReadOnly={readOnly}
        width="100%"
        validationState={errorMessage ? 'invalid' : undefined}
        errorMessage={errorMessage}
      />
      {!readOnly && (
        <ActionButton onPress={() => setOpen(true)} aria-label="Choose from library" UNSAFE_className="tpl-media-choose">
          <FolderOpen />
          <Text>Choose</Text>
        </ActionButton>
      )}
      {open && ready && createElement('parley-attachment-dialog', { ref: dialog, 'api-base': '/api', token: token ?? '', 'media-type': mediaType, open: true })}
    </div>
  );
}
