import { BroadcastMessages, type VariableMapping } from '@parley/sdk/contract/broadcasts';
import type { TemplateComponent } from '@parley/sdk/contract/templates';
import { ApiError } from '../../http/api-error.js';
import { componentOf } from '../templates/template-rules.js';
import { templateVariables } from '../templates/variables.js';

type CardComponent = Extract<TemplateComponent, { type: 'CAROUSEL' }>['cards'][number]['components'][number];
type Part = TemplateComponent | CardComponent;

export interface MediaRef {
  fileName: string;
  type: string;
  url: string;
  id?: string | undefined;
}

/** A media header's format → the Cloud API parameter type and our artifact kind. */
const MEDIA_FORMATS = {
  IMAGE: { param: 'image', kind: 'IMAGE' },
  VIDEO: { param: 'video', kind: 'VIDEO' },
  DOCUMENT: { param: 'document', kind: 'DOC' },
} as const;
type MediaFormat = keyof typeof MEDIA_FORMATS;

interface Source {
  variable: string;
  type: VariableMapping['type'];
  value: string;
}

interface PartPlan {
  media?: { param: 'image' | 'video' | 'document'; link: string; fileName: string };
  header: Source[];
  body: Source[];
  buttons: { index: number; subType: 'url' | 'copy_code'; sources: Source[]; coupon?: string }[];
}

/** How every recipient's components are made: the template's parts with where each `{{n}}` gets its value. */
export interface SendPlan {
  main: PartPlan;
  cards: PartPlan[];
  /** Whether any value comes from the recipient's customer record. */
  usesCustomers: boolean;
  /** The media the request names, with the kind the template needs (for the artifacts' validation). */
  media: { ref: MediaRef; kind: (typeof MEDIA_FORMATS)[MediaFormat]['kind'] }[];
}

const keyOf = (card: number | undefined, component: string, buttonIndex: number | undefined, variable: string) =>
  `${card ?? 0}:${component}:${buttonIndex ?? ''}:${variable}`;
const isPdf = (m: MediaRef) => /\.pdf$/i.test(m.fileName) || /\.pdf($|\?)/i.test(m.url) || /pdf/i.test(m.type);
const byNumber = (a: Source, b: Source) => Number(a.variable.replace(/\D/g, '')) - Number(b.variable.replace(/\D/g, ''));
/** The `{field}` names an expression uses. */
export const expressionFields = (text: string) => [...text.matchAll(/\{\s*([^{}]+?)\s*\}/g)].map((m) => m[1]!);

function mediaOf(parts: readonly Part[], given: MediaRef | undefined, missing: string, plan: SendPlan): PartPlan['media'] {
  const header = componentOf(parts, 'HEADER');
  const format = header?.format as string | undefined;
  if (!format || !(format in MEDIA_FORMATS)) return undefined;
  if (!given?.url?.trim()) throw ApiError.field('media', missing);
  const { param, kind } = MEDIA_FORMATS[format as MediaFormat];
  if (param === 'document' && !isPdf(given)) throw ApiError.field('media', BroadcastMessages.invalidFileType);
  plan.media.push({ ref: given, kind });
  return { param, link: given.url.trim(), fileName: given.fileName };
}

/**
 * Checks the request against the template (media where the header has media, PDF documents, media on every card,
 * a mapping for every variable) and plans the components. Refusals are the spec's messages.
 */
