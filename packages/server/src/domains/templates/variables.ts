import { variablesIn, type TemplateComponent, type TemplateVariable } from '@parley/sdk/contract/templates';
import { buttonExample, componentOf } from './template-rules.js';

type Part = TemplateComponent | Extract<TemplateComponent, { type: 'CAROUSEL' }>['cards'][number]['components'][number];

export interface TemplateVariables {
  variables: TemplateVariable[];
  /** One entry per carousel card (numbered from 1), empty for other kinds. */
  cards: { card: number; variables: TemplateVariable[] }[];
}

/**
 * A URL button's example is the whole URL Meta reviewed ('https://shop.example/track/AB12'); a send fills only the
 * part after the URL's fixed prefix, so that part is the variable's example.
 */
function urlSuffixExample(url: string | undefined, example: string | undefined): string {
  if (!example) return '';
  const prefix = (url ?? '').split('{{')[0] ?? '';
  return prefix && example.startsWith(prefix) ? example.slice(prefix.length) : example;
}

const variable = (
  component: TemplateVariable['component'],
  n: string,
  example: string | undefined,
  extra: Partial<TemplateVariable> = {},
): TemplateVariable => ({
  component,
  ...extra,
  name: `{{${n}}}`,
  type: component === 'BUTTON' ? 'url' : 'text',
  required: true,
  example: example ?? '',
});

/**
 * The `{{n}}` parameters of a template (or of one carousel card): a text header's, the body's, then each URL button's
 * suffix, in that order, as a Cloud API send fills them. `buttonIndex` is the button's position counted from 0, the
 * send's `index`. Media headers are not variables: the broadcast form asks for the media itself.
 */
function partVariables(parts: readonly Part[]): TemplateVariable[] {
  const out: TemplateVariable[] = [];
  const header = componentOf(parts, 'HEADER');
  if (header?.format === 'TEXT') for (const n of variablesIn(header.text)) out.push(variable('HEADER', n, header.example?.header_text?.[Number(n) - 1]));
  const body = componentOf(parts, 'BODY');
  if (body) for (const n of variablesIn(body.text)) out.push(variable('BODY', n, body.example?.body_text[0]?.[Number(n) - 1]));
  componentOf(parts, 'BUTTONS')?.buttons.forEach((button, buttonIndex) => {
    if (button.type !== 'URL') return;
    for (const n of variablesIn(button.url)) out.push(variable('BUTTON', n, urlSuffixExample(button.url, buttonExample(button)), { buttonIndex }));
  });
  return out;
}

export function templateVariables(components: readonly TemplateComponent[]): TemplateVariables {
  const carousel = componentOf(components, 'CAROUSEL');
  return {
    variables: partVariables(components),
    cards: (carousel?.cards ?? []).map((card, i) => ({ card: i + 1, variables: partVariables(card.components) })),
  };
}
