/**
 * The sandbox's stand-in for classification by a language model (the OpenAi model type): a JSON-schema property
 * with an `enum` is answered with the choice whose lines in the system message share most words with the user's
 * last message; a number property next to it is that overlap (0-1), as a model's confidence. A line names its
 * choice as "- name: sample | sample"; nothing in common picks "none" when it is a choice.
 */

const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** Overlap of two word lists: shared distinct words over the longer list's distinct words. */
function overlap(a: string[], b: string[]): number {
  const sa = new Set(a);
  const sb = new Set(b);
  const shared = [...sa].filter((w) => sb.has(w)).length;
  return shared / Math.max(sa.size, sb.size, 1);
}

export function sandboxChoice(choices: string[], system: string, message: string): { choice: string; score: number } {
  const said = words(message);
  let best = { choice: choices.includes('none') ? 'none' : (choices[0] ?? ''), score: 0 };
  for (const choice of choices) {
    const lines = system.split('\n').filter((l) => l.startsWith(`- ${choice}:`));
    for (const line of lines) {
      for (const sample of line.slice(choice.length + 3).split('|')) {
        const score = overlap(said, words(sample));
        if (score > best.score) best = { choice, score };
      }
    }
  }
  return best;
}

type Property = { enum?: unknown[]; type?: unknown; description?: string };

/** Fills the enum and number properties of a schema (null when it has no enum property); `rest` fills the others. */
export function sandboxClassification(
  properties: Record<string, Property>,
  system: string,
  message: string,
  rest: (name: string, prop: Property) => unknown,
): Record<string, unknown> | null {
  const choiceName = Object.keys(properties).find((n) => Array.isArray(properties[n]!.enum));
  if (!choiceName) return null;
  const { choice, score } = sandboxChoice(properties[choiceName]!.enum!.map(String), system, message);
  const out: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(properties)) {
    out[name] = name === choiceName ? choice : prop.type === 'number' ? Math.round(score * 100) / 100 : rest(name, prop);
  }
  return out;
}
