import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

/** What the knowledge base keeps of a web page: its title, its readable text, and where its links go. */
export interface HtmlPage {
  title: string | null;
  text: string;
  /** Absolute http(s) links, without their fragment, in page order, each once. */
  links: string[];
  /** `<meta name="robots">` (or "ParleyBot") asks for the page not to be indexed, or its links not to be followed. */
  noindex: boolean;
  nofollow: boolean;
}

// The server compiles without the DOM library: the little of linkedom's DOM used here, typed by hand.
interface DomNode {
  nodeType: number;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}
interface DomElement extends DomNode {
  tagName: string;
  hasAttribute(name: string): boolean;
  getAttribute(name: string): string | null;
}
interface DomDocument {
  body: DomElement | null;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
}

/** Elements whose end is a line break in what a reader sees; the rest run on in the same line. */
const BLOCKS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BR',
  'CAPTION',
  'DD',
  'DIV',
  'DL',
  'DT',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'TABLE',
  'TD',
  'TH',
  'TR',
  'UL',
]);
const UNSEEN = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'IFRAME', 'OBJECT', 'HEAD']);

/** The text a reader sees, one line a block (a heading, a paragraph, a list item), so sentences split as on screen. */
function visibleText(root: DomNode): string {
  const out: string[] = [];
  const walk = (node: DomNode) => {
    if (node.nodeType === 3) out.push(node.textContent ?? '');
    if (node.nodeType !== 1) return;
    const tag = (node as DomElement).tagName.toUpperCase();
    if (UNSEEN.has(tag) || (node as DomElement).hasAttribute('hidden')) return;
    for (const child of Array.from(node.childNodes)) walk(child);
    if (BLOCKS.has(tag)) out.push('\n');
  };
  walk(root);
  return out
    .join('')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

function linksOf(document: DomDocument, base: URL): string[] {
  const seen = new Set<string>();
  for (const a of Array.from(document.querySelectorAll('a[href]'))) {
    const rel = (a.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('nofollow')) continue;
    try {
      const url = new URL(a.getAttribute('href') ?? '', base);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      url.hash = '';
      seen.add(url.href);
    } catch {
      // An href that is not a URL leads nowhere.
    }
  }
  return [...seen];
}

/**
 * A page's title and readable text through Mozilla's Readability (Firefox's reader view) on a linkedom document:
 * the article without its menus, footers and cookie banners, which would otherwise answer questions with "Home |
 * About | Contact". A page Readability finds little article in (a list of short items) falls back to its whole body.
 * Scripts never run: linkedom only parses.
 */
export function htmlText(html: string, pageUrl: string): HtmlPage {
  const { document } = parseHTML(html) as unknown as { document: DomDocument };
  const baseHref = document.querySelector('base[href]')?.getAttribute('href');
  let base = new URL(pageUrl);
  try {
    if (baseHref) base = new URL(baseHref, pageUrl);
  } catch {
    // A broken <base> is ignored, as browsers do.
  }
  const robots = Array.from(document.querySelectorAll('meta[name]'))
    .filter((m) => /^(robots|parleybot)$/i.test(m.getAttribute('name') ?? ''))
    .map((m) => (m.getAttribute('content') ?? '').toLowerCase())
    .join(',');
  const noindex = /\b(noindex|none)\b/.test(robots);
  const nofollow = /\b(nofollow|none)\b/.test(robots);
  const links = nofollow ? [] : linksOf(document, base);
  const fallbackTitle = document.querySelector('title')?.textContent?.replace(/\s+/g, ' ').trim() || null;
  // Readability changes the document it reads: the links and the body are taken first.
  const body = document.body ? visibleText(document.body) : '';
  const article = new Readability<DomNode>(document as never, { serializer: (node: unknown) => node as DomNode }).parse();
  const articleText = article?.content ? visibleText(article.content) : '';
  const title = article?.title?.replace(/\s+/g, ' ').trim() || fallbackTitle;
  // Readability sometimes settles on one small block of a page that is a list of short items: then the body is the
  // better text, menus and all.
  return { title, text: articleText.length >= body.length / 4 ? articleText : body, links, noindex, nofollow };
}
