import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { filterDate, formBoolean, jsonText } from './fields.js';
import type { UploadState } from './customer-texts.js';

/**
 * Customers, segments (also called tags or labels), groups and CSV uploads (customer-master 2-9). The wire keeps the
 * spec's names: `data.customers.customers` with `headers` and `hasMore`, `data.customerCSVs`, `parsedHeaders` with
 * `systemHeaders` and `userHeaders`, `headerMapping` as `{ src, des }`, error rows as `{ lineStr, errors: [{ message }] }`.
 * Paths and methods are "not shown" in the spec; they follow the definitions' (`customer/...`).
 */

import { CSV_DELIMITERS, CustomerLimits, CustomerMessages, CustomerPageSizes } from './customer-texts.js';
import { PagingMessages, pageFrom } from './paging.js';

export {
  CSV_DELIMITERS,
  CustomerLimits,
  CustomerMessages,
  CustomerPageSizes,
  DELIMITER_NAMES,
  SOCIAL_FIELDS,
  SOCIAL_LABELS,
  UPLOAD_EVENT,
  UPLOAD_STATES,
} from './customer-texts.js';
export type { CsvDelimiter, SocialField, UploadState } from './customer-texts.js';

const text = (max: number) => z.string().max(max);
const ids = jsonText(z.array(z.string().max(100)).max(CustomerLimits.mapCustomers));
/** A list filter: ids as a list, JSON text, or one comma list (GET queries). */
const idFilter = z
  .union([z.array(z.string().max(100)), z.string().max(10_000)])
  .transform((v, ctx) => {
    let list: unknown = v;
    if (typeof v === 'string') {
      try {
        list = v.trim().startsWith('[') ? JSON.parse(v) : v.split(',');
      } catch {
        list = null;
      }
    }
    // Text that opens a JSON list must be one ('[not json' was a 500); its items are ids, not objects or lists.
    if (!Array.isArray(list) || list.some((x) => typeof x === 'object' && x !== null)) {
      ctx.addIssue({ code: 'custom', message: CustomerMessages.badIdList });
      return z.NEVER;
    }
    return list.map((x) => String(x).trim()).filter(Boolean);
  })
  .optional();
const from = pageFrom(PagingMessages.tooDeepCustomers);
const perPage = (n: number) => z.coerce.number().int().min(1).max(CustomerPageSizes.max).default(n);

export const namedRef = z.object({ id: z.string(), name: z.string() });
export type NamedRef = z.infer<typeof namedRef>;

/** A custom field's value: text, or a list for a multiple select. */
export const fieldValue = z.union([z.string().max(CustomerLimits.fieldValueChars), z.array(z.string().max(CustomerLimits.fieldValueChars)).max(200)]);
/** `id` is the definition's id (its `_id`). */
export const fieldEntry = z.object({ id: z.string().max(100), value: fieldValue.nullable() });

export const customer = z.object({
  id: z.string(),
  name: z.string(),
  /** E.164, e.g. +919876543210. */
  phoneNumber: z.string(),
  whatsAppNumber: z.string(),
  twitterId: z.string(),
  facebookId: z.string(),
  instaId: z.string(),
  tags: z.array(namedRef),
  groups: z.array(namedRef),
  data: z.array(fieldEntry),
  createdOn: z.string(),
  updatedOn: z.string(),
});
export type Customer = z.infer<typeof customer>;

/** A row of the list: `details` holds one `{ value }` per entry of `headers`, in order. */
export const customerRow = z.object({
  id: z.string(),
  name: z.string(),
  phoneNumber: z.string(),
  details: z.array(z.object({ value: z.string() })),
  tags: z.array(namedRef),
  groups: z.array(namedRef),
});
export type CustomerRow = z.infer<typeof customerRow>;

/**
 * The customer form. Types are loose so the server can report every field at once in the spec's words; the
 * definitions' rules are applied by the service (they live in the database, not here).
 */
