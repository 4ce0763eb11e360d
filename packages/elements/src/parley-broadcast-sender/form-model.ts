import type { MapType } from '@parley/sdk/contract/broadcast-texts';
import type { VariableMapping } from '@parley/sdk/contract/broadcasts';
import type { TemplateComponent, TemplateVariable } from '@parley/sdk/contract/templates';

// The broadcast form's parts: a template's variables as mapping rows, its media, the numbers box. The form's state,
// checks and request are in sender-form-model.ts.

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
export const removeNumbers = (text: string, drop: readonly string[]): string =>
  splitNumbers(text)
    .filter((n) => !drop.includes(n))
    .join(', ');

export const isPdf = (m: ChosenMedia) => m.mimeType === 'application/pdf' || /\.pdf$/i.test(m.fileName) || /\.pdf(\?|$)/i.test(m.url);

/** The number inside `{{n}}`. */
const numberOf = (name: string) => /\d+/.exec(name)?.[0] ?? name;

/**
 * The preview's values: constants as typed, columns as `{column name}`, expressions as written (a URL button's
 * suffix is not shown anyway). Unmapped variables keep the template's examples.
 */
export function previewValues(slots: readonly Slot[], mappings: Readonly<Record<string, Mapping | undefined>>, columnLabel: (field: string) => string) {
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
