import type { SealedBox } from '../../secrets/sealed-box.js';
import type { ChannelRow } from './queries.js';

/** A channel's secret fields, sealed together as one JSON object (`sealed_data`); null when it has none. */
export function sealSecrets(sealed: SealedBox, secrets: Record<string, string>): string | null {
  return Object.keys(secrets).length ? sealed.seal(JSON.stringify(secrets)) : null;
}

export function openSecrets(sealed: SealedBox, row: Pick<ChannelRow, 'sealedData'>): Record<string, string> {
  if (!row.sealedData) return {};
  const parsed = JSON.parse(sealed.open(row.sealedData)) as unknown;
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
}
