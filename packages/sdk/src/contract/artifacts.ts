import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { formBoolean, jsonText } from './fields.js';
import { ARTIFACT_KINDS, ArtifactMessages, ArtifactPageSizes, STORED_NAME_MAX } from './artifact-texts.js';
import { pageFrom } from './paging.js';

/**
 * Attachments (artifacts), buckets, file upload and media validation (platform-shell 3 Artifact and 7.4; broadcast
 * spec 3 Attachment and Bucket, 6 Attachment services). An artifact on the wire is
 * `{ _id, type, deptId, data: { type, name, desc, address, url }, bucketId, isPublic, adminCreated }`.
 */
export * from './artifact-texts.js';

const pathId = z.string({ error: ArtifactMessages.notFound }).min(1).max(100);
const from = pageFrom();
/** -1 is "all" (bucket lists and a bucket's contents are unpaged). */
const perPage = (n: number) => z.coerce.number().int().min(-1).max(ArtifactPageSizes.max).default(n);
const visibility = z.enum(['public', 'private']).default('public');

export const artifact = z.object({
  _id: z.string(),
  /** Attachment type (AttachmentTypes): DOC 0, MEDIA 1, MAP 2, URL 3, MSG 7. */
  type: z.number(),
  deptId: z.string().nullable(),
  data: z.object({
    type: z.enum(ARTIFACT_KINDS),
    name: z.string(),
    desc: z.string(),
    address: z.string().optional(),
    /** Where the file is served: public ones without a session (a vendor must fetch them), private with one. */
    url: z.string().optional(),
    mimeType: z.string().optional(),
    size: z.number().optional(),
  }),
  bucketId: z.string().nullable(),
  isPublic: z.boolean(),
  adminCreated: z.boolean(),
  createdOn: z.string(),
});
export type Artifact = z.infer<typeof artifact>;

export const bucket = z.object({ id: z.string(), name: z.string(), isPublic: z.boolean(), count: z.number() });
export type Bucket = z.infer<typeof bucket>;

const artifactData = z.object({
  type: z.enum(ARTIFACT_KINDS),
  name: z.string().max(STORED_NAME_MAX),
  desc: z.string().max(2000).default(''),
  address: z.string().max(500).optional(),
  url: z.string().max(2000).optional(),
});
const bucketName = z
  .string({ error: ArtifactMessages.bucketNameRequired })
  .max(100)
  .transform((v) => v.trim())
  .refine((v) => v.length > 0, { error: ArtifactMessages.bucketNameRequired });
const idList = jsonText(z.array(z.string().max(100)).min(1, { error: 'This field is required' }).max(500));

export const artifactsApi = {
  /** "Get attachments": type, visibility, from, desc (the search), perPage, mediaType, deptId; bucketId for a bucket. */
  list: endpoint({
    method: 'GET',
    path: 'e/enterprise/artifacts',
    input: z.object({
      visibility,
      from,
      perPage: perPage(ArtifactPageSizes.attachments),
      type: z.coerce.number().int().optional(),
      mediaType: z.enum(ARTIFACT_KINDS).optional(),
      desc: z.string().max(200).optional(),
      deptId: z.string().max(100).optional(),
      bucketId: z.string().max(100).optional(),
      adminView: formBoolean.optional(),
    }),
    reply: z.object({ artifacts: z.array(artifact), more: z.boolean() }),
  }),
  get: endpoint({ method: 'GET', path: 'e/enterprise/artifacts/:id', input: z.object({ id: pathId }), reply: z.object({ artifact }) }),
  /** A location, message or URL attachment (files come through `upload`). */
  create: endpoint({
    method: 'POST',
    path: 'e/enterprise/artifacts',
    input: z.object({
      data: jsonText(artifactData),
      isPublic: formBoolean.default(true),
      bucketId: z.string().max(100).optional(),
      deptId: z.string().max(100).optional(),
    }),
    reply: z.object({ artifact }),
  }),
  update: endpoint({
    method: 'PUT',
    path: 'e/enterprise/artifacts/:id',
    input: z.object({ id: pathId, name: z.string().max(STORED_NAME_MAX).optional(), desc: z.string().max(2000).optional(), isPublic: formBoolean.optional() }),
    reply: z.object({ artifact }),
  }),
  delete: endpoint({ method: 'DELETE', path: 'e/enterprise/artifacts/:id', input: z.object({ id: pathId }), reply: z.null() }),
  /**
   * A file from the device (multipart part `file`): kept in the file store, listed as an artifact. `rType` ICON applies
   * the 1024 x 1024 / 50 kB rule; `bucketUpload` with `bucketId` files it into a bucket.
   */
  upload: endpoint({
    method: 'POST',
    path: 'e/drive/upload',
    multipart: true,
    input: z.object({
      file: z.unknown(),
      rType: z.string().max(40).optional(),
      isPublic: formBoolean.optional(),
      bucketUpload: formBoolean.optional(),
      bucketId: z.string().max(100).optional(),
      desc: z.string().max(2000).optional(),
      deptId: z.string().max(100).optional(),
    }),
    reply: z.object({ artifact, url: z.string() }),
  }),
  /** "Canned bucket list": every bucket of a visibility (perPage -1), with its number of attachments. */
  buckets: endpoint({
    method: 'GET',
    path: 'e/enterprise/buckets',
    input: z.object({ visibility, from, perPage: perPage(-1), desc: z.string().max(200).optional() }),
    reply: z.object({ list: z.array(bucket) }),
  }),
  createBucket: endpoint({
    method: 'POST',
    path: 'e/enterprise/buckets',
    input: z.object({ name: bucketName, isPublic: formBoolean.default(true) }),
    reply: z.object({ bucket }),
  }),
  editBucket: endpoint({
    method: 'PUT',
    path: 'e/enterprise/buckets/:bucketId',
    input: z.object({ bucketId: pathId, name: bucketName }),
    reply: z.object({ bucket }),
  }),
  /** Deletes the bucket; its attachments stay, out of any bucket. */
  deleteBucket: endpoint({ method: 'DELETE', path: 'e/enterprise/buckets/:bucketId', input: z.object({ bucketId: pathId }), reply: z.null() }),
  /** Moves attachments into the bucket (out of any other). */
  moveToBucket: endpoint({
    method: 'POST',
    path: 'e/enterprise/buckets/:bucketId/move',
    input: z.object({ bucketId: pathId, artifactIds: idList }),
    reply: z.null(),
  }),
  /** Takes attachments out of the bucket. */
  removeFromBucket: endpoint({
    method: 'POST',
    path: 'e/enterprise/buckets/:bucketId/remove',
    input: z.object({ bucketId: pathId, artifactIds: idList }),
    reply: z.null(),
  }),
  /** "Validate chat media": id, channelType WHATSAPP, mediaType; refused with the reason as `message`. */
  validateMedia: endpoint({
    method: 'POST',
    path: 'chatbird/api/media/validate',
    input: z.object({ id: pathId, channelType: z.string().max(40).default('WHATSAPP'), mediaType: z.enum(ARTIFACT_KINDS).optional() }),
    reply: z.object({ valid: z.boolean(), url: z.string(), mimeType: z.string(), size: z.number() }),
  }),
};
