/**
 * Message templates without zod (platform-shell 3 Template components, 5 limits, 9 categories; broadcast spec 3):
 * limits, texts and the helpers a preview and an editor need.
 */

export const TemplateLimits = {
  header: 60,
  body: 1024,
  footer: 60,
  quickReplyText: 25,
  actionButtonText: 25,
  cardBody: 160,
  offerText: 15,
  carouselButtons: 2,
  /** Cloud API limits the spec does not state. */
  carouselCards: 10,
  carouselMinCards: 2,
  buttons: 10,
  name: 512,
  offerCallToActions: 1,
} as const;

export const TEMPLATE_CATEGORIES = ['UTILITY', 'AUTHENTICATION', 'MARKETING'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
export const CATEGORY_LABELS: Record<TemplateCategory, string> = { UTILITY: 'Utility', AUTHENTICATION: 'Authentication', MARKETING: 'Marketing' };

export const HEADER_FORMATS = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT'] as const;
export type HeaderFormat = (typeof HEADER_FORMATS)[number];
export const BUTTON_TYPES = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'COPY_CODE'] as const;
export type ButtonType = (typeof BUTTON_TYPES)[number];
export const TEMPLATE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'PAUSED', 'DISABLED'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];
/** DEFAULT, LIMITED_TIME_OFFER or CAROUSEL: how the preview draws it and which rules apply. */
export const TEMPLATE_KINDS = ['DEFAULT', 'LIMITED_TIME_OFFER', 'CAROUSEL'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export const TemplatePageSizes = { templates: 20, max: 100 } as const;

/** `{{1}}`-style parameters, in order of first appearance. */
export const VARIABLE_PATTERN = /\{\{\s*(\d+)\s*\}\}/g;
export function variablesIn(text: string | undefined): string[] {
  const seen: string[] = [];
  for (const m of (text ?? '').matchAll(VARIABLE_PATTERN)) if (!seen.includes(m[1]!)) seen.push(m[1]!);
  return seen;
}

export const TemplateMessages = {
  // Not shown in the spec; worded in its voice.
  nameRequired: 'Template name is required',
  nameFormat: 'Template name can contain only lowercase letters, numbers and underscores',
  nameTaken: 'A template with this name and language already exists on this channel',
  categoryRequired: 'Category is required',
  bodyRequired: 'Body is required',
  tooLong: (label: string, max: number) => `${label} can be at most ${max} characters`,
  carouselButtons: `A carousel card can have at most ${TemplateLimits.carouselButtons} buttons`,
  carouselCards: `A carousel needs ${TemplateLimits.carouselMinCards} to ${TemplateLimits.carouselCards} cards`,
  cardMedia: (n: number) => `Media missing in card ${n}`,
  offerButtons: 'A limited-time offer allows 1 call-to-action and 1 offer code',
  variablesInOrder: 'Variables must be numbered {{1}}, {{2}}, ... in order',
  exampleRequired: (name: string) => `Example value for ${name} is required`,
  channelNotWhatsApp: 'Templates can be created only for WhatsApp Cloud API channels',
  notFound: 'Template not found',
  submitted: 'Template submitted for approval',
  deleted: 'Template deleted successfully',
  vendorRefused: (reason: string) => `The vendor refused the template: ${reason}`,
} as const;
