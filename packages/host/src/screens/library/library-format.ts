import { ALLOWED_EXTENSIONS, ArtifactMessages, MAX_BYTES, mediaKindOf, type ArtifactKind, type MediaKind } from '@parley/sdk/contract/artifact-texts';
import { formatMoment } from '../../format/locale.js';

export type Visibility = 'public' | 'private';

/** The type filter: '' is every kind. */
export const KIND_FILTERS: readonly { key: ArtifactKind | ''; label: string }[] = [
  { key: '', label: 'All' },
  { key: 'IMAGE', label: 'Images' },
  { key: 'VIDEO', label: 'Videos' },
  { key: 'AUDIO', label: 'Audio' },
  { key: 'DOC', label: 'Documents' },
  { key: 'LOCATION', label: 'Locations' },
  { key: 'MSG', label: 'Messages' },
  { key: 'URL', label: 'Links' },
];

/** One kind's name in a sentence ("Image must be at most 5 MB"). */
export const KIND_NAMES: Record<ArtifactKind, string> = {
  IMAGE: 'Image',
  VIDEO: 'Video',
  AUDIO: 'Audio',
  DOC: 'Document',
  LOCATION: 'Location',
  MSG: 'Message',
  URL: 'Link',
};

/** The file chooser's `accept`: every allowed extension of platform-shell 9. */
export const ACCEPT = Object.values(ALLOWED_EXTENSIONS)
  .flat()
  .map((ext) => `.${ext}`)
  .join(',');

/**
 * Why a file cannot be sent, in the server's words, or null: checking here spares sending 100 MB the server would
 * refuse anyway. The server still checks the content (a .txt renamed .png is refused there).
 */
export function refusalOf(file: File): string | null {
  const kind: MediaKind | null = mediaKindOf(file.name);
  if (!kind) return ArtifactMessages.invalidFormat;
  if (file.size > MAX_BYTES[kind]) return ArtifactMessages.tooLarge(KIND_NAMES[kind], MAX_BYTES[kind] / (1024 * 1024));
  return null;
}

export function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** An artifact's day in the console's locale ("Jan 5, 2024"); the spec's attachment list shows no date. */
export const formatDay = (iso: string) => formatMoment(iso, 'day');
