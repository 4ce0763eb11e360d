import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { jsonText } from './fields.js';
import { ChannelMessages, ChannelPageSizes } from './channel-texts.js';
import { listSort, pageFrom } from './paging.js';

/**
 * Channels (platform-shell 3 Channel and 7.4): `name, type, deptId, vendor, contactId, data` on the wire, keyed by
 * `channelId`. `data` holds the vendor form's fields (VENDOR_FORMS); secret fields come back as SECRET_MASK plus their
 * last four characters, and a save that sends a masked or empty secret keeps the stored one.
 */
export {
  ChannelMessages,
  ChannelPageSizes,
  ChannelTypes,
  SECRET_MASK,
  VENDOR_CHANNEL_TYPES,
  VENDOR_FORMS,
  Vendors,
  WHATSAPP_CLOUD_VENDOR,
} from './channel-texts.js';
export type { ChannelType, VendorField, VendorId } from './channel-texts.js';

const pathId = z.string({ error: ChannelMessages.notFound }).min(1).max(100);
const from = pageFrom();

export const channel = z.object({
  channelId: z.string(),
  name: z.string(),
  type: z.number(),
  deptId: z.string().nullable(),
  vendor: z.number(),
  contactId: z.string(),
  data: z.record(z.string(), z.string()),
  /** Where the vendor posts its webhooks for this channel (to paste into the vendor's console). */
  webhookUrl: z.string(),
  createdOn: z.string(),
  updatedOn: z.string(),
});
export type Channel = z.infer<typeof channel>;

/**
 * The channel form. Loose types so the server reports every field at once, in the vendor table's words
 * ('Valid Waba Phone Number is required'); `errors` carries them per field, `data.<key>` for vendor fields.
 */
export const channelInput = z.object({
  name: z.string().max(200).nullish(),
  type: z.coerce.number().int().nullish(),
  deptId: z.string().max(100).nullish(),
  vendor: z.coerce.number().int().nullish(),
  contactId: z.string().max(100).nullish(),
  data: jsonText(z.record(z.string().max(100), z.string().max(4000))).nullish(),
});

/** The channel list's header sorts (`sort`): by name, by last update. */
export const CHANNEL_SORTS = ['name', 'updated'] as const;

export const channelsApi = {
  list: endpoint({
    method: 'GET',
    path: 'e/enterprise/channels',
    input: z.object({
      from,
      perPage: z.coerce.number().int().min(1).max(ChannelPageSizes.max).default(ChannelPageSizes.channels),
      name: z.string().max(200).optional(),
      type: z.coerce.number().int().optional(),
      ...listSort(CHANNEL_SORTS),
    }),
    reply: z.object({ channels: z.array(channel), more: z.boolean() }),
  }),
  get: endpoint({ method: 'GET', path: 'e/enterprise/channels/:channelId/details', input: z.object({ channelId: pathId }), reply: z.object({ channel }) }),
  create: endpoint({
    method: 'POST',
    path: 'e/enterprise/channels',
    input: channelInput,
    reply: z.object({ channel }),
    invalidMessage: 'Save Failed. Please check for errors in fields',
  }),
  update: endpoint({
    method: 'PUT',
    path: 'e/enterprise/channels/:channelId',
    input: channelInput.extend({ channelId: pathId }),
    reply: z.object({ channel }),
    invalidMessage: 'Save Failed. Please check for errors in fields',
  }),
  delete: endpoint({ method: 'DELETE', path: 'e/enterprise/channels/:channelId', input: z.object({ channelId: pathId }), reply: z.null() }),
};
