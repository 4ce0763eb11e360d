import { variablesIn, type ButtonType, type HeaderFormat, type TemplateCategory, type TemplateKind } from '@parley/sdk/contract/template-texts';
import type { Template, TemplateButton, TemplateComponent } from '@parley/sdk/contract/templates';

/**
 * The template editor's form and the Cloud API components it stands for. Variables' examples are kept by number
 * (`{ '1': 'Ana' }`) so renumbering text never shifts them; the components list them in order, as Meta wants.
 */

export type Examples = Record<string, string>;

export interface ButtonForm {
  key: number;
  type: ButtonType;
  text: string;
  url: string;
  /** The value of a URL's `{{1}}` in the example (the example sent is the whole URL with it filled). */
  urlExample: string;
  phone: string;
  code: string;
}

export interface CardForm {
  key: number;
  format: 'IMAGE' | 'VIDEO';
  mediaUrl: string;
  body: string;
  examples: Examples;
  buttons: ButtonForm[];
}

export type HeaderChoice = 'NONE' | HeaderFormat;

export interface TemplateForm {
  channelId: string;
  name: string;
  language: string;
  category: TemplateCategory | '';
  kind: TemplateKind;
  header: { format: HeaderChoice; text: string; example: string; mediaUrl: string };
  body: string;
  examples: Examples;
  footer: string;
  buttons: ButtonForm[];
  offer: { text: string; hasExpiration: boolean; code: string; button: ButtonForm };
  cards: CardForm[];
}

let nextKey = 1;
export const newKey = () => nextKey++;

export const newButton = (type: ButtonType): ButtonForm => ({ key: newKey(), type, text: '', url: '', urlExample: '', phone: '', code: '' });
export const newCard = (): CardForm => ({ key: newKey(), format: 'IMAGE', mediaUrl: '', body: '', examples: {}, buttons: [] });

export const emptyForm = (channelId = ''): TemplateForm => ({
  channelId,
  name: '',
  language: 'en_US',
  category: '',
  kind: 'DEFAULT',
  header: { format: 'NONE', text: '', example: '', mediaUrl: '' },
  body: '',
  examples: {},
  footer: '',
  buttons: [],
  offer: { text: '', hasExpiration: false, code: '', button: newButton('URL') },
  cards: [newCard(), newCard()],
});

/** The next `{{n}}` for a text: one past the highest it holds. */
export function nextVariable(text: string): string {
  const numbers = variablesIn(text).map(Number);
  return `{{${numbers.length ? Math.max(...numbers) + 1 : 1}}}`;
}

const examplesFor = (text: string, examples: Examples) => variablesIn(text).map((n) => examples[n] ?? '');

function bodyOf(text: string, examples: Examples): TemplateComponent {
  const values = examplesFor(text, examples);
  return { type: 'BODY', text, ...(values.length ? { example: { body_text: [values] } } : {}) };
}

function buttonOf(b: ButtonForm): TemplateButton {
  switch (b.type) {
    case 'QUICK_REPLY':
      return { type: 'QUICK_REPLY', text: b.text };
    case 'PHONE_NUMBER':
      return { type: 'PHONE_NUMBER', text: b.text, phone_number: b.phone };
    case 'COPY_CODE':
      return { type: 'COPY_CODE', example: b.code };
    case 'URL': {
      const hasVariable = variablesIn(b.url).length > 0;
      // Meta's example for a URL with `{{1}}` is the whole URL as one send would open it.
      const example = hasVariable && b.urlExample ? [b.url.replace(/\{\{\s*1\s*\}\}/, b.urlExample)] : hasVariable ? [''] : undefined;
      return { type: 'URL', text: b.text, url: b.url, ...(example ? { example } : {}) };
    }
  }
}

const buttonsOf = (buttons: ButtonForm[]): TemplateComponent[] => (buttons.length ? [{ type: 'BUTTONS', buttons: buttons.map(buttonOf) }] : []);

function headerOf(header: TemplateForm['header']): TemplateComponent[] {
  if (header.format === 'NONE') return [];
  if (header.format === 'TEXT') {
    const values = examplesFor(header.text, { '1': header.example });
    return [{ type: 'HEADER', format: 'TEXT', text: header.text, ...(values.length ? { example: { header_text: values } } : {}) }];
  }
  return [{ type: 'HEADER', format: header.format, ...(header.mediaUrl.trim() ? { example: { header_handle: [header.mediaUrl.trim()] } } : {}) }];
}

