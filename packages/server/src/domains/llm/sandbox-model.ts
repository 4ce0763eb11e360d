/**
 * The sandbox's "model": rules, not a language model, so that a demo without a key and the tests see every feature
 * move (grounded answers, collected fields, embeddings). Its answers say they come from the sandbox.
 */
import { sandboxClassification } from './sandbox-classify.js';
import { CONFIRM_LINE, MISSING_ASK, MISSING_LINE, RULES_HEADING } from './prompt-rules.js';

interface Message {
  role: string;
  content: string;
}

const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** Feature-hashed bag of words, L2-normalised: similar texts get close vectors, deterministically. */
export function sandboxEmbedding(text: string, dims = 256): number[] {
  const v = new Array<number>(dims).fill(0);
  for (const w of words(text)) {
    const stem = w.length > 4 ? w.replace(/(ing|ed|es|s)$/, '') : w;
    let h = 2166136261;
    for (let i = 0; i < stem.length; i++) h = Math.imul(h ^ stem.charCodeAt(i), 16777619);
    v[Math.abs(h) % dims]! += 1;
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

/** A value for a field from what the user said, by the field's name and description; null when none is found. */
function extractField(name: string, description: string, said: string): string | null {
  const about = `${name} ${description}`.toLowerCase();
  if (/name/.test(about)) return /\b(?:my name is|i am|i'm|this is|name's)\s+([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)/.exec(said)?.[1] ?? null;
  if (/order|number|id\b|reference/.test(about)) return /\b([A-Z]{2,5}-?\d{3,}|\d{4,})\b/.exec(said)?.[1] ?? null;
  if (/mail/.test(about)) return /[\w.+-]+@[\w-]+\.[\w.]+/.exec(said)?.[0] ?? null;
  if (/phone|mobile/.test(about)) return /\+?\d[\d\s-]{7,}\d/.exec(said)?.[0]?.replace(/[\s-]/g, '') ?? null;
  return null;
}

/** JSON-schema output: every property of the schema, filled from the user's messages (the latest value wins). */
function structured(schema: Record<string, unknown>, messages: Message[]): string {
  const properties = (schema.properties ?? {}) as Record<string, { description?: string }>;
  const said = messages.filter((m) => m.role === 'user').map((m) => m.content);
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  // A choice among the system message's options (intent classification); nested objects (its parameters) as below.
  const classified = sandboxClassification(
    properties,
    system,
    said.at(-1) ?? '',
    (_, prop) => JSON.parse(structured(prop as Record<string, unknown>, messages.slice(-1))) as unknown,
  );
  if (classified) return JSON.stringify(classified);
  const out: Record<string, string | null> = {};
  for (const [name, prop] of Object.entries(properties)) {
    out[name] = said.reduce<string | null>((found, text) => extractField(name, prop.description ?? '', text) ?? found, null);
  }
  return JSON.stringify(out);
}

/** Plain chat: with passages in the system message, the sentence sharing most words with the question. */
function reply(messages: Message[]): string {
  const question = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  // The server's rules under a prompt are not something to answer with.
  const system = (messages.find((m) => m.role === 'system')?.content ?? '').split(RULES_HEADING)[0]!;
  const asked = new Set(words(question).filter((w) => w.length > 2));
  const sentences = system
    .split(/\n+|(?<=[.!?])\s+/)
    // A passage line is "[n] source, page: text": the text is what can answer.
    .map((s) => s.replace(/^\[\d+\]\s*(?:[^:\n]{0,80}:\s)?/, '').trim())
    .filter((s) => s && !/^(you|answer|use|if|never|passages|quote|say)\b/i.test(s));
  let best = '';
  let bestScore = 0;
  for (const s of sentences) {
    const score = words(s).filter((w) => asked.has(w)).length;
    if (score > bestScore) [best, bestScore] = [s, score];
  }
  return best ? `${best} (answered by the Parley sandbox model)` : `The Parley sandbox model heard: "${question}".`;
}

/**
 * A prompt agent's turn: the server's rules under the prompt say what to ask for or what to confirm; the sandbox
 * answers that, as a real model following them would. Null when the rules ask for neither.
 */
function collecting(system: string): string | null {
  const rules = system.split(RULES_HEADING)[1] ?? '';
  const missing = rules.split('\n').find((l) => l.startsWith(MISSING_LINE));
  if (missing) return `Thanks! Could you tell me the ${missing.slice(MISSING_LINE.length).split(MISSING_ASK)[0]}? (Parley sandbox model)`;
  const confirm = rules.split('\n').find((l) => l.startsWith(CONFIRM_LINE));
  if (!confirm) return null;
  const pairs = [...confirm.slice(CONFIRM_LINE.length).matchAll(/(.+?) = ("(?:[^"\\]|\\.)*")(?:; |$)/g)].map(
    ([, description, value]) => `${description} ${JSON.parse(value!) as string}`,
  );
  return `Thank you, I have noted your ${pairs.join(' and ')}. (Parley sandbox model)`;
}

export function sandboxCompletion(messages: Message[], jsonSchema?: Record<string, unknown>): string {
  if (jsonSchema) return structured(jsonSchema, messages);
  return collecting(messages.find((m) => m.role === 'system')?.content ?? '') ?? reply(messages);
}

/** About four characters a token, as OpenAI's tokenizer averages on English. */
export const sandboxTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));
