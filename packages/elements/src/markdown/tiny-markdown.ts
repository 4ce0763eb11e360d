import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';

/**
 * A small markdown renderer for chat replies, light enough to load with the Try-it widget: paragraphs, line breaks,
 * `**bold**`, `__bold__`, `*italic*`, `_italic_`, `~~strike~~`, `` `code` ``, fenced code, `[text](url)`, `- ` / `* `
 * bullet lists, `1. ` ordered lists and `> ` quotes. Anything else (headings, tables, images, raw HTML) stays as
 * the text the author typed.
 *
 * Two layers keep markup from the server out of the DOM:
 * 1. every character of the input is HTML-escaped before any markup is added, so `<script>` or `<img onerror>`
 *    in a reply is text, and links are emitted only for http(s), mailto and tel addresses;
 * 2. the HTML string this module builds never reaches the DOM as it is: it goes through a DOMPurify of our own with
 *    a tight allow-list, which returns a fragment (never a string to re-parse, where mutation XSS lives).
 */

/** The only elements a reply may contain. */
const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'u', 's', 'del', 'ul', 'ol', 'li', 'a', 'code', 'pre', 'blockquote'];

/** Absolute http(s), mailto and tel links only: no javascript:, data:, vbscript:, nor links relative to the page. */
const SAFE_URL = /^(?:https?|mailto|tel):/i;

const config: Config & { RETURN_DOM_FRAGMENT: true } = {
  ALLOWED_TAGS,
  // No style, class, id, on*: only a link's address (target and rel are set by our hook after sanitising).
  ALLOWED_ATTR: ['href'],
  ALLOWED_URI_REGEXP: SAFE_URL,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  RETURN_DOM_FRAGMENT: true,
};

let purifier: DOMPurify | undefined;