export const customerInput = z.object({
  id: z.string().max(100).optional(),
  _id: z.string().max(100).optional(),
  name: z
    .string()
    .max(CustomerLimits.nameChars * 2)
    .nullish(),
  phoneNumber: z.string().max(100).nullish(),
  whatsAppNumber: text(CustomerLimits.socialChars).nullish(),
  twitterId: text(CustomerLimits.socialChars).nullish(),
  facebookId: text(CustomerLimits.socialChars).nullish(),
  instaId: text(CustomerLimits.socialChars).nullish(),
  /** Segment (tag) ids; the whole set, replacing the customer's. */
  tags: ids.optional(),
  /** Group ids; the whole set. */
  groups: ids.optional(),
  data: jsonText(z.array(fieldEntry).max(300)).optional(),
});
export type CustomerInput = z.output<typeof customerInput>;

export const segment = z.object({ id: z.string(), name: z.string(), count: z.number() });
export type Segment = z.infer<typeof segment>;

/** Segment and group names (customer-master 5): required, something besides spaces, trimmed. */
const segmentName = z
  .string({ error: CustomerMessages.required })
  .max(CustomerLimits.segmentNameChars)
  .transform((v) => v.trim())
  .refine((v) => v.length > 0, { error: CustomerMessages.required });

const selection = jsonText(z.array(z.string().max(100)).min(1, { error: CustomerMessages.selectionRequired }).max(CustomerLimits.mapCustomers));

/** One upload (the spec's customerCSV). `processedLines` counts the rows done so far, for the progress bar. */
export const customerCsv = z.object({
  uploadId: z.string(),
  file: z.object({ name: z.string() }),
  segmentId: z.string().nullable(),
  segmentName: z.string().nullable(),
  replace: z.boolean(),
  totalLines: z.number(),
  acceptedLines: z.number(),
  errorLines: z.number(),
  processedLines: z.number(),
  state: z.enum(['WAITING', 'COMPLETED', 'ERROR'] satisfies readonly UploadState[]),
  /** Set once the mapping was submitted. */
  started: z.boolean(),
  createdOn: z.string(),
  completedOn: z.string().nullable(),
  /** '5 Jan 2024 10:30 am' in the server's time zone ('' until completed); clients may format `completedOn` instead. */
  completedTimeStr: z.string(),
  /** Why the upload stopped, when state is ERROR. */
  error: z.string().nullable(),
});
export type CustomerCsv = z.infer<typeof customerCsv>;

export const parsedHeaders = z.object({
  /** The customer fields a column can go to: `phoneNumber`, `name`, the social profiles and every custom field name. */
  systemHeaders: z.array(z.object({ id: z.string(), label: z.string(), mandatory: z.boolean() })),
  /** The file's header row, as written. */
  userHeaders: z.array(z.string()),
});

/**
 * The upload call's reply: the spec's uploadId and parsedHeaders, and beside them what the mapping screen shows: the
 * delimiter found in the file (changeable there), the encoding it was read in, and its first rows as read.
 */
const uploadReply = z.object({
  uploadId: z.string(),
  parsedHeaders,
  delimiter: z.enum(CSV_DELIMITERS),
  encoding: z.string(),
  preview: z.array(z.array(z.string())),
});

export const headerMapping = z.object({ src: z.string().max(500), des: z.string().max(100) });

export const errorRow = z.object({
  /** The line's number in the file (the header is line 1); a quoted value with newlines spans lines, this is its first. */
  line: z.number(),
  lineStr: z.string(),
  errors: z.array(z.object({ message: z.string() })),
});
export type ErrorRow = z.infer<typeof errorRow>;

const pathId = z.string({ error: CustomerMessages.required }).min(1).max(100);
/** Dates of the uploads filter: ISO strings (date or date-time). */
const isoDate = filterDate('Invalid date').optional();

