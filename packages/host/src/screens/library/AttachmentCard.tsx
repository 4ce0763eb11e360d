import { Checkbox } from '@adobe/react-spectrum';
import Audio from '@spectrum-icons/workflow/Audio';
import Chat from '@spectrum-icons/workflow/Chat';
import Document from '@spectrum-icons/workflow/Document';
import Image from '@spectrum-icons/workflow/Image';
import Link from '@spectrum-icons/workflow/Link';
import Location from '@spectrum-icons/workflow/Location';
import VideoOutline from '@spectrum-icons/workflow/VideoOutline';
import { useState, type ReactElement } from 'react';
import { shortenFileName, type ArtifactKind } from '@parley/sdk/contract/artifact-texts';
import type { Artifact } from '@parley/sdk/contract/artifacts';
import { formatBytes, formatDay, KIND_NAMES } from './library-format.js';
import { useThumbnail } from './use-thumbnail.js';

const ICONS: Record<ArtifactKind, ReactElement> = {
  IMAGE: <Image size="XL" />,
  VIDEO: <VideoOutline size="XL" />,
  AUDIO: <Audio size="XL" />,
  DOC: <Document size="XL" />,
  LOCATION: <Location size="XL" />,
  MSG: <Chat size="XL" />,
  URL: <Link size="XL" />,
};

/** What a non-file attachment says under its name: the address, the link or the start of the message. */
function detailOf(artifact: Artifact): string {
  const { type, address, url, desc } = artifact.data;
  if (type === 'LOCATION') return address ?? desc;
  if (type === 'URL') return url ?? desc;
  if (type === 'MSG') return desc;
  return [formatBytes(artifact.data.size), formatDay(artifact.createdOn)].filter(Boolean).join(' · ');
}

interface Props {
  artifact: Artifact;
  selected: boolean;
  onToggle(): void;
}

/** One attachment: thumbnail or type icon, the name shortened to 30 characters, size and date. */
export function AttachmentCard({ artifact, selected, onToggle }: Props) {
  const thumbnail = useThumbnail(artifact);
  const [broken, setBroken] = useState(false);
  const { type, name } = artifact.data;
  const isFile = type === 'IMAGE' || type === 'VIDEO' || type === 'AUDIO' || type === 'DOC';
  return (
    <li className="library-card" data-selected={selected} data-kind={type} aria-label={name}>
      <button type="button" className="library-card-face" onClick={onToggle} tabIndex={-1} aria-hidden>
        {thumbnail && !broken ? (
          <img className="library-thumb" src={thumbnail} alt="" loading="lazy" onError={() => setBroken(true)} />
        ) : (
          <span className="library-icon" data-kind={type}>
            {ICONS[type]}
          </span>
        )}
      </button>
      <div className="library-card-check">
        <Checkbox isSelected={selected} onChange={onToggle} aria-label={`Select ${name}`} isEmphasized />
      </div>
      <div className="library-card-body">
        <span className="library-card-name" title={name}>
          {isFile ? shortenFileName(name) : name}
        </span>
        <span className="library-card-meta" title={detailOf(artifact)}>
          {isFile ? detailOf(artifact) : `${KIND_NAMES[type]} · ${detailOf(artifact)}`}
        </span>
        {!isFile && <span className="library-card-meta">{formatDay(artifact.createdOn)}</span>}
      </div>
    </li>
  );
}
