import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ArtifactMessages, artifactsApi } from '@parley/sdk/contract/artifacts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { page, reply } from '../../http/reply.js';
import { defineRoute } from '../../http/route.js';
import { DiskFileStore, type FileStore } from '../../storage/file-store.js';
import { ACCESS } from '@parley/sdk/contract/access';
import { fileRoutes } from './file-routes.js';
import { ArtifactService, type ArtifactDeps } from './service.js';
import { uploadRoute } from './upload.js';

/** Where attachments are kept: the data folder's file store (customer CSVs share it, under their own keys). */
export const artifactFileStore = (config: Pick<Config, 'dataDir'>): FileStore => new DiskFileStore(join(config.dataDir, 'files'));

/** Attachments (artifacts), buckets, the upload, media validation and the files themselves. */
export function artifactRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: Config; sessions: ArtifactDeps['sessions']; sealed: ArtifactDeps['sealed']; files?: FileStore },
) {
  const deps: ArtifactDeps = {
    db: opts.db,
    files: opts.files ?? artifactFileStore(opts.config),
    publicUrl: opts.config.publicUrl,
    sealed: opts.sealed,
    maxUploadBytes: opts.config.maxUploadBytes,
    sessions: opts.sessions,
  };
  const service = new ArtifactService(deps);
  const buckets = service.buckets;

  defineRoute(app, artifactsApi.list, ACCESS.attachments.view, async ({ visibility, from, perPage, type, mediaType, desc, deptId, bucketId }, { auth }) => {
    const result = await service.list(auth, visibility, { type, mediaType, desc, deptId, bucketId }, from, perPage);
    return page(result, result.more);
  });
  defineRoute(app, artifactsApi.get, ACCESS.attachments.view, async ({ id }, { auth }) => ({ artifact: service.present(await service.get(auth, id)) }));
  defineRoute(app, artifactsApi.create, ACCESS.attachments.create, async (input, { auth }) =>
    reply({ artifact: service.present(await service.create(auth, input)) }, ArtifactMessages.saved),
  );
  defineRoute(app, artifactsApi.update, ACCESS.attachments.edit, async ({ id, ...input }, { auth }) =>
    reply({ artifact: service.present(await service.update(auth, id, input)) }, ArtifactMessages.saved),
  );
  defineRoute(app, artifactsApi.delete, ACCESS.attachments.delete, async ({ id }, { auth }) => {
    await service.delete(auth, id);
    return reply(null, ArtifactMessages.deleted);
  });
  defineRoute(app, artifactsApi.validateMedia, ACCESS.attachments.view, async ({ id, mediaType }, { auth }) => {
    const { valid, url, mimeType, size } = await service.validateMedia(auth, id, mediaType);
    return reply({ valid, url, mimeType, size }, ArtifactMessages.mediaValid);
  });

  defineRoute(app, artifactsApi.buckets, ACCESS.attachments.view, async ({ visibility, from, perPage, desc }, { auth }) => ({
    list: await buckets.list(auth, visibility === 'public', desc, from, perPage),
  }));
  defineRoute(app, artifactsApi.createBucket, ACCESS.attachments.edit, async ({ name, isPublic }, { auth }) =>
    reply({ bucket: await buckets.create(auth, name, isPublic) }, ArtifactMessages.bucketSaved),
  );
  defineRoute(app, artifactsApi.editBucket, ACCESS.attachments.edit, async ({ bucketId, name }, { auth }) =>
    reply({ bucket: await buckets.rename(auth, bucketId, name) }, ArtifactMessages.bucketSaved),
  );
  defineRoute(app, artifactsApi.deleteBucket, ACCESS.attachments.edit, async ({ bucketId }, { auth }) => {
    await buckets.delete(auth, bucketId);
    return reply(null, ArtifactMessages.bucketDeleted);
  });
  defineRoute(app, artifactsApi.moveToBucket, ACCESS.attachments.edit, async ({ bucketId, artifactIds }, { auth }) => {
    await buckets.move(auth, bucketId, artifactIds);
    return reply(null, ArtifactMessages.moved);
  });
  defineRoute(app, artifactsApi.removeFromBucket, ACCESS.attachments.edit, async ({ bucketId, artifactIds }, { auth }) => {
    await buckets.remove(auth, bucketId, artifactIds);
    return reply(null, ArtifactMessages.removed);
  });

  uploadRoute(app, service, deps);
  fileRoutes(app, deps);
  return service;
}
