import { VARIABLE_PATTERN } from '@parley/sdk/contract/templates';
import type { SandboxTemplate } from './templates-store.js';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A template message as the customer's phone shows it: the stored texts with the send's parameters in place. */
export interface RenderedTemplate {
  header?: { text: string } | { format: string; link?: string };
  body: string;
  footer?: string;
  buttons?: string[];
  /** A carousel's cards, each by its body text. */
  cards?: string[];
}

/**
 * Renders at send time, while the stored template is at hand: the phone page reads it long after, when the template
 * may have been deleted.
 */
export function renderTemplate(stored: SandboxTemplate, sentComponents: unknown): RenderedTemplate {
  const defined = stored.components.map(obj);
  const sent = arr(sentComponents).map(obj);
  const sentOf = (type: string, list = sent) => list.find((c) => String(c.type ?? '').toLowerCase() === type);
  const rendered: RenderedTemplate = { body: fill(str(defined.find((c) => c.type === 'BODY')?.text), sentOf('body')) };

  const header = defined.find((c) => c.type === 'HEADER');
  if (header) {
    const format = str(header.format) ?? 'TEXT';
    if (format === 'TEXT') rendered.header = { text: fill(str(header.text), sentOf('header')) };
    else {
      const param = obj(arr(sentOf('header')?.parameters)[0]);
      const link = str(obj(param[String(param.type ?? format.toLowerCase())]).link);
      rendered.header = { format, ...(link ? { link } : {}) };
    }
  }
  const footer = str(defined.find((c) => c.type === 'FOOTER')?.text);
  if (footer) rendered.footer = footer;
  const buttons = arr(defined.find((c) => c.type === 'BUTTONS')?.buttons)
    .map((b) => str(obj(b).text) ?? '')
    .filter(Boolean);
  if (buttons.length) rendered.buttons = buttons;

  const cards = arr(defined.find((c) => c.type === 'CAROUSEL')?.cards);
  if (cards.length) {
    const sentCards = arr(sentOf('carousel')?.cards).map(obj);
    rendered.cards = cards.map((card, i) => {
      const body = arr(obj(card).components)
        .map(obj)
        .find((c) => c.type === 'BODY');
      const sentCard = sentCards.find((c) => Number(c.card_index) === i);
      return fill(str(body?.text), sentOf('body', arr(sentCard?.components).map(obj)));
    });
  }
  return rendered;
}

/** `{{n}}` becomes the n-th parameter's text (a currency's or a date's fallback value); a missing one stays as written. */
function fill(text: string | undefined, component: Json | undefined): string {
  const values = arr(component?.parameters).map((p) => {
    const param = obj(p);
    return str(param.text) ?? str(obj(param.currency).fallback_value) ?? str(obj(param.date_time).fallback_value);
  });
  return (text ?? '').replace(VARIABLE_PATTERN, (whole, n: string) => values[Number(n) - 1] ?? whole);
}
