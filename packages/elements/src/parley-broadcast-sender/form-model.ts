import { BroadcastMessages, MOBILE_MIN_LENGTH, type MapType, type ResourceType } from '@parley/sdk/contract/broadcast-texts';
import type { BroadcastRequest, VariableMapping } from '@parley/sdk/contract/broadcasts';
import type { TemplateComponent, TemplateVariable } from '@parley/sdk/contract/templates';
import { SenderTexts } from './sender-texts.js';

/** A file chosen for a media header: the request's `media {fileName, type, url}` plus what the checks need. */
export interface ChosenMedia {
  id?: string;
  fileName: string;
  /** The attachment kind: IMAGE, VIDEO or DOC (spec 3: "Media format DOCUMENT is handled as DOC"). */
  type: string;
  url: string;
  mimeType?: string;
}

/** One `{{n}}` to map: of the template's own components (`card` absent) or of a carousel card (from 1). */
export interface Slot extends TemplateVariable {
  key: string;
  card?: number;
}

export interface Mapping {
  type: MapType;
  value: string;
}

/** What the expression lookup said of an expression: fields found, none found, or still asking. */
export type ExpressionCheck = 'found' | 'none' | 'pending';

export interface TemplateVariables {
  variables: TemplateVariable[];
  cards: { card: number; variables: TemplateVariable[] }[];
}

export const slotKey = (v: Pick<VariableMapping, 'component' | 'variable'> & { card?: number; buttonIndex?: number }) =>
  [v.card ?? 0, v.component, v.buttonIndex ?? '', v.variable].join(':');

const slotOf = (v: TemplateVariable, card?: number): Slot => ({ ...v, card, key: slotKey({ ...v, variable: v.name, card }) });

/** The template's own variables and each card's, as rows of the mapping component. */
export function slotsOf(vars: TemplateVariables | undefined): { main: Slot[]; cards: { card: number; slots: Slot[] }[] } {
  return {
    main: (vars?.variables ?? []).map((v) => slotOf(v)),
    cards: (vars?.cards ?? []).map((c) => ({ card: c.card, slots: c.variables.map((v) => slotOf(v, c.card)) })),
  };
}

export const allSlots = (vars: TemplateVariables | undefined): Slot[] => {
  const { main, cards } = slotsOf(vars);
  return [...main, ...cards.flatMap((c) => c.slots)];
};

/** Header, Body and Buttons, in that order, each with its rows (empty groups left out). */
export const GROUPS = [
  { component: 'HEADER', label: 'Header' },
  { component: 'BODY', label: 'Body' },
  { component: 'BUTTON', label: 'Buttons' },
] as const;

type CardPart = Extract<TemplateComponent, { type: 'CAROUSEL' }>['cards'][number]['components'][number];

const mediaFormatIn = (parts: readonly (TemplateComponent | CardPart)[]): 'IMAGE' | 'VIDEO' | 'DOCUMENT' | undefined => {
  const header = parts.find((p) => p.type === 'HEADER') as Extract<TemplateComponent, { type: 'HEADER' }> | undefined;
  return header && header.format !== 'TEXT' ? header.format : undefined;
};

/** The attachment kind the dialog lists for a header format. */
export const kindOfFormat = (format: 'IMAGE' | 'VIDEO' | 'DOCUMENT') => (format === 'DOCUMENT' ? 'DOC' : format);

/** The template's media header, if it has one (a carousel's media is per card). */
export const headerMedia = (components: readonly TemplateComponent[] | undefined) => mediaFormatIn(components ?? []);

/** Each carousel card's media format, by position; empty for other templates. */
export function cardMedia(components: readonly TemplateComponent[] | undefined): ('IMAGE' | 'VIDEO' | 'DOCUMENT' | undefined)[] {
  const carousel = components?.find((c) => c.type === 'CAROUSEL') as Extract<TemplateComponent, { type: 'CAROUSEL' }> | undefined;
  return (carousel?.cards ?? []).map((card) => mediaFormatIn(card.components));
}

/** Spec 5: numbers are split on commas, trimmed, blanks dropped. */
export const splitNumbers = (text: string): string[] =>
  text
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n.length > 0);

/** Digits (and a leading +) only, to tell a number already in the box from a new one however it was typed. */
const bare = (n: string) => n.replace(/[^\d+]/g, '');

/** The box's numbers with the picked ones added at the end, none twice. */
export function appendNumbers(text: string, picked: readonly string[]): string {
  const numbers = splitNumbers(text);
  const seen = new Set(numbers.map(bare));
  for (const n of picked) {
    const key = bare(n);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    numbers.push(n.trim());
  }
  return numbers.join(', ');
}

/**
 * The numbers a send was refused for: the server names each by its place in the request (`phoneNumber.<index>`), so
 * the sent list turns them back into the numbers the user typed, each once.
 */
export function refusedNumbers(sent: readonly string[], errors: readonly { field?: string | undefined }[]): string[] {
  const named = errors.map((e) => /^phoneNumber\.(\d+)$/.exec(e.field ?? '')?.[1]).filter((i): i is string => i !== undefined);
  return [...new Set(named.map((i) => sent[Number(i)]).filter((n): n is string => n !== undefined))];
}

/** The box's numbers without these (as typed), the rest kept in order. */
export const removeNumbers = (text: string, drop: readonly string[]): string => splitNumbers(text).filter((n) => !drop.includes(n)).join(', ');

export const isPdf = (m: ChosenMedia) => m.mimeType === 'application/pdf' || /\.pdf$/i.test(m.fileName) || /\.pdf(\?|$)/i.test(m.url);

