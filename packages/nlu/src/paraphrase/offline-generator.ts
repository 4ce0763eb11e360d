import { normalize } from '../text/normalize.js';
import { everydaySynonyms, hasPos, senseCount } from './wordnet.js';

/** Auto Generate (agent-designer spec): `count` paraphrases per phrase. An LLM-backed one will share this shape. */
export interface ParaphraseGenerator {
  generate(phrases: string[], count: number): Promise<string[][]>;
}

/** The speaker does the action ("I want to cancel my order") or asks the bot to ("can you show me the menu"). */
const SELF_FORMS = ['i want to', 'i would like to', 'i need to', 'help me', 'how do i', 'how can i', 'i wish to'];
const BOT_FORMS = ['can you', 'could you', 'please', 'would you', 'i want you to', "i'd like you to"];
const REQUEST_FORMS = [...SELF_FORMS, ...BOT_FORMS];
const NUMBER_WORDS = new Set('zero one two three four five six seven eight nine ten eleven twelve hundred thousand'.split(' '));
const OBJECT_PRONOUNS = new Set('me us him her them'.split(' '));
const WH_WORDS = new Set("what what's whats why when where who which whose how".split(' '));
const AUXILIARIES = new Set('is are was were do does did can could will would should shall may am'.split(' '));
const QUESTION_WORDS = new Set([...WH_WORDS, ...AUXILIARIES]);
const STOP = new Set(
  'a an the to of in on at for with and or but is are was be i me my you your we our it this that do does can could would will please want need like how what when where which who'.split(
    ' ',
  ),
);

/**
 * Splits "can you book a table" into the request form and the action ("book a table"). The action keeps the phrase's
 * own spelling ("what's", commas) apart from case and a closing "please" or full stop.
 */
function requestParts(phrase: string): { form: string | null; action: string } {
  const text = phrase
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[.!?\s]+$/, '')
    .replace(/,?\s+please$/i, '')
    .toLowerCase();
  const form = [...REQUEST_FORMS].sort((a, b) => b.length - a.length).find((f) => text.startsWith(`${f} `));
  return form ? { form, action: text.slice(form.length + 1) } : { form: null, action: text };
}

function withForm(form: string, action: string) {
  const question = /^(can|could|would|how)/.test(form);
  return `${form} ${action}${question ? '?' : ''}`;
}

const GREETINGS = new Set(['hi', 'hello', 'hey', 'hi there', 'hello there', 'good morning', 'good afternoon', 'good evening', 'greetings']);

type Kind = 'greeting' | 'action' | 'wh-question' | 'question' | 'topic';

function kindOf(original: string, words: string[], isAction: boolean): Kind {
  if (GREETINGS.has(original)) return 'greeting';
  if (isAction) return 'action';
  if (WH_WORDS.has(words[0] ?? '')) return 'wh-question';
  // "can I call you dave", "tomorrow, what will the date be"
  return AUXILIARIES.has(words[0] ?? '') || words.some((w) => WH_WORDS.has(w.replace(/\W+$/, ''))) ? 'question' : 'topic';
}

function fillers(kind: Kind, text: string): string[] {
  switch (kind) {
    case 'greeting':
      return ['hello', 'hi', 'hey', 'hi there', 'hello there', 'hey there', 'good morning', 'good afternoon', 'good evening', 'greetings', 'hiya'];
    case 'action':
      return [
        `${text}, please`,
        `could you please ${text}?`,
        `can you please ${text}?`,
        `kindly ${text}`,
        `I'd appreciate it if you could ${text}`,
        `${text} now, please`,
      ];
    case 'question':
      return [`${text}?`, `I was wondering, ${text}?`, `quick question: ${text}?`, `tell me, ${text}?`, `${text}, do you know?`, `I'd like to ask: ${text}?`];
    case 'wh-question':
      return [
        `${text}, please`,
        `please tell me ${text}`,
        `I would like to know ${text}`,
        `tell me ${text}`,
        `could you tell me ${text}?`,
        `${text}?`,
        `do you know ${text}?`,
        `I'd like to know ${text}`,
        `can you tell me ${text}?`,
        `I was wondering, ${text}?`,
        `quick question: ${text}?`,
        `any idea ${text}?`,
      ];
    case 'topic':
      return [
        `${text}, please`,
        `tell me about ${text}`,
        `I'd like to know about ${text}`,
        `information about ${text}`,
        `what about ${text}?`,
        `can you tell me about ${text}?`,
        `I have a question about ${text}`,
        `${text}?`,
        `any details on ${text}?`,
        `I want to know about ${text}`,
      ];
  }
}

