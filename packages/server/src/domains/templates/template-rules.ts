import type { FieldError } from '@parley/sdk/contract/envelope';
import {
  TEMPLATE_CATEGORIES,
  TemplateLimits,
  TemplateMessages,
  variablesIn,
  type TemplateButton,
  type TemplateCategory,
  type TemplateComponent,
  type TemplateKind,
} from '@parley/sdk/contract/templates';

/**
 * The spec's template limits (platform-shell 5) and the Cloud API's rules for each kind, every error at once.
 *
 * Error fields name the component by its type, then its part: `components.BODY.text`, `components.HEADER.example`,
 * `components.BUTTONS.2.text` (buttons counted from 1), `components.LIMITED_TIME_OFFER.text`,
 * `components.CAROUSEL.cards` (the card count), and inside a card the same names under
 * `components.CAROUSEL.cards.<n>.` (cards counted from 1, as 'Media missing in card N' counts them).
 */

type Of<T extends TemplateComponent['type']> = Extract<TemplateComponent, { type: T }>;
export type Header = Of<'HEADER'>;
export type Body = Of<'BODY'>;
export type Buttons = Of<'BUTTONS'>;
type CardComponent = Of<'CAROUSEL'>['cards'][number]['components'][number];

export const NAME_PATTERN = /^[a-z0-9_]+$/;
const MEDIA_FORMATS: readonly string[] = ['IMAGE', 'VIDEO'];

export function componentOf<T extends TemplateComponent['type']>(components: readonly (TemplateComponent | CardComponent)[], type: T): Of<T> | undefined {
  return components.find((c) => c.type === type) as Of<T> | undefined;
}

/** DEFAULT, LIMITED_TIME_OFFER or CAROUSEL, from the components the template has. */
export function kindOf(components: readonly TemplateComponent[]): TemplateKind {
  if (components.some((c) => c.type === 'CAROUSEL')) return 'CAROUSEL';
  if (components.some((c) => c.type === 'LIMITED_TIME_OFFER')) return 'LIMITED_TIME_OFFER';
  return 'DEFAULT';
}

export function checkName(name: string | null | undefined): string | null {
  if (!name?.trim()) return TemplateMessages.nameRequired;
  if (name.length > TemplateLimits.name) return TemplateMessages.tooLong('Template name', TemplateLimits.name);
  if (!NAME_PATTERN.test(name)) return TemplateMessages.nameFormat;
  return null;
}

/** The editor shows 'Utility'; the Cloud API wants 'UTILITY'. Either is accepted, stored upper case. */
export function categoryOf(category: string | null | undefined): TemplateCategory | null {
  const upper = category?.trim().toUpperCase();
  return TEMPLATE_CATEGORIES.find((c) => c === upper) ?? null;
}

const blank = (text: string | undefined) => !text?.trim();

/** An example of a URL button: the Cloud API sends one string in an array; a plain string is accepted too. */
export const buttonExample = (button: TemplateButton) => [button.example ?? []].flat()[0];

/**
 * `{{1}}`, `{{2}}`, ... numbered from 1 in order of appearance, each with an example (examples[n - 1]).
 * Numbering errors are reported at `textField`, missing examples at `exampleField`.
 */
function checkVariables(
  text: string | undefined,
  examples: readonly (string | undefined)[] | undefined,
  [textField, exampleField]: [string, string],
  push: (f: string, m: string) => void,
) {
  const names = variablesIn(text);
  if (names.some((n, i) => n !== String(i + 1))) {
    push(textField, TemplateMessages.variablesInOrder);
    return;
  }
  for (const n of names) if (blank(examples?.[Number(n) - 1])) push(exampleField, TemplateMessages.exampleRequired(`{{${n}}}`));
}

interface PartLimits {
  body: number;
  bodyLabel: string;
}