export interface FormValues {
  channelId: string | null;
  templateId: string | null;
  components: readonly TemplateComponent[] | undefined;
  numbers: string;
  media: ChosenMedia | null;
  cardMedia: readonly (ChosenMedia | null | undefined)[];
  slots: readonly Slot[];
  mappings: Readonly<Record<string, Mapping | undefined>>;
  expressions: Readonly<Record<string, ExpressionCheck | undefined>>;
}

export interface FormErrors {
  channel?: string;
  template?: string;
  numbers?: string;
  media?: string;
  /** 'Media missing in card N', by card position. */
  cards: (string | undefined)[];
  mapping?: string;
  /** Rows whose value is missing or whose expression names no field. */
  badSlots: string[];
}

export const hasErrors = (e: FormErrors) => Boolean(e.channel || e.template || e.numbers || e.media || e.mapping || e.cards.some(Boolean));

/** Whether one row is filled as spec 5 asks: a value unless not required; an expression that names a field. */
export function slotProblem(slot: Slot, mapping: Mapping | undefined, expressions: FormValues['expressions']): boolean {
  const value = mapping?.value.trim() ?? '';
  if (!value) return slot.required;
  if (mapping?.type === 'expression') return expressions[value] !== 'found';
  return false;
}

/** The checks Send runs (broadcast spec 5), in its words. */
export function validate(form: FormValues): FormErrors {
  const errors: FormErrors = { cards: [], badSlots: [] };
  if (!form.channelId) errors.channel = BroadcastMessages.mandatory;
  if (!form.templateId) errors.template = BroadcastMessages.mandatory;
  const numbers = splitNumbers(form.numbers);
  if (!numbers.length) errors.numbers = BroadcastMessages.mandatory;
  else {
    const short = numbers.filter((n) => n.length < MOBILE_MIN_LENGTH);
    if (short.length) errors.numbers = SenderTexts.invalidNumbers(short);
  }
  const format = headerMedia(form.components);
  if (format && !form.media) errors.media = BroadcastMessages.attachmentMissing;
  else if (format === 'DOCUMENT' && form.media && !isPdf(form.media)) errors.media = BroadcastMessages.invalidFileType;
  cardMedia(form.components).forEach((f, i) => {
    if (f && !form.cardMedia[i]) errors.cards[i] = BroadcastMessages.cardMediaMissing(i + 1);
    else if (f === 'DOCUMENT' && !isPdf(form.cardMedia[i]!)) errors.cards[i] = BroadcastMessages.invalidFileType;
  });
  errors.badSlots = form.slots.filter((s) => slotProblem(s, form.mappings[s.key], form.expressions)).map((s) => s.key);
  if (errors.badSlots.length) errors.mapping = BroadcastMessages.mappingMissing;
  return errors;
}

const wireMedia = (m: ChosenMedia) => ({ fileName: m.fileName, type: m.type, url: m.url, ...(m.id ? { id: m.id } : {}) });

/** The spec's broadcast request from a form that passed `validate`. */
export function toRequest(
  form: FormValues & { templateName: string },
  resource: { resourceType?: ResourceType; resourceId?: string } = {},
): BroadcastRequest {
  const carousel = cardMedia(form.components);
  const columnMapping: VariableMapping[] = form.slots
    .filter((s) => form.mappings[s.key]?.value.trim())
    .map((s) => {
      const m = form.mappings[s.key]!;
      return {
        ...(s.card ? { card: s.card } : {}),
        component: s.component,
        ...(s.buttonIndex !== undefined ? { buttonIndex: s.buttonIndex } : {}),
        variable: s.name,
        type: m.type,
        value: m.value.trim(),
      };
    });
  return {
    channelId: form.channelId!,
    phoneNumber: splitNumbers(form.numbers),
    message: {
      template: {
        templateId: form.templateName,
        templateUId: form.templateId!,
        ...(form.media ? { media: wireMedia(form.media) } : {}),
        ...(carousel.length ? { cards: carousel.map((_, i) => (form.cardMedia[i] ? { media: wireMedia(form.cardMedia[i]!) } : {})) } : {}),
      },
    },
    columnMapping,
    ...(resource.resourceType ? { resourceType: resource.resourceType } : {}),
    ...(resource.resourceId ? { resourceId: resource.resourceId } : {}),
  };
}

/** The number inside `{{n}}`. */
const numberOf = (name: string) => /\d+/.exec(name)?.[0] ?? name;

/**
 * The preview's values: constants as typed, columns as `{column name}`, expressions as written (a URL button's
 * suffix is not shown anyway). Unmapped variables keep the template's examples.
 */
export function previewValues(slots: readonly Slot[], mappings: FormValues['mappings'], columnLabel: (field: string) => string) {
  type Part = { header?: Record<string, string>; body?: Record<string, string> };
  const main: Part = {};
  const cards: Part[] = [];
  for (const slot of slots) {
    const m = mappings[slot.key];
    const value = m?.value.trim();
    if (!m || !value || slot.component === 'BUTTON') continue;
    const shown = m.type === 'column' ? `{${columnLabel(value)}}` : value;
    const part = slot.card ? (cards[slot.card - 1] ??= {}) : main;
    const which = slot.component === 'HEADER' ? 'header' : 'body';
    (part[which] ??= {})[numberOf(slot.name)] = shown;
  }
  return { ...main, cards };
}

/** The variables' mapping as stored with a broadcast, keyed as the form keys its rows. */
export function mappingsFrom(columnMapping: readonly VariableMapping[]): Record<string, Mapping> {
  return Object.fromEntries(columnMapping.map((m) => [slotKey(m), { type: m.type, value: m.value }]));
}