export const customersApi = {
  list: endpoint({
    method: 'GET',
    path: 'customer/customers',
    input: z.object({
      from,
      perPage: perPage(CustomerPageSizes.customers),
      search: z.string().max(200).optional(),
      groups: idFilter,
      tags: idFilter,
      isMore: formBoolean.optional(),
      /** A previous page's `nextCursor`: the page after it, at any depth (`from`, if given, counts from there). */
      cursor: z.string().max(200).optional(),
    }),
    reply: z.object({
      customers: z.object({
        customers: z.array(customerRow),
        headers: z.array(z.string()),
        hasMore: z.boolean(),
        /** Beside the spec's fields: where the next page starts (pass it as `cursor`), null on the last page. */
        nextCursor: z.string().nullable(),
      }),
    }),
  }),
  /** Beside the spec: how many customers the enterprise has, in any segment or none (the list's 'All customers'). */
  count: endpoint({ method: 'GET', path: 'customer/customers/count', input: z.object({}), reply: z.object({ count: z.number() }) }),
  get: endpoint({ method: 'GET', path: 'customer/customers/:id', input: z.object({ id: pathId }), reply: z.object({ customer }) }),
  save: endpoint({
    method: 'POST',
    path: 'customer/customer',
    input: customerInput,
    reply: z.object({ customer }),
    invalidMessage: CustomerMessages.saveFailed,
  }),
  delete: endpoint({ method: 'DELETE', path: 'customer/customers/:id', input: z.object({ id: pathId }), reply: z.null() }),
  tags: endpoint({
    method: 'GET',
    path: 'customer/tags',
    input: z.object({ search: z.string().max(200).optional() }),
    reply: z.object({ tags: z.array(segment) }),
  }),
  groups: endpoint({
    method: 'GET',
    path: 'customer/groups',
    input: z.object({ search: z.string().max(200).optional() }),
    reply: z.object({ groups: z.array(segment) }),
  }),
  createTag: endpoint({ method: 'POST', path: 'customer/tag', input: z.object({ name: segmentName }), reply: z.object({ tag: segment }) }),
  createGroup: endpoint({ method: 'POST', path: 'customer/group', input: z.object({ name: segmentName }), reply: z.object({ group: segment }) }),
  /** Adds the customers to every listed segment (Attach Label); existing memberships stay. */
  mapTags: endpoint({ method: 'POST', path: 'customer/tags/map', input: z.object({ tagIds: selection, customerIds: selection }), reply: z.null() }),
  /** Adds the customers to every listed group (Move to Group). */
  mapGroups: endpoint({ method: 'POST', path: 'customer/groups/map', input: z.object({ groupIds: selection, customerIds: selection }), reply: z.null() }),
  uploads: endpoint({
    method: 'GET',
    path: 'customer/uploads',
    input: z.object({ from, perPage: perPage(CustomerPageSizes.uploads), fromDate: isoDate, toDate: isoDate, segmentId: z.string().max(100).optional() }),
    reply: z.object({ customerCSVs: z.array(customerCsv), hasMore: z.boolean() }),
  }),
  getUpload: endpoint({
    method: 'GET',
    path: 'customer/uploads/:uploadId',
    input: z.object({ uploadId: pathId }),
    reply: z.object({ customerCSV: customerCsv }),
  }),
  /**
   * The spec's "Upload csv", first call: the file (multipart part `file`, csv only) with `segmentId` and `replace`.
   * It is stored and its header row read; nothing is imported yet.
   */
  upload: endpoint({
    method: 'POST',
    path: 'customer/upload',
    multipart: true,
    input: z.object({ file: z.unknown(), segmentId: pathId, replace: formBoolean.optional() }),
    reply: uploadReply,
  }),
  /**
   * Beside the spec: the mapping screen's delimiter, changed before the mapping is submitted. The header row is read
   * again with it; the reply is the upload call's.
   */
  uploadDelimiter: endpoint({
    method: 'POST',
    path: 'customer/upload/delimiter',
    input: z.object({ uploadId: pathId, delimiter: z.enum(CSV_DELIMITERS, { error: CustomerMessages.unknownDelimiter }) }),
    reply: uploadReply,
  }),
  /** "Upload csv", second call: the mapping of file columns (`src`) to customer fields (`des`); starts the import. */
  startUpload: endpoint({
    method: 'POST',
    path: 'customer/upload/mapping',
    input: z.object({
      uploadId: pathId,
      headerMapping: jsonText(z.array(headerMapping).max(CustomerLimits.csvColumns)),
      replace: formBoolean.optional(),
      segmentId: z.string().max(100).optional(),
    }),
    reply: z.object({ uploadId: z.string(), customerCSV: customerCsv }),
  }),
  errors: endpoint({
    method: 'GET',
    path: 'customer/uploads/:entryId/errors',
    input: z.object({ entryId: pathId, from, perPage: perPage(CustomerPageSizes.errors), search: z.string().max(200).optional() }),
    reply: z.object({ customers: z.object({ customers: z.array(errorRow), headers: z.array(z.string()), hasMore: z.boolean() }) }),
  }),
} as const;