/** A DOMPurify of our own, so our hook never touches another DOMPurify user on a partner's page. */
function replyPurifier(): DOMPurify {
  if (purifier) return purifier;
  purifier = createDOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    // Only links that kept an allowed address open, in a new tab without the opener or the referrer.
    if (node.nodeName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purifier;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for use in element content and in double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Placeholders hold finished HTML while the rest of a line is formatted; U+E000 (private use) never survives in the input. */
const SLOT = /\uE000(\d+)\uE000/g;

/** Bold, italic, underline and strike-through, on text that is already escaped. Underscores inside words (snake_case) stay. */
function emphasis(escaped: string): string {
  return (
    escaped
      .replace(/\*\*\*(?=\S)([^]*?\S)\*\*\*/g, '<strong><em>$1</em></strong>')
      .replace(/\*\*(?=\S)([^]*?\S)\*\*/g, '<strong>$1</strong>')
      .replace(/(^|[^\p{L}\p{N}_])__(?=\S)([^]*?\S)__(?![\p{L}\p{N}_])/gu, '$1<strong>$2</strong>')
      .replace(/~~(?=\S)([^]*?\S)~~/g, '<del>$1</del>')
      // The response editor's underline (markdown/underline.ts).
      .replace(/\+\+(?=\S)([^]*?\S)\+\+/g, '<u>$1</u>')
      .replace(/\*(?=[^\s*])([^]*?[^\s*])\*/g, '<em>$1</em>')
      .replace(/(^|[^\p{L}\p{N}_])_(?=[^\s_])([^]*?[^\s_])_(?![\p{L}\p{N}_])/gu, '$1<em>$2</em>')
  );
}

/** Formats the text of one block (its lines joined by newlines, which become line breaks). */
function inline(text: string): string {
  const slots: string[] = [];
  const hold = (html: string) => `\uE000${slots.push(html) - 1}\uE000`;
  let s = text.replace(/\uE000/g, '');
  // Backslash escapes: `\*` is a star, not emphasis.
  s = s.replace(/\\([\\`*_{}[\]()#+\-.!~>|])/g, (_, c: string) => hold(escapeHtml(c)));
  // Code spans are literal: nothing inside them is formatted.
  s = s.replace(/(`+)([^`\n]|[^`\n][^\n]*?[^`\n])\1(?!`)/g, (_, _ticks: string, code: string) => hold(`<code>${escapeHtml(code)}</code>`));
  // Links: held whole, so underscores and stars in an address are never taken for emphasis.
  s = s.replace(/\[([^\]\n]*)\]\(\s*<?([^\s<>()]*)>?(?:\s+"[^"\n]*")?\s*\)/g, (_, label: string, url: string) => {
    const text = emphasis(escapeHtml(label));
    return hold(SAFE_URL.test(url) ? `<a href="${escapeHtml(url)}">${text || escapeHtml(url)}</a>` : text);
  });
  s = emphasis(escapeHtml(s)).replace(/\n/g, '<br>');
  // Link labels may hold code spans or escapes held earlier: restore until no placeholder is left.
  for (let i = 0; i < 3 && s.includes('\uE000'); i++) s = s.replace(SLOT, (_, n: string) => slots[Number(n)] ?? '');
  return s;
}

const FENCE = /^ {0,3}(```|~~~)/;
const QUOTE = /^ {0,3}> ?/;
const BULLET = /^ {0,3}[-*+][ \t]+/;
const ORDERED = /^ {0,3}\d{1,9}[.)][ \t]+/;
const BLANK = /^\s*$/;

/** Quotes inside quotes go at most this deep; deeper markers are text. */
const MAX_DEPTH = 8;

/** Renders lines of markdown to HTML blocks. */
function blocks(lines: string[], depth: number): string {
  const out: string[] = [];
  let i = 0;
  const startsBlock = (line: string) => FENCE.test(line) || (depth < MAX_DEPTH && QUOTE.test(line)) || BULLET.test(line) || /^ {0,3}1[.)][ \t]+/.test(line);

  while (i < lines.length) {
    const line = lines[i]!;
    if (BLANK.test(line)) {
      i++;
      continue;
    }

    const fence = FENCE.exec(line);
    if (fence) {
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]!.trimStart().startsWith(fence[1]!); i++) code.push(lines[i]!);
      i++;
      out.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
      continue;
    }

    if (depth < MAX_DEPTH && QUOTE.test(line)) {
      const quoted: string[] = [];
      for (; i < lines.length && QUOTE.test(lines[i]!); i++) quoted.push(lines[i]!.replace(QUOTE, ''));
      out.push(`<blockquote>${blocks(quoted, depth + 1)}</blockquote>`);
      continue;
    }

    const marker = BULLET.test(line) ? BULLET : ORDERED.test(line) ? ORDERED : null;
    if (marker) {
      const items: string[][] = [];
      while (i < lines.length) {
        const current = lines[i]!;
        if (marker.test(current)) items.push([current.replace(marker, '')]);
        else if (BLANK.test(current)) {
          // A blank line ends the list unless the next item follows it.
          if (i + 1 < lines.length && marker.test(lines[i + 1]!)) {
            i++;
            continue;
          }
          break;
        } else if (/^\s{2,}\S/.test(current) || !startsBlock(current)) items[items.length - 1]!.push(current.trim());
        else break;
        i++;
      }
      const tag = marker === BULLET ? 'ul' : 'ol';
      out.push(`<${tag}>${items.map((item) => `<li>${inline(item.join('\n'))}</li>`).join('')}</${tag}>`);
      continue;
    }

    const paragraph: string[] = [line.trim()];
    for (i++; i < lines.length && !BLANK.test(lines[i]!) && !startsBlock(lines[i]!); i++) paragraph.push(lines[i]!.trim());
    out.push(`<p>${inline(paragraph.join('\n'))}</p>`);
  }
  return out.join('');
}

/**
 * Markdown to an HTML string, escaped but NOT yet sanitised. Module-private on purpose: the only way out of this
 * module is `renderTinyMarkdown`, which sanitises.
 */
function toHtml(markdown: string): string {
  return blocks(markdown.replace(/\r\n?/g, '\n').split('\n'), 0);
}

/**
 * Renders a chat reply written in markdown to a sanitised fragment owned by the current document, ready to append.
 * Raw HTML in the reply shows as the text the author typed; links open in a new tab.
 */
export function renderTinyMarkdown(markdown: string): DocumentFragment {
  return replyPurifier().sanitize(toHtml(markdown), config);
}
