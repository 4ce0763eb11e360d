import { ProgressCircle } from '@adobe/react-spectrum/ProgressCircle';
import Audio from '@spectrum-icons/workflow/Audio';
import Chat from '@spectrum-icons/workflow/Chat';
import Document from '@spectrum-icons/workflow/Document';
import Folder from '@spectrum-icons/workflow/Folder';
import Image from '@spectrum-icons/workflow/Image';
import Link from '@spectrum-icons/workflow/Link';
import Location from '@spectrum-icons/workflow/Location';
import MapView from '@spectrum-icons/workflow/MapView';
import VideoOutline from '@spectrum-icons/workflow/VideoOutline';
import { useEffect, useState } from 'react';
import type { Artifact, Bucket } from '@parley/sdk/contract/artifacts';
import { ArtifactMessages, LIST_NAME_MAX, shortenFileName, type ArtifactKind } from '@parley/sdk/contract/artifact-texts';
import type { ParleyError } from '@parley/sdk/parley-error';
import type { AttachmentClient } from './attachment-client.js';
import { serverWords, type Phase } from './use-attachments.js';

const ICONS: Record<ArtifactKind, typeof Image> = {
  IMAGE: Image,
  VIDEO: VideoOutline,
  AUDIO: Audio,
  DOC: Document,
  LOCATION: MapView,
  MSG: Chat,
  URL: Link,
};

/** The kind as a word beside the row, for the icon alone says little to some users. */
export const KIND_LABELS: Record<ArtifactKind, string> = {
  IMAGE: 'Image',
  VIDEO: 'Video',
  AUDIO: 'Audio',
  DOC: 'Document',
  LOCATION: 'Location',
  MSG: 'Message',
  URL: 'URL',
};

/** The image itself for an image attachment (a private one fetched with the session), else the kind's icon. */
function Thumb({ artifact, client }: { artifact: Artifact; client: AttachmentClient }) {
  const { type, url } = artifact.data;
  const image = type === 'IMAGE' && url ? url : null;
  const [src, setSrc] = useState<string | null>(image && artifact.isPublic ? client.fileUrl(image) : null);
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    if (!image || artifact.isPublic) return;
    const abort = new AbortController();
    let made: string | null = null;
    client.privateFileUrl(image, abort.signal).then(
      (objectUrl) => {
        made = objectUrl;
        setSrc(objectUrl);
      },
      () => setBroken(true),
    );
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [client, image, artifact.isPublic]);
  if (image && src && !broken) {
    return (
      <span className="pat-thumb">
        <img src={src} alt="" loading="lazy" onError={() => setBroken(true)} />
      </span>
    );
  }
  const Icon = ICONS[type];
  return (
    <span className="pat-thumb" data-kind={type}>
      <Icon size="S" aria-hidden />
    </span>
  );
}

export interface ArtifactRowProps {
  artifact: Artifact;
  client: AttachmentClient;
  onChoose(artifact: Artifact): void;
}

/**
 * One attachment: type icon (or the image itself), the name cut to 15 characters with the whole name as its title,
 * and the description. A location shows its address beside a map pin, a message its text as a quotation, a URL its
 * address (broadcast spec 2: "location and message types are shown differently").
 */
export function ArtifactRow({ artifact, client, onChoose }: ArtifactRowProps) {
  const { type, name, desc, address, url } = artifact.data;
  return (
    <li className="pat-item">
      <button type="button" className="pat-row" data-kind={type} data-id={artifact._id} onClick={() => onChoose(artifact)}>
        <Thumb artifact={artifact} client={client} />
        <span className="pat-text">
          <span className="pat-name" title={name}>
            {shortenFileName(name, LIST_NAME_MAX)}
          </span>
          {type === 'LOCATION' && address && (
            <span className="pat-address">
              <Location size="XS" aria-label="Address" />
              <span>{address}</span>
            </span>
          )}
          {type === 'MSG' ? desc && <q className="pat-quote">{desc}</q> : desc && <span className="pat-desc">{desc}</span>}
          {type === 'URL' && url && <span className="pat-url">{url}</span>}
        </span>
        <span className="pat-kind">{KIND_LABELS[type]}</span>
      </button>
    </li>
  );
}

export function BucketRow({ bucket, onOpen }: { bucket: Bucket; onOpen(bucket: Bucket): void }) {
  return (
    <li className="pat-item">
      <button type="button" className="pat-row pat-folder" data-id={bucket.id} onClick={() => onOpen(bucket)}>
        <span className="pat-thumb" data-kind="folder">
          <Folder size="S" aria-hidden />
        </span>
        <span className="pat-text">
          <span className="pat-name" title={bucket.name}>
            {bucket.name}
          </span>
        </span>
        <span className="pat-count" aria-label={`${bucket.count} attachments`}>
          {bucket.count}
        </span>
      </button>
    </li>
  );
}

/** The dialog's texts in place of a list (broadcast spec 8); nothing once the list is there. */
export function ListStatus({ phase, error, empty }: { phase: Phase; error?: ParleyError; empty: boolean }) {
  if (phase === 'loading')
    return (
      <div className="pat-status" role="status">
        <ProgressCircle size="S" isIndeterminate aria-label={ArtifactMessages.syncing} />
        <span>{ArtifactMessages.syncing}</span>
      </div>
    );
  if (phase === 'offline')
    return (
      <div className="pat-status pat-warning" role="alert">
        {ArtifactMessages.offline}
      </div>
    );
  if (phase === 'session')
    return (
      <div className="pat-status pat-error" role="alert">
        {ArtifactMessages.sessionExpired}
      </div>
    );
  if (phase === 'failed') {
    const words = serverWords(error);
    return (
      <div className="pat-status pat-error" role="alert">
        <span>{ArtifactMessages.fetchError}</span>
        {words && words !== ArtifactMessages.fetchError && <span className="pat-server-words">{words}</span>}
      </div>
    );
  }
  return empty ? <div className="pat-status pat-empty">{ArtifactMessages.none}</div> : null;
}