/** The Cloud API components of the form, as `templates.ts` takes them. */
export function toComponents(form: TemplateForm): TemplateComponent[] {
  if (form.kind === 'LIMITED_TIME_OFFER') {
    // A limited-time offer may open with an image or a video, never text or a document (Cloud API).
    const media = form.header.format === 'IMAGE' || form.header.format === 'VIDEO' ? headerOf(form.header) : [];
    return [
      ...media,
      { type: 'LIMITED_TIME_OFFER', limited_time_offer: { text: form.offer.text, has_expiration: form.offer.hasExpiration } },
      bodyOf(form.body, form.examples),
      { type: 'BUTTONS', buttons: [buttonOf({ ...newButton('COPY_CODE'), code: form.offer.code }), buttonOf(form.offer.button)] },
    ];
  }
  if (form.kind === 'CAROUSEL') {
    return [
      bodyOf(form.body, form.examples),
      {
        type: 'CAROUSEL',
        cards: form.cards.map((card) => ({
          components: [
            { type: 'HEADER', format: card.format, ...(card.mediaUrl.trim() ? { example: { header_handle: [card.mediaUrl.trim()] } } : {}) },
            bodyOf(card.body, card.examples),
            ...buttonsOf(card.buttons),
          ] as TemplateComponent[],
        })) as Extract<TemplateComponent, { type: 'CAROUSEL' }>['cards'],
      },
    ];
  }
  return [
    ...headerOf(form.header),
    bodyOf(form.body, form.examples),
    ...(form.footer.trim() ? [{ type: 'FOOTER', text: form.footer } as TemplateComponent] : []),
    ...buttonsOf(form.buttons),
  ];
}

/* Reading a saved template back into the form, for its read-only view. */

type Part<T extends TemplateComponent['type']> = Extract<TemplateComponent, { type: T }>;
const find = <T extends TemplateComponent['type']>(parts: readonly { type: string }[], type: T) => parts.find((c) => c.type === type) as Part<T> | undefined;
const exampleOf = (b: TemplateButton) => [b.example ?? []].flat()[0] ?? '';

function numbered(text: string, values: readonly string[] | undefined): Examples {
  return Object.fromEntries(variablesIn(text).map((n, i) => [n, values?.[i] ?? '']));
}

function buttonForm(b: TemplateButton): ButtonForm {
  const example = exampleOf(b);
  // The URL example holds the whole address: what it adds past the URL's fixed part is the variable's value.
  const prefix = (b.url ?? '').split(/\{\{\s*1\s*\}\}/)[0] ?? '';
  return {
    ...newButton(b.type),
    text: b.text ?? '',
    url: b.url ?? '',
    urlExample: b.type === 'URL' && example.startsWith(prefix) ? example.slice(prefix.length) : '',
    phone: b.phone_number ?? '',
    code: b.type === 'COPY_CODE' ? example : '',
  };
}

export function fromTemplate(t: Template): TemplateForm {
  const form = { ...emptyForm(t.channelId), name: t.name, language: t.language, category: t.category, kind: t.kind };
  const body = find(t.components, 'BODY');
  form.body = body?.text ?? '';
  form.examples = numbered(form.body, body?.example?.body_text[0]);
  const buttons = find(t.components, 'BUTTONS')?.buttons ?? [];
  const header = find(t.components, 'HEADER');
  if (header) {
    form.header = {
      format: header.format,
      text: header.text ?? '',
      example: header.example?.header_text?.[0] ?? '',
      mediaUrl: header.example?.header_handle?.[0] ?? '',
    };
  }
  if (t.kind === 'LIMITED_TIME_OFFER') {
    const offer = find(t.components, 'LIMITED_TIME_OFFER')?.limited_time_offer;
    const copy = buttons.find((b) => b.type === 'COPY_CODE');
    const url = buttons.find((b) => b.type === 'URL');
    return {
      ...form,
      offer: {
        text: offer?.text ?? '',
        hasExpiration: offer?.has_expiration ?? false,
        code: copy ? exampleOf(copy) : '',
        button: url ? buttonForm(url) : newButton('URL'),
      },
    };
  }
  if (t.kind === 'CAROUSEL') {
    const cards = find(t.components, 'CAROUSEL')?.cards ?? [];
    return {
      ...form,
      cards: cards.map((card) => {
        const header = find(card.components, 'HEADER');
        const cardBody = find(card.components, 'BODY');
        return {
          ...newCard(),
          format: header?.format === 'VIDEO' ? 'VIDEO' : 'IMAGE',
          mediaUrl: header?.example?.header_handle?.[0] ?? '',
          body: cardBody?.text ?? '',
          examples: numbered(cardBody?.text ?? '', cardBody?.example?.body_text[0]),
          buttons: (find(card.components, 'BUTTONS')?.buttons ?? []).map(buttonForm),
        };
      }),
    };
  }
  return {
    ...form,
    footer: find(t.components, 'FOOTER')?.text ?? '',
    buttons: buttons.map(buttonForm),
  };
}
