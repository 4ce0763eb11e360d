import type { Artifact, ArtifactKind } from '@parley/sdk/contract/artifacts';
import { ATTACHMENT_TYPE_OF, type ArtifactRow } from './queries.js';
import { fileUrl } from './vendor-url.js';

/**
 * An artifact as the wire has it (broadcast spec 3: `_id`, `data{type, name, desc, address, url}`). A stored file's
 * url is a path on this server: a page reaches it on whatever address it reached the API (elements resolve it
 * against their api-base), never on PUBLIC_URL, which may be another name for the same server.
 */
export function presentArtifact(row: ArtifactRow): Artifact {
  const kind = row.type as ArtifactKind;
  const url = row.storageKey ? fileUrl(row.id, row.name) : (row.url ?? undefined);
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