/** Header, body and buttons, as a template or a carousel card has them; `at` is the field prefix. */
function checkParts(parts: readonly (TemplateComponent | CardComponent)[], at: string, limits: PartLimits, push: (f: string, m: string) => void) {
  const header = componentOf(parts, 'HEADER');
  if (header?.format === 'TEXT') {
    if ((header.text ?? '').length > TemplateLimits.header) push(`${at}HEADER.text`, TemplateMessages.tooLong('Header', TemplateLimits.header));
    checkVariables(header.text, header.example?.header_text, [`${at}HEADER.text`, `${at}HEADER.example`], push);
  }
  const body = componentOf(parts, 'BODY');
  if (!body || blank(body.text)) push(`${at}BODY.text`, TemplateMessages.bodyRequired);
  else {
    if (body.text.length > limits.body) push(`${at}BODY.text`, TemplateMessages.tooLong(limits.bodyLabel, limits.body));
    checkVariables(body.text, body.example?.body_text[0], [`${at}BODY.text`, `${at}BODY.example`], push);
  }
  componentOf(parts, 'BUTTONS')?.buttons.forEach((button, i) => {
    const field = `${at}BUTTONS.${i + 1}`;
    const [max, label] =
      button.type === 'QUICK_REPLY' ? [TemplateLimits.quickReplyText, 'Quick reply button text'] : [TemplateLimits.actionButtonText, 'Button text'];
    if ((button.text ?? '').length > max) push(`${field}.text`, TemplateMessages.tooLong(label, max));
    if (button.type === 'URL') {
      const example = buttonExample(button);
      checkVariables(button.url, [example], [`${field}.url`, `${field}.example`], push);
    }
  });
}

function checkOffer(components: readonly TemplateComponent[], push: (f: string, m: string) => void) {
  const offer = componentOf(components, 'LIMITED_TIME_OFFER');
  if (!offer) return;
  if (offer.limited_time_offer.text.length > TemplateLimits.offerText) {
    push('LIMITED_TIME_OFFER.text', TemplateMessages.tooLong('Offer text', TemplateLimits.offerText));
  }
  const buttons = componentOf(components, 'BUTTONS')?.buttons ?? [];
  const count = (type: TemplateButton['type']) => buttons.filter((b) => b.type === type).length;
  if (buttons.length !== 2 || count('URL') !== TemplateLimits.offerCallToActions || count('COPY_CODE') !== 1) push('BUTTONS', TemplateMessages.offerButtons);
}

function checkCarousel(components: readonly TemplateComponent[], push: (f: string, m: string) => void) {
  const carousel = componentOf(components, 'CAROUSEL');
  if (!carousel) return;
  const { cards } = carousel;
  if (cards.length < TemplateLimits.carouselMinCards || cards.length > TemplateLimits.carouselCards) push('CAROUSEL.cards', TemplateMessages.carouselCards);
  cards.forEach((card, i) => {
    const n = i + 1;
    const at = `CAROUSEL.cards.${n}.`;
    const header = componentOf(card.components, 'HEADER');
    if (!header || !MEDIA_FORMATS.includes(header.format)) push(`${at}HEADER`, TemplateMessages.cardMedia(n));
    checkParts(card.components, at, { body: TemplateLimits.cardBody, bodyLabel: 'Card body' }, push);
    if ((componentOf(card.components, 'BUTTONS')?.buttons.length ?? 0) > TemplateLimits.carouselButtons) push(`${at}BUTTONS`, TemplateMessages.carouselButtons);
  });
}

/** Every rule the components break, with the field each error belongs to (see the naming above). */
export function checkComponents(components: readonly TemplateComponent[]): FieldError[] {
  const errors: FieldError[] = [];
  const push = (field: string, message: string) => errors.push({ field: `components.${field}`, message });
  checkParts(components, '', { body: TemplateLimits.body, bodyLabel: 'Body' }, push);
  const footer = componentOf(components, 'FOOTER');
  if (footer && footer.text.length > TemplateLimits.footer) push('FOOTER.text', TemplateMessages.tooLong('Footer', TemplateLimits.footer));
  checkOffer(components, push);
  checkCarousel(components, push);
  return errors;
}