const DETERMINERS = new Set('a an the my your our his her their this that these those some any me us it'.split(' '));

/**
 * "cancel my order" starts with a verb; "refund policy" with a noun that is also a verb. A determiner after the word
 * settles it; otherwise the word's more frequent part of speech does.
 */
function startsWithVerb(words: string[]): boolean {
  const [first = '', next = ''] = words;
  const verb = senseCount(first, 'verb');
  if (!verb) return false;
  return DETERMINERS.has(next) || words.length === 1 || verb >= senseCount(first, 'noun');
}

/** Rewrites of the request form, then WordNet substitutions of content words, deduplicated, never the input. */
export function paraphrases(phrase: string, count: number): string[] {
  const original = normalize(phrase);
  if (!original) return [];
  const seen = new Set([original]);
  const originalCase = new Map(
    phrase
      .split(/[^\p{L}]+/u)
      .filter((w) => /\p{Lu}/u.test(w.slice(1)) || /^\p{Lu}/u.test(w))
      .map((w) => [w.toLowerCase(), w]),
  );
  originalCase.delete(original.split(' ')[0] ?? '');
  const out: string[] = [];
  const add = (candidate: string) => {
    const key = normalize(candidate);
    if (!key || seen.has(key) || out.length >= count) return;
    seen.add(key);
    // Words written with capitals in the input (names) keep them.
    const cased = candidate.replace(/\p{L}+/gu, (w) => originalCase.get(w) ?? w).replace(/\bi\b/g, 'I');
    out.push(cased.charAt(0).toUpperCase() + cased.slice(1));
  };
  const { form, action } = requestParts(phrase);
  const words = action.split(' ');
  // Actions ("cancel my order") take request forms; questions ("what is the weather"), greetings and topics ("pizza
  // menu") do not.
  const isAction = form !== null || (!QUESTION_WORDS.has(words[0] ?? '') && !GREETINGS.has(original) && startsWithVerb(words));
  const substitutions: string[] = [];
  const capitalised = new Set(
    phrase
      .split(/\s+/)
      .slice(1)
      .filter((w) => /^\p{Lu}/u.test(w))
      .map((w) => normalize(w)),
  );
  words.forEach((w, i) => {
    // Names and numbers stay as they are ("for two" is not "for ii").
    if (STOP.has(w) || w.length < 3 || /\d/.test(w) || capitalised.has(w) || NUMBER_WORDS.has(w)) return;
    // The first word of an action is a verb ("book a table"); one taking a person ("show me") keeps its meaning only
    // with its own verb. Later words change only when adjectives: nouns drift in meaning too often (account →
    // chronicle), and so do words that are nouns as well (weather → upwind).
    const pos = i === 0 ? 'verb' : 'adj';
    if (pos === 'verb' && (!isAction || OBJECT_PRONOUNS.has(words[1] ?? ''))) return;
    if (pos === 'adj' && (hasPos(w, 'noun') || hasPos(w, 'verb'))) return;
    for (const s of everydaySynonyms(w, pos).slice(0, 3)) substitutions.push([...words.slice(0, i), s, ...words.slice(i + 1)].join(' '));
  });
  // Asking the bot to act ("can you deliver to my home") must not become the speaker acting ("I want to deliver ...").
  const botActs = (form !== null && BOT_FORMS.includes(form)) || words.some((w) => OBJECT_PRONOUNS.has(w));
  const forms = isAction ? (botActs ? BOT_FORMS : REQUEST_FORMS).filter((f) => f !== form) : [];
  // Interleave: a new request form, then a word substitution, so the set varies in both ways.
  for (let i = 0; out.length < count && (i < forms.length || i < substitutions.length); i++) {
    if (i < forms.length) add(withForm(forms[i]!, action));
    if (i < substitutions.length) add(form ? withForm(form, substitutions[i]!) : substitutions[i]!);
  }
  for (let i = 0; out.length < count && i < substitutions.length * forms.length; i++) {
    add(withForm(forms[i % forms.length]!, substitutions[Math.floor(i / forms.length)]!));
  }
  // Few synonyms and forms: variants that suit what the phrase is fill the rest.
  for (const variant of fillers(kindOf(original, words, isAction), action)) add(variant);
  return out;
}

export const offlineParaphraseGenerator: ParaphraseGenerator = {
  async generate(phrases, count) {
    return phrases.map((p) => paraphrases(p, count));
  },
};
