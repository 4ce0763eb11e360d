import { normalize } from '../text/normalize.js';
import { synonyms } from './wordnet.js';

/** Auto Generate (agent-designer spec): `count` paraphrases per phrase. An LLM-backed one will share this shape. */
export interface ParaphraseGenerator {
  generate(phrases: string[], count: number): Promise<string[][]>;
}

const REQUEST_FORMS = ['i want to', 'i would like to', 'i need to', 'can you', 'could you', 'please', 'help me', 'how do i', 'how can i', 'i wish to'];
const QUESTION_WORDS = new Set('what whats is are was were why when where who which whose how do does did can could will would should shall may am'.split(' '));
const STOP = new Set('a an the to of in on at for with and or but is are was be i me my you your we our it this that do does can could would will please want need like how what when where which who'.split(' '));

/** Splits "can you book a table" into the request form and the action ("book a table"). */
function requestParts(phrase: string): { form: string | null; action: string } {
  const text = normalize(phrase);
  const form = [...REQUEST_FORMS].sort((a, b) => b.length - a.length).find((f) => text.startsWith(`${f} `));
  return form ? { form, action: text.slice(form.length + 1) } : { form: null, action: text };
}

function withForm(form: string, action: string) {
  const question = /^(can|could|how)/.test(form);
  return `${form} ${action}${question ? '?' : ''}`;
}

/** Rewrites of the request form, then WordNet substitutions of content words, deduplicated, never the input. */
export function paraphrases(phrase: string, count: number): string[] {
  const original = normalize(phrase);
  if (!original) return [];
  const seen = new Set([original]);
  const originalCase = new Map(phrase.split(/[^\p{L}]+/u).filter((w) => /\p{Lu}/u.test(w.slice(1)) || /^\p{Lu}/u.test(w)).map((w) => [w.toLowerCase(), w]));
  originalCase.delete(original.split(' ')[0] ?? '');
  const out: string[] = [];
  const add = (candidate: string) => {
    const key = normalize(candidate);
    if (!key || seen.has(key) || out.length >= count) return;
    seen.add(key);
    // Words written with capitals in the input (names) keep them.
    const cased = candidate.replace(/\p{L}+/gu, (w) => originalCase.get(w) ?? w);
    out.push(cased.charAt(0).toUpperCase() + cased.slice(1));
  };
  const { form, action } = requestParts(phrase);
  const words = action.split(' ');
  const substitutions: string[] = [];
  const capitalised = new Set(phrase.split(/\s+/).slice(1).filter((w) => /^\p{Lu}/u.test(w)).map((w) => normalize(w)));
  words.forEach((w, i) => {
    // Names stay as they are; the first word of an action is a verb ("book a table"), later ones nouns or adjectives.
    if (STOP.has(w) || w.length < 3 || /\d/.test(w) || capitalised.has(w)) return;
    // Nouns are left alone: their synonyms drift in meaning too often (account → chronicle).
    const parts = i === 0 ? (['verb'] as const) : (['adj'] as const);
    for (const s of synonyms(w, parts).slice(0, 3)) substitutions.push([...words.slice(0, i), s, ...words.slice(i + 1)].join(' '));
  });
  // Questions ("what is the weather") take no request form; actions ("cancel my order") do.
  const isAction = form !== null || !QUESTION_WORDS.has(words[0] ?? '');
  const forms = isAction ? REQUEST_FORMS.filter((f) => f !== form) : [];
  // Interleave: a new request form, then a word substitution, so the set varies in both ways.
  for (let i = 0; out.length < count && (i < forms.length || i < substitutions.length); i++) {
    if (i < forms.length) add(withForm(forms[i]!, action));
    if (i < substitutions.length) add(form ? withForm(form, substitutions[i]!) : substitutions[i]!);
  }
  for (let i = 0; out.length < count && i < substitutions.length * forms.length; i++) {
    add(withForm(forms[i % forms.length]!, substitutions[Math.floor(i / forms.length)]!));
  }
  // Few synonyms and no request form (a short question): polite variants fill the rest.
  for (const variant of [`${action}, please`, `please tell me ${action}`, `I would like to know ${action}`, `tell me ${action}`, `could you tell me ${action}?`, `${action}?`, `do you know ${action}?`, `I'd like to know ${action}`, `can you tell me ${action}?`, `help me with this: ${action}`]) add(variant);
  return out;
}

export const offlineParaphraseGenerator: ParaphraseGenerator = {
  async generate(phrases, count) {
    return phrases.map((p) => paraphrases(p, count));
  },
};
