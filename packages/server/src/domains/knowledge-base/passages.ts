/** A passage of a knowledge-base source: what retrieval ranks and what an answer quotes. */
export interface Passage {
  source: string;
  title: string;
  page: number | null;
  text: string;
}

/** About a paragraph: long enough to hold an answer with its context, short enough to rank one topic. */
const PASSAGE_CHARS = 600;

/** Sentences of a text; a line break without end punctuation also ends one (menus, lists, headings). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z0-9"'(])/))
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length > 0);
}

/**
 * A page's text cut into passages of whole sentences, each at most about PASSAGE_CHARS (a longer sentence stands
 * alone). Passages do not cross pages, so every answer can name its page.
 */
export function passagesOf(source: string, title: string, pages: readonly string[]): Passage[] {
  const out: Passage[] = [];
  pages.forEach((pageText, i) => {
    let current: string[] = [];
    let length = 0;
    const flush = () => {
      if (current.length) out.push({ source, title, page: pages.length > 0 ? i + 1 : null, text: current.join('\n') });
      current = [];
      length = 0;
    };
    for (const sentence of sentencesOf(pageText)) {
      if (length > 0 && length + sentence.length > PASSAGE_CHARS) flush();
      current.push(sentence);
      length += sentence.length + 1;
    }
    flush();
  });
  return out;
}
