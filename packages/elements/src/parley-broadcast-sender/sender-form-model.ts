import { BroadcastMessages, MOBILE_MIN_LENGTH, type ResourceType } from '@parley/sdk/contract/broadcast-texts';
import type { BroadcastRequest, VariableMapping } from '@parley/sdk/contract/broadcasts';
import type { TemplateComponent } from '@parley/sdk/contract/templates';
import {
  appendNumbers,
  cardMedia,
  headerMedia,
  isPdf,
  refusedNumbers,
  splitNumbers,
  type ChosenMedia,
  type ExpressionCheck,
  type Mapping,
  type Slot,
} from './form-model.js';
import { SenderTexts } from './sender-texts.js';

// The broadcast form's one model (broadcast spec 4, 5): what the user has chosen, how each choice changes the rest,
// the checks Send runs in the spec's words, and the request it sends. Pure: SenderForm keeps it in a reducer.

/** A channel as the form knows it: its vendor when it came from the list (a preset or a view's has none). */
export interface ChannelChoice {
  id: string;
  name: string;
  vendor?: number;
}

/** What a view shows, or a test mode fixes, before the user touches anything. */
export interface FormStart {
  channel?: ChannelChoice;
  /** Our id or the template's name (the variables call takes either). */
  templateId?: string;
  numbers?: string;
  media?: ChosenMedia | null;
  cardMedia?: (ChosenMedia | null)[];
  mappings?: Record<string, Mapping>;
}

/** Which media the attachment dialog is choosing: the header's, or a card's (from 0). */
export type MediaTarget = 'header' | number;

/** A refused send as the form shows it: the box's heading and lines, the numbers to mark, the toast's words. */
export interface Refusal {
  message: string;
  errors: string[];
  numbers: string[];
  toast: string;
}

export interface SenderState {
  channel: ChannelChoice | null;
  templateId: string | null;
  /** The template as chosen, so its box shows the choice at once rather than when its variables have loaded. */
  template: { id: string; name: string } | null;
  numbers: string;
  media: ChosenMedia | null;
  cardMedia: (ChosenMedia | null)[];
  mappings: Record<string, Mapping>;
  /** The attachment checks' refusals, by 'header' or 'card-N'. */
  mediaIssues: Partial<Record<string, string>>;
  /** Send was pressed once: from then on the messages follow the form. */
  tried: boolean;
  refusal: Refusal | null;
  /** Where the attachment dialog's choice goes. */
  target: MediaTarget;
}

export const initialState = (start: FormStart): SenderState => ({
  channel: start.channel ?? null,
  templateId: start.templateId ?? null,
  template: null,
  numbers: start.numbers ?? '',
  media: start.media ?? null,
  cardMedia: start.cardMedia ?? [],
  mappings: start.mappings ?? {},
  mediaIssues: {},
  tried: false,
  refusal: null,
  target: 'header',
});

export type SenderAction =
  | { type: 'channel'; channel: ChannelChoice | null }
  | { type: 'template'; template: { id: string; name: string } | null }
  | { type: 'numbers'; numbers: string }
  | { type: 'picked'; numbers: readonly string[] }
  | { type: 'file'; target: MediaTarget; file: ChosenMedia | null }
  | { type: 'issue'; target: MediaTarget; issue: string | undefined }
  | { type: 'mapping'; key: string; mapping: Mapping }
  | { type: 'target'; target: MediaTarget }
  | { type: 'send' }
  | { type: 'refused'; refusal: Refusal };

export const issueKey = (t: MediaTarget) => (t === 'header' ? 'header' : `card-${t}`);

/** Spec 4: choosing a template resets media and attachments (its variables and components are loaded again). */
const withTemplate = (state: SenderState, template: { id: string; name: string } | null): SenderState => ({
  ...state,
  templateId: template?.id ?? null,
  template,
  media: null,
  cardMedia: [],
  mappings: {},
  mediaIssues: {},
});

export function senderForm(state: SenderState, action: SenderAction): SenderState {
  switch (action.type) {
    case 'channel':
      // Another channel has other templates: the template goes with it.
      return action.channel?.id === state.channel?.id ? state : withTemplate({ ...state, channel: action.channel }, null);
    case 'template':
      return withTemplate(state, action.template);
    case 'numbers':
      return { ...state, numbers: action.numbers };
    case 'picked':
      return { ...state, numbers: appendNumbers(state.numbers, action.numbers) };
    case 'file': {
      if (action.target === 'header') return { ...state, media: action.file };
      const cards = [...state.cardMedia];
      cards[action.target] = action.file;
      return { ...state, cardMedia: cards };
    }
    case 'issue':
      return { ...state, mediaIssues: { ...state.mediaIssues, [issueKey(action.target)]: action.issue } };
    case 'mapping':
      return { ...state, mappings: { ...state.mappings, [action.key]: action.mapping } };
    case 'target':
      return { ...state, target: action.target };
    case 'send':
      return { ...state, tried: true, refusal: null };
    case 'refused':
      return { ...state, refusal: action.refusal };
  }
}

/**
 * A refused send: the box shows the server's message over its field errors; the toast and the close event carry the
 * most specific of them (the first field error, else the message). Refused numbers are named (the server gives only
 * their places), in one line rather than one per number.
 */
export function refusalOf(error: { message: string; errors: readonly { field?: string | undefined; message: string }[] }, numbers: string): Refusal {
  const refused = refusedNumbers(splitNumbers(numbers), error.errors);
  const others = error.errors.filter((x) => !/^phoneNumber\.\d+$/.test(x.field ?? ''));
  const toast = refused.length ? SenderTexts.invalidNumbers(refused) : (error.errors[0]?.message ?? error.message);
  const message = refused.length && !others.length ? toast : error.message;
  const errors = [...(refused.length && others.length ? [toast] : []), ...new Set(others.map((x) => x.message))].filter((m) => m !== message);
  return { message, errors, numbers: refused, toast };
}

/** The numbers of a refusal still in the box: one corrected or removed drops out. */
export const stillRefused = (state: SenderState) => {
  const typed = splitNumbers(state.numbers);
  return (state.refusal?.numbers ?? []).filter((n) => typed.includes(n));
};

/** What the checks and the request read: the state with the loaded template's parts. */
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
export function toRequest(form: FormValues & { templateName: string }, resource: { resourceType?: ResourceType; resourceId?: string } = {}): BroadcastRequest {
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
