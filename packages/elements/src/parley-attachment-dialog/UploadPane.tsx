import { Button } from '@adobe/react-spectrum/Button';
import { Item, Picker } from '@adobe/react-spectrum/Picker';
import { ProgressBar } from '@adobe/react-spectrum/ProgressBar';
import { Radio, RadioGroup } from '@adobe/react-spectrum/RadioGroup';
import UploadToCloud from '@spectrum-icons/workflow/UploadToCloud';
import { useEffect, useRef, useState } from 'react';
import type { Subscription } from 'rxjs';
import type { Artifact } from '@parley/sdk/contract/artifacts';
import { ALLOWED_EXTENSIONS, ArtifactMessages, mediaKindOf, shortenFileName, type MediaKind } from '@parley/sdk/contract/artifact-texts';
import { asParleyError } from '../internal/use-call.js';
import type { AttachmentClient } from './attachment-client.js';
import type { Visibility } from './LibraryPane.js';
import { KIND_LABELS } from './ArtifactRow.js';
import { sessionLost, useBuckets } from './use-attachments.js';

/** The media kinds Browse offers: all four, or the one the host asked for (`media-type`). */
export function uploadKinds(mediaType: string | undefined): MediaKind[] {
  const all = Object.keys(ALLOWED_EXTENSIONS) as MediaKind[];
  return mediaType ? all.filter((k) => k === mediaType) : all;
}

/** The file chooser's accept list: `.jpeg,.jpg,.png,...` (platform-shell 9). */
export const acceptList = (kinds: MediaKind[]) => kinds.flatMap((k) => ALLOWED_EXTENSIONS[k].map((ext) => `.${ext}`)).join(',');

const NO_BUCKET = 'none';

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

export interface UploadPaneProps {
  client: AttachmentClient;
  visibility: Visibility;
  mediaType?: MediaKind;
  onUploaded(artifact: Artifact): void;
  /** The upload was refused or failed: the message is shown here, then the dialog closes. */
  onFailed(message: string): void;
  failure: string | null;
}

/**
 * Browse (broadcast spec 2): a file from the device, public or private, optionally into a bucket of that visibility,
 * with a progress bar while it goes up. The server checks the types and sizes of platform-shell 9; the pane only
 * refuses what the server cannot know, a file of another kind than the host's `media-type`.
 */
export function UploadPane({ client, visibility: initial, mediaType, onUploaded, onFailed, failure }: UploadPaneProps) {
  const kinds = uploadKinds(mediaType);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [visibility, setVisibility] = useState<Visibility>(initial);
  const [bucketId, setBucketId] = useState<string>(NO_BUCKET);
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const buckets = useBuckets(client, visibility, '');
  const sending = useRef<Subscription | null>(null);
  useEffect(() => () => sending.current?.unsubscribe(), []);
  const busy = progress !== null || failure !== null;

  const upload = () => {
    if (!file) return;
    const kind = mediaKindOf(file.name);
    if (mediaType && kind !== mediaType) {
      onFailed(ArtifactMessages.invalidFormat);
      return;
    }
    setProgress({ loaded: 0, total: file.size });
    sending.current = client.uploadFile({ file, isPublic: visibility === 'public', bucketId: bucketId === NO_BUCKET ? undefined : bucketId }).subscribe({
      next: (event) => {
        if (event.type === 'progress') setProgress({ loaded: event.loaded, total: event.total || file.size });
        else onUploaded(event.data.artifact);
      },
      error: (e: unknown) => {
        const error = asParleyError(e);
        setProgress(null);
        onFailed(sessionLost(error) ? ArtifactMessages.sessionExpired : error.code === 0 ? ArtifactMessages.uploadFailed : error.message);
      },
    });
  };

  const choose = (chosen: File | undefined) => {
    if (chosen && !busy) setFile(chosen);
  };
  const percent = progress && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;

  return (
    <div className="pat-pane pat-upload">
      <div
        className="pat-drop"
        data-busy={busy || undefined}
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          choose(e.dataTransfer.files[0]);
        }}
      >
        <UploadToCloud size="L" aria-hidden />
        <input
          ref={input}
          className="pat-file-input"
          type="file"
          aria-label="File"
          accept={acceptList(kinds)}
          disabled={busy}
          onChange={(e) => choose(e.currentTarget.files?.[0])}
        />
        <Button variant="secondary" onPress={() => input.current?.click()} isDisabled={busy}>
          Choose file
        </Button>
        {file ? (
          <span className="pat-file" title={file.name}>
            <strong>{shortenFileName(file.name)}</strong> <span className="pat-file-size">{sizeText(file.size)}</span>
          </span>
        ) : (
          <dl className="pat-accept" aria-label="Allowed files">
            {kinds.map((k) => (
              <div key={k}>
                <dt>{KIND_LABELS[k]}</dt>
                <dd>{ALLOWED_EXTENSIONS[k].join(', ')}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <div className="pat-upload-options">
        <RadioGroup
          label="Visibility"
          orientation="horizontal"
          value={visibility}
          isDisabled={busy}
          onChange={(v) => {
            setVisibility(v as Visibility);
            setBucketId(NO_BUCKET);
          }}
        >
          <Radio value="public">Public</Radio>
          <Radio value="private">Private</Radio>
        </RadioGroup>
        <Picker
          label="Bucket"
          items={[{ id: NO_BUCKET, name: 'No bucket' }, ...(buckets.data ?? [])]}
          selectedKey={bucketId}
          onSelectionChange={(key) => setBucketId(String(key ?? NO_BUCKET))}
          isDisabled={busy}
          isLoading={buckets.phase === 'loading'}
          width="size-3000"
        >
          {(b) => <Item key={b.id}>{b.name}</Item>}
        </Picker>
        <Button variant="accent" onPress={upload} isDisabled={!file || busy}>
          Upload
        </Button>
      </div>
      {progress && <ProgressBar label={`Uploading ${shortenFileName(file?.name ?? '')}`} value={percent} width="100%" />}
      {failure && (
        <p className="pat-status pat-error pat-upload-failure" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
