import type { Artifact, ArtifactKind } from '@parley/sdk/contract/artifacts';
import { ATTACHMENT_TYPE_OF, type ArtifactRow } from './queries.js';

/** Where a stored file is served: its id (random, unguessable) and its name, which is only for the reader. */
export const fileUrl = (publicUrl: string, id: string, name: string) => `${publicUrl}/files/${id}/${encodeURIComponent(name)}`;

/** An artifact as the wire has it (broadcast spec 3: `_id`, `data{type, name, desc, address, url}`). */
export function presentArtifact(row: ArtifactRow, publicUrl: string): Artifact {
  const kind = row.type as ArtifactKind;
  const url = row.storageKey ? fileUrl(publicUrl, row.id, row.name) : (row.url ?? undefined);
  return {
    _id: row.id,
    type: ATTACHMENT_TYPE_OF[kind] ?? -1,
    deptId: row.deptId,
    data: {
      type: kind,
      name: row.name,
      desc: row.desc,
      ...(row.address !== null ? { address: row.address } : {}),
      ...(url !== undefined ? { url } : {}),
      ...(row.mimeType !== null ? { mimeType: row.mimeType } : {}),
      ...(row.size !== null ? { size: row.size } : {}),
    },
    bucketId: row.bucketId,
    isPublic: row.isPublic,
    adminCreated: row.adminCreated,
    createdOn: row.createdAt.toISOString(),
  };
}
