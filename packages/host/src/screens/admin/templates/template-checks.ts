import { TemplateLimits, TemplateMessages, variablesIn } from '@parley/sdk/contract/template-texts';
import type { TemplateButton, TemplateComponent } from '@parley/sdk/contract/templates';
import type { TemplateForm } from './template-form.js';

/**
 * The server's template rules, run before Save so a user hears the same words without a round trip. Errors carry the
 * server's field names (template-rules.ts): `name`, `category`, `channelId`, `components.BODY.text`,
 * `components.BUTTONS.2.text` (buttons and cards counted from 1), `components.CAROUSEL.cards.1.HEADER`, ...; so the
 * editor places a client error and a server error the same way.
 */

export type FieldErrors = Record<string, string>;

const NAME_PATTERN = /^[a-z0-9_]+$/;
const blank = (text: string | undefined) => !text?.trim();
type Part = { type: string };
const find = <T extends TemplateComponent['type']>(parts: readonly Part[], type: T) =>
  parts.find((c) => c.type === type) as Extract<TemplateComponent, { type: T }> | undefined;

export function nameError(name: string): string | undefined {
  if (blank(name)) return TemplateMessages.nameRequired;
  if (name.length > TemplateLimits.name) return TemplateMessages.tooLong('Template name', TemplateLimits.name);
  if (!NAME_PATTERN.test(name)) return TemplateMessages.nameFormat;
  return undefined;
}

function variables(
  text: string | undefined,
  examples: readonly (string | undefined)[] | undefined,
  [textField, exampleField]: [string, string],
  push: (f: string, m: string) => void,
) {
  const names = variablesIn(text);
  if (names.some((n, i) => n !== String(i + 1))) return push(textField, TemplateMessages.variablesInOrder);
  for (const n of names) if (blank(examples?.[Number(n) - 1])) push(exampleField, TemplateMessages.exampleRequired(`{{${n}}}`));
}

const buttonExample = (b: TemplateButton) => [b.example ?? []].flat()[0];

function parts(components: readonly Part[], at: string, body: { max: number; label: string }, push: (f: string, m: string) => void) {
  const header = find(components, 'HEADER');
  if (header?.format === 'TEXT') {
    if ((header.text ?? '').length > TemplateLimits.header) push(`${at}HEADER.text`, TemplateMessages.tooLong('Header', TemplateLimits.header));
    variables(header.text, header.example?.header_text, [`${at}HEADER.text`, `${at}HEADER.example`], push);
  }
  const text = find(components, 'BODY');
  if (!text || blank(text.text)) push(`${at}BODY.text`, TemplateMessages.bodyRequired);
  else {
    if (text.text.length > body.max) push(`${at}BODY.text`, TemplateMessages.tooLong(body.label, body.max));
    variables(text.text, text.example?.body_text[0], [`${at}BODY.text`, `${at}BODY.example`], push);
  }
  find(components, 'BUTTONS')?.buttons.forEach((b, i) => {
    const field = `${at}BUTTONS.${i + 1}`;
    const [max, label] =
      b.type === 'QUICK_REPLY' ? [TemplateLimits.quickReplyText, 'Quick reply button text'] : [TemplateLimits.actionButtonText, 'Button text'];
    if ((b.text ?? '').length > max) push(`${field}.text`, TemplateMessages.tooLong(label, max));
    if (b.type === 'URL') variables(b.url, [buttonExample(b)], [`${field}.url`, `${field}.example`], push);
  });
}

/** Every rule the form breaks, by field; empty when Save may go to the server. */
export function checkTemplate(form: TemplateForm, components: readonly TemplateComponent[]): FieldErrors {
  const errors: FieldErrors = {};
  const push = (field: string, message: string) => {
    errors[field] ??= message;
  };
  if (blank(form.channelId)) push('channelId', 'Channel is required');
  const name = nameError(form.name);
  if (name) push('name', name);
  if (!form.category) push('category', TemplateMessages.categoryRequired);

  const at = (field: string, message: string) => push(`components.${field}`, message);
  parts(components, '', { max: TemplateLimits.body, label: 'Body' }, at);
  const footer = find(components, 'FOOTER');
  if (footer && footer.text.length > TemplateLimits.footer) at('FOOTER.text', TemplateMessages.tooLong('Footer', TemplateLimits.footer));

  const offer = find(components, 'LIMITED_TIME_OFFER');
  if (offer && offer.limited_time_offer.text.length > TemplateLimits.offerText)
    at('LIMITED_TIME_OFFER.text', TemplateMessages.tooLong('Offer text', TemplateLimits.offerText));

  const carousel = find(components, 'CAROUSEL');
  if (carousel) {
    if (carousel.cards.length < TemplateLimits.carouselMinCards || carousel.cards.length > TemplateLimits.carouselCards)
      at('CAROUSEL.cards', TemplateMessages.carouselCards);
    carousel.cards.forEach((card, i) => {
      const n = i + 1;
      const header = find(card.components, 'HEADER');
      if (!header || !['IMAGE', 'VIDEO'].includes(header.format) || blank(header.example?.header_handle?.[0]))
        at(`CAROUSEL.cards.${n}.HEADER`, TemplateMessages.cardMedia(n));
      parts(card.components, `CAROUSEL.cards.${n}.`, { max: TemplateLimits.cardBody, label: 'Card body' }, at);
      if ((find(card.components, 'BUTTONS')?.buttons.length ?? 0) > TemplateLimits.carouselButtons)
        at(`CAROUSEL.cards.${n}.BUTTONS`, TemplateMessages.carouselButtons);
    });
  }
  return errors;
}

/** The field names the editor shows beside an input for this form; any other error goes to the list above Save. */
export function placedFields(form: TemplateForm): Set<string> {
  const fields = ['channelId', 'name', 'category', 'language', 'components.BODY.text', 'components.BODY.example'];
  const buttons = (at: string, count: number) => {
    fields.push(`${at}BUTTONS`);
    for (let n = 1; n <= count; n += 1) fields.push(`${at}BUTTONS.${n}.text`, `${at}BUTTONS.${n}.url`, `${at}BUTTONS.${n}.example`);
  };
  if (form.kind === 'DEFAULT') {
    fields.push('components.HEADER.text', 'components.HEADER.example', 'components.FOOTER.text');
    buttons('components.', form.buttons.length);
  }
  if (form.kind === 'LIMITED_TIME_OFFER') {
    fields.push('components.LIMITED_TIME_OFFER.text', 'components.BUTTONS.1.example');
    buttons('components.', 2);
  }
  if (form.kind === 'CAROUSEL') {
    fields.push('components.CAROUSEL.cards');
    form.cards.forEach((card, i) => {
      const at = `components.CAROUSEL.cards.${i + 1}.`;
      fields.push(`${at}HEADER`, `${at}BODY.text`, `${at}BODY.example`);
      buttons(at, card.buttons.length);
    });
  }
  return new Set(fields);
}
