import { VARIABLE_PATTERN } from '@parley/sdk/contract/template-texts';
import type { TemplateButton, TemplateComponent } from '@parley/sdk/contract/templates';

/** Values for `{{n}}` by n (`{ '1': 'Ana' }`); a missing one falls back to the template's example, then shows `{{n}}`. */
export type VariableValues = Readonly<Record<string, string | undefined>>;
/** What fills a template, or one of its carousel cards. (A URL button's suffix is not shown, as WhatsApp hides it.) */
export interface PartValues {
  header?: VariableValues;
  body?: VariableValues;
}
export interface PreviewValues extends PartValues {
  cards?: readonly (PartValues | undefined)[];
}

type CardComponent = Extract<TemplateComponent, { type: 'CAROUSEL' }>['cards'][number]['components'][number];
export type AnyComponent = TemplateComponent | CardComponent;
export type Of<T extends TemplateComponent['type']> = Extract<TemplateComponent, { type: T }>;

export function part<T extends TemplateComponent['type']>(components: readonly AnyComponent[], type: T): Of<T> | undefined {
  return components.find((c) => c.type === type) as Of<T> | undefined;
}

/** `{{n}}` replaced by its value, else by the example at n - 1; with neither it stays, and the preview marks it. */
export function fill(text: string | undefined, values: VariableValues | undefined, examples: readonly (string | undefined)[] | undefined): string {
  return (text ?? '').replace(new RegExp(VARIABLE_PATTERN.source, 'g'), (whole, n: string) => {
    const value = values?.[n] ?? examples?.[Number(n) - 1];
    return value === undefined || value === '' ? whole : value;
  });
}

/** A URL button's example, which the Cloud API sends as one string in an array. */
export const buttonExample = (button: TemplateButton) => [button.example ?? []].flat()[0];

/** Only web, blob and same-site addresses become an image's source; anything else draws the placeholder. */
export function safeMediaUrl(url: string | undefined): string | undefined {
  const trimmed = url?.trim();
  if (!trimmed) return undefined;
  if (/^(https?:|blob:)/i.test(trimmed) || /^\/(?!\/)/.test(trimmed)) return trimmed;
  return undefined;
}

/** The last path segment of a document's address, for its caption. */
export function fileNameOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const name = decodeURIComponent(new URL(url, 'http://x').pathname.split('/').pop() ?? '');
    return name || undefined;
  } catch {
    return undefined;
  }
}