export function planSend(
  components: readonly TemplateComponent[],
  message: { media?: MediaRef | undefined; cards?: { media?: MediaRef | undefined }[] | undefined },
  mapping: readonly VariableMapping[],
): SendPlan {
  const plan: SendPlan = { main: { header: [], body: [], buttons: [] }, cards: [], usesCustomers: false, media: [] };
  const byKey = new Map(mapping.map((m) => [keyOf(m.card, m.component, m.component === 'BUTTON' ? m.buttonIndex : undefined, m.variable.trim()), m]));
  const vars = templateVariables(components);
  let missing = false;
  const fill = (target: PartPlan, card: number | undefined, variables: typeof vars.variables) => {
    for (const v of variables) {
      const m = byKey.get(keyOf(card, v.component, v.buttonIndex, v.name));
      if (!m || !m.value.trim()) {
        missing = true;
        continue;
      }
      if (m.type !== 'static') plan.usesCustomers = true;
      const source = { variable: v.name, type: m.type, value: m.value };
      if (v.component === 'HEADER') target.header.push(source);
      else if (v.component === 'BODY') target.body.push(source);
      else {
        let button = target.buttons.find((b) => b.index === v.buttonIndex);
        if (!button) target.buttons.push((button = { index: v.buttonIndex ?? 0, subType: 'url', sources: [] }));
        button.sources.push(source);
      }
    }
  };
  const copyCodes = (target: PartPlan, parts: readonly Part[]) => {
    // The template's reviewed example code: the request has no field for a code of its own.
    componentOf(parts, 'BUTTONS')?.buttons.forEach((b, index) => {
      if (b.type === 'COPY_CODE') target.buttons.push({ index, subType: 'copy_code', sources: [], coupon: String([b.example ?? ''].flat()[0] ?? '') });
    });
  };

  const main = mediaOf(components, message.media, BroadcastMessages.attachmentMissing, plan);
  if (main) plan.main.media = main;
  fill(plan.main, undefined, vars.variables);
  copyCodes(plan.main, components);
  const carousel = componentOf(components, 'CAROUSEL');
  carousel?.cards.forEach((card, i) => {
    const part: PartPlan = { header: [], body: [], buttons: [] };
    const media = mediaOf(card.components, message.cards?.[i]?.media, BroadcastMessages.cardMediaMissing(i + 1), plan);
    if (media) part.media = media;
    fill(part, i + 1, vars.cards[i]?.variables ?? []);
    copyCodes(part, card.components);
    plan.cards.push(part);
  });
  if (missing) throw ApiError.field('columnMapping', BroadcastMessages.mappingMissing);
  return plan;
}

/** A recipient's value of a customer field, or undefined when the record has none. */
export type FieldLookup = (field: string) => string | undefined;

/** A value the recipient's record lacks: the message fails alone with this text. */
export class MissingValue extends Error {}

function valueOf(source: Source, lookup: FieldLookup): string {
  if (source.type === 'static') return source.value;
  if (source.type === 'column') {
    const v = lookup(source.value.trim());
    if (v === undefined || v === '') throw new MissingValue(BroadcastMessages.columnValueMissing(source.variable, source.value.trim()));
    return v;
  }
  return source.value.replace(/\{\s*([^{}]+?)\s*\}/g, (_all, field: string) => {
    const v = lookup(field);
    if (v === undefined || v === '') throw new MissingValue(BroadcastMessages.columnValueMissing(source.variable, field));
    return v;
  });
}

const text = (t: string) => ({ type: 'text', text: t });

function partComponents(part: PartPlan, lookup: FieldLookup): unknown[] {
  const out: unknown[] = [];
  if (part.media) {
    const { param, link, fileName } = part.media;
    out.push({ type: 'header', parameters: [{ type: param, [param]: param === 'document' ? { link, filename: fileName } : { link } }] });
  } else if (part.header.length) {
    out.push({ type: 'header', parameters: [...part.header].sort(byNumber).map((s) => text(valueOf(s, lookup))) });
  }
  if (part.body.length) out.push({ type: 'body', parameters: [...part.body].sort(byNumber).map((s) => text(valueOf(s, lookup))) });
  for (const b of [...part.buttons].sort((x, y) => x.index - y.index)) {
    const parameters =
      b.subType === 'copy_code' ? [{ type: 'coupon_code', coupon_code: b.coupon ?? '' }] : b.sources.sort(byNumber).map((s) => text(valueOf(s, lookup)));
    out.push({ type: 'button', sub_type: b.subType, index: String(b.index), parameters });
  }
  return out;
}

/** The Cloud API send components for one recipient; throws MissingValue when a mapped value is missing. */
export function componentsFor(plan: SendPlan, lookup: FieldLookup): unknown[] {
  const out = partComponents(plan.main, lookup);
  if (plan.cards.length) out.push({ type: 'carousel', cards: plan.cards.map((c, i) => ({ card_index: i, components: partComponents(c, lookup) })) });
  return out;
}
