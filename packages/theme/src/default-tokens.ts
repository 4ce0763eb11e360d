import TOKENS_CSS from './tokens.css?inline';

const STYLE_ID = 'parley-default-tokens';

/**
 * Adds tokens.css to the document once, first in its head: a partner page that loads no Parley stylesheet still gets
 * every `--parley-*` default, and since the rule is `:where(:root)` (zero specificity) any token the page sets, on
 * :root or on an element, still wins. Every element calls it when it connects; the console loads tokens.css itself.
 */
export function ensureDefaultTokens(doc: Document = document): void {
  if (doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  style.textContent = TOKENS_CSS;
  doc.head.prepend(style);
}
