import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';

/**
 * The only elements markdown produces once raw HTML is turned off. Images are left out on purpose: a chat reply that
 * loads a remote image tells its owner who read the reply, when and from where (a tracking pixel), so images are
 * rendered as plain links by `safe-markdown.ts` and load only if the reader clicks.
 */
const allowedTags = [
  'p',
  'br',
  'strong',
  'em',
  'del',
  's',
  'u',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

const config: Config & { RETURN_DOM_FRAGMENT: true } = {
  ALLOWED_TAGS: allowedTags,
  // No `style`, no `class`, no `id`, no `on*`: only what the allowed tags need.
  ALLOWED_ATTR: ['href', 'title', 'align', 'start'],
  // DOMPurify tests every attribute that is not "URI safe" against this pattern, so the two plain values markdown
  // emits (`<td align="left">`, `<ol start="3">`) are declared safe and only `href` is held to the protocol list.
  ADD_URI_SAFE_ATTR: ['align', 'start'],
  // Absolute http(s), mailto and tel links only: no javascript:, data:, vbscript:, blob:, nor relative links that
  // would resolve against a partner's page. DOMPurify strips whitespace and control characters before testing.
  ALLOWED_URI_REGEXP: /^(?:https?|mailto|tel):/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // A DOM fragment, not a string: re-parsing sanitised HTML (innerHTML, Lit's unsafeHTML) is where mutation XSS lives.
  RETURN_DOM_FRAGMENT: true,
};

let purifier: DOMPurify | undefined;

/** A DOMPurify of our own, so our hook never touches another DOMPurify user on a partner's page. */
function markdownPurifier(): DOMPurify {
  if (purifier) return purifier;
  purifier = createDOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    // Only links that kept an allowed href; a link whose href was removed stays as its text.
    if (node.nodeName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
  return purifier;
}

/**
 * Sanitises HTML produced from markdown into a fragment owned by the current document. Anything outside the allowed
 * tags is removed; the text inside it stays, except for the contents of script, style and the like.
 */
export function sanitizeMarkdownHtml(html: string): DocumentFragment {
  return markdownPurifier().sanitize(html, config);
}
