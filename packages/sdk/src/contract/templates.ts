import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { jsonText } from './fields.js';
import { BUTTON_TYPES, HEADER_FORMATS, TEMPLATE_CATEGORIES, TEMPLATE_KINDS, TEMPLATE_STATUSES, TemplateMessages, TemplatePageSizes } from './template-texts.js';
import { listSort, MAX_PAGE_OFFSET, PagingMessages, pageFrom } from './paging.js';

/**
 * WhatsApp message templates (broadcast spec 3 Template; platform-shell 3 Template components). Components keep the
 * Cloud API's shape (HEADER, BODY, FOOTER, BUTTONS, LIMITED_TIME_OFFER, CAROUSEL with `cards[].components`), which is
 * also the spec's. `templateId` is the template's name, as the broadcast request names it; `id` is ours.
 * Paths are "not shown" (platform-shell 7.5 lists Templates under chatbird/api): `chatbird/api/templates...`.
 */
export * from './template-texts.js';

const pathId = z.string({ error: TemplateMessages.notFound }).min(1).max(100);
const from = pageFrom();

const header = z.object({
  type: z.literal('HEADER'),
  format: z.enum(HEADER_FORMATS),
  text: z.string().max(4000).optional(),
  /** Cloud API examples: `header_text` for a text header's variable, `header_handle` (a media URL) for media. */
  example: z.object({ header_text: z.array(z.string()).optional(), header_handle: z.array(z.string()).optional() }).optional(),
});
const body = z.object({ type: z.literal('BODY'), text: z.string().max(8000), example: z.object({ body_text: z.array(z.array(z.string())) }).optional() });
const footer = z.object({ type: z.literal('FOOTER'), text: z.string().max(4000) });
export const templateButton = z.object({
  type: z.enum(BUTTON_TYPES),
  text: z.string().max(200).optional(),
  url: z.string().max(2000).optional(),
  phone_number: z.string().max(30).optional(),
  /** URL buttons: the example of the URL's variable; COPY_CODE: the example code. */
  example: z.union([z.string(), z.array(z.string())]).optional(),
});
const buttons = z.object({ type: z.literal('BUTTONS'), buttons: z.array(templateButton).max(20) });
const offer = z.object({
  type: z.literal('LIMITED_TIME_OFFER'),
  limited_time_offer: z.object({ text: z.string().max(200), has_expiration: z.boolean().optional() }),
});
const cardComponent = z.discriminatedUnion('type', [header, body, buttons]);
const carousel = z.object({ type: z.literal('CAROUSEL'), cards: z.array(z.object({ components: z.array(cardComponent).max(3) })).max(20) });
export const templateComponent = z.discriminatedUnion('type', [header, body, footer, buttons, offer, carousel]);
export type TemplateComponent = z.infer<typeof templateComponent>;
export type TemplateButton = z.infer<typeof templateButton>;

export const template = z.object({
  id: z.string(),
  /** The template's name (what a send names). */
  templateId: z.string(),
  name: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  language: z.string(),
  category: z.enum(TEMPLATE_CATEGORIES),
  kind: z.enum(TEMPLATE_KINDS),
  components: z.array(templateComponent),
  status: z.enum(TEMPLATE_STATUSES),
  rejectedReason: z.string().nullable(),
  createdOn: z.string(),
  updatedOn: z.string(),
});
export type Template = z.infer<typeof template>;

/** One `{{n}}` parameter: where it is, its type and whether a send must fill it. */
export const templateVariable = z.object({
  /** HEADER, BODY or BUTTON (a URL button's suffix). */
  component: z.enum(['HEADER', 'BODY', 'BUTTON']),
  /** The button's position among the template's (or card's) buttons, for BUTTON. */
  buttonIndex: z.number().optional(),
  /** `{{1}}` */
  name: z.string(),
  /** text for header and body, url for a URL button's suffix. */
  type: z.enum(['text', 'url']),
  required: z.boolean(),
  /** The example the template was approved with. */
  example: z.string(),
});
export type TemplateVariable = z.infer<typeof templateVariable>;

export const templateInput = z.object({
  channelId: z.string({ error: 'Channel is required' }).min(1, { error: 'Channel is required' }).max(100),
  name: z.string().max(1000).nullish(),
  language: z.string().max(20).default('en_US'),
  category: z.string().max(40).nullish(),
  components: jsonText(z.array(templateComponent).max(10)),
});

/** The template list's header sorts (`sort`): by name, by channel name, by last update. */
export const TEMPLATE_SORTS = ['name', 'channel', 'updated'] as const;

export const templatesApi = {
  /** "Get templates": from, perPage, status, name, channelId (broadcast spec 6); only the caller's enterprise. */
  list: endpoint({
    method: 'GET',
    path: 'chatbird/api/templates',
    input: z
      .object({
        from,
        perPage: z.coerce.number().int().min(1).max(TemplatePageSizes.max).default(TemplatePageSizes.templates),
        page: z.coerce.number().int().min(0).optional(),
        status: z.enum(TEMPLATE_STATUSES).optional(),
        name: z.string().max(200).optional(),
        channelId: z.string().max(100).optional(),
        ...listSort(TEMPLATE_SORTS),
      })
      // `page` counts pages when `from` is not given: its offset is bounded as `from` is.
      .refine((q) => q.from > 0 || (q.page ?? 0) * q.perPage <= MAX_PAGE_OFFSET, { error: PagingMessages.tooDeep, path: ['page'] }),
    reply: z.object({ templates: z.array(template), more: z.boolean() }),
  }),
  get: endpoint({ method: 'GET', path: 'chatbird/api/templates/:id', input: z.object({ id: pathId }), reply: z.object({ template }) }),
  /** Checks the spec's limits, submits to the channel's vendor, stores it PENDING (or as the vendor answered). */
  create: endpoint({
    method: 'POST',
    path: 'chatbird/api/templates',
    input: templateInput,
    reply: z.object({ template }),
    invalidMessage: 'Save Failed. Please check for errors in fields',
  }),
  delete: endpoint({ method: 'DELETE', path: 'chatbird/api/templates/:id', input: z.object({ id: pathId }), reply: z.null() }),
  /** Asks the channel's vendor for its templates' statuses now (the webhook and a periodic job also do). */
  sync: endpoint({ method: 'POST', path: 'chatbird/api/templates/sync', input: z.object({ channelId: pathId }), reply: z.object({ updated: z.number() }) }),
  /** "Get template variables" by {channelId, templateId}. */
  variables: endpoint({
    method: 'GET',
    path: 'chatbird/api/templates/variables',
    input: z.object({ channelId: pathId, templateId: pathId }),
    reply: z.object({
      template,
      variables: z.array(templateVariable),
      cards: z.array(z.object({ card: z.number(), variables: z.array(templateVariable) })),
    }),
  }),
};
