import { Marked, type Tokens } from 'marked';
import { sanitizeMarkdownHtml } from './markdown-sanitizer.js';
import { UNDERLINE } from './underline.js';

const underlineAtStart = new RegExp(`^${UNDERLINE.source}`);

/**
 * Intent responses are stored as their authors wrote them and may carry HTML. Two layers keep it out of the DOM:
 * 1. marked never recognises raw HTML: with its HTML tokenizers turned off, `<script>` is ordinary text and is
 *    escaped, so the reader sees what the author typed;
 * 2. whatever marked emits still goes through a strict DOMPurify allow-list (`markdown-sanitizer.ts`), which is what
 *    stops `[a](javascript:...)` and `data:` links and would stop a marked bug.
 */
const marked = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  tokenizer: {
    html: () => undefined,
    tag: () => undefined,
  },
  extensions: [
    {
      name: 'underline',
      level: 'inline',
      start: (src: string) => src.indexOf('++'),
      tokenizer(src: string) {
        const match = underlineAtStart.exec(src);
        if (match) return { type: 'underline', raw: match[0], text: match[1], tokens: this.lexer.inlineTokens(match[1] ?? '') };
        return undefined;
      },
      renderer(token) {
        return `<u>${this.parser.parseInline(token.tokens ?? [])}</u>`;
      },
    },
  ],
  renderer: {
    // No remote images in chat replies (tracking pixels): an image becomes a link to it, named by its alt text.
    image(token: Tokens.Image) {
      const name: Tokens.Text = { type: 'text', raw: token.href, text: token.href };
      return this.link({ ...token, type: 'link', tokens: token.text ? token.tokens : [name] });
    },
    // Task lists without form controls.
    checkbox({ checked }: Tokens.Checkbox) {
      return checked ? '☑ ' : '☐ ';
    },
  },
});

/** Renders an intent response written in markdown to a sanitised fragment, ready to append to the document. */
export function renderMarkdown(markdown: string): DocumentFragment {
  return sanitizeMarkdownHtml(marked.parse(markdown, { async: false }));
}
