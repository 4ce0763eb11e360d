import { getDomain } from 'tldts';
import { outboundFetch, OutboundRefused } from '../../net/outbound-fetch.js';
import { htmlText } from './html-text.js';
import { pdfText } from './pdf-text.js';
import { CRAWLER_USER_AGENT, MAX_ROBOTS_BYTES, robotsRules, type RobotsRules } from './robots.js';

export interface CrawlLimits {
  /** Links followed from a configured URL: 0 reads only that page, 2 (the default) pages two clicks away. */
  maxDepth: number;
  /** Pages requested for one agent, over all its URLs (robots.txt files not counted). */
  maxPages: number;
  /** A larger page is skipped, not cut: half a page would answer wrongly. */
  maxPageBytes: number;
  pageTimeoutMs: number;
  /** The whole crawl: Train must end even when a site answers slowly page after page. */
  totalTimeoutMs: number;
}

export const CRAWL_DEFAULTS: CrawlLimits = {
  maxDepth: 2,
  maxPages: 50,
  maxPageBytes: 2 * 1024 * 1024,
  pageTimeoutMs: 15_000,
  totalTimeoutMs: 120_000,
};

export interface CrawlOptions extends Partial<CrawlLimits> {
  /** The operator's PARLEY_OUTBOUND_PRIVATE_ORIGINS: the only private addresses the crawler may reach. */
  privateOrigins?: readonly string[];
}

/** A page read: an HTML or text page is one "page" of text, a PDF one a PDF page. */
export interface CrawledPage {
  url: string;
  title: string;
  pages: string[];
  kind: 'html' | 'text' | 'pdf';
}

/** A URL not read, and why (shown to the operator in the training's log and kept with the model). */
export interface CrawlSkip {
  url: string;
  reason: string;
}

export interface CrawlResult {
  pages: CrawledPage[];
  skipped: CrawlSkip[];
  /** Set when a limit stopped the crawl with links left to read. */
  stopped: string | null;
}

/** Links to these are not worth a request from the page budget: they are never text. */
const NOT_TEXT =
  /\.(?:png|jpe?g|gif|webp|svg|ico|bmp|tiff?|mp[34]|m4a|mov|avi|webm|wav|ogg|zip|gz|tgz|rar|7z|exe|dmg|msi|apk|iso|css|js|json|xml|woff2?|ttf|eot)$/i;

/**
 * The site a URL belongs to: its registrable domain by the public suffix list (`tldts`), so www.example.com and
 * shop.example.com are one site while two github.io users, or example.co.uk and another.co.uk, are not. An IP
 * address or a single-label host is its own site.
 */
export function siteOf(url: URL): string {
  return getDomain(url.hostname, { allowPrivateDomains: true }) ?? url.hostname;
}

const ACCEPT = 'text/html,application/xhtml+xml,application/pdf;q=0.9,text/plain;q=0.8';

function decode(bytes: Uint8Array, contentType: string): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Why a request failed, in words for the operator; the low-level cause (refused, reset) stays out. */
function failureOf(err: unknown, timedOut: boolean): string {
  if (err instanceof OutboundRefused) return err.message;
  if (timedOut || (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))) return 'took too long to answer';
  return 'could not be reached';
}

/**
 * Reads the configured websites for an agent's knowledge base (issue 38): breadth first from every URL at once, so
 * each configured site gets pages before the budget runs out; same-site links only; robots.txt obeyed for
 * ParleyBot; HTML, PDF and plain text only. Every request goes through outboundFetch, which refuses private,
 * loopback, link-local and metadata addresses at connect time and on every redirect hop. A page that fails is
 * skipped with its reason; the crawl itself never throws.
 */
export async function crawlSites(startUrls: readonly string[], options: CrawlOptions = {}): Promise<CrawlResult> {
  const limits: CrawlLimits = { ...CRAWL_DEFAULTS, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) };
  // One fetch a site: a redirect to another site is refused before it is followed, like a link to it.
  const pageFetches = new Map<string, typeof fetch>();
  const fetchPage = (site: string) => {
    let f = pageFetches.get(site);
    if (!f) {
      f = outboundFetch({
        privateOrigins: options.privateOrigins,
        maxRedirects: 5,
        maxBytes: limits.maxPageBytes,
        followsRedirectTo: (next) => siteOf(next) === site,
      });
      pageFetches.set(site, f);
    }
    return f;
  };
  const fetchRobots = outboundFetch({ privateOrigins: options.privateOrigins, maxRedirects: 5, maxBytes: MAX_ROBOTS_BYTES });
  const total = AbortSignal.timeout(limits.totalTimeoutMs);
  const robotsByOrigin = new Map<string, Promise<RobotsRules>>();
  const result: CrawlResult = { pages: [], skipped: [], stopped: null };
  const seen = new Set<string>();
  const queue: { url: URL; depth: number; site: string }[] = [];

  const robotsOf = (url: URL) => {
    let rules = robotsByOrigin.get(url.origin);
    if (!rules) {
      const robotsUrl = `${url.origin}/robots.txt`;
      rules = fetchRobots(robotsUrl, {
        headers: { 'user-agent': CRAWLER_USER_AGENT },
        signal: AbortSignal.any([AbortSignal.timeout(limits.pageTimeoutMs), total]),
      })
        .then(async (res) => robotsRules(robotsUrl, res.status, res.ok ? await res.text() : ''))
        // A refused origin is refused for its pages too, with the refusal as the reason.
        .catch((err: unknown) => (err instanceof OutboundRefused ? { allows: () => false, refusedAll: err.message } : robotsRules(robotsUrl, null, '')));
      robotsByOrigin.set(url.origin, rules);
    }
    return rules;
  };
  const skip = (url: URL | string, reason: string) => result.skipped.push({ url: String(url), reason });
  const enqueue = (url: URL, depth: number, site: string) => {
    url.hash = '';
    if (seen.has(url.href)) return;
    seen.add(url.href);
    queue.push({ url, depth, site });
  };

  for (const start of startUrls) {
    try {
      const url = new URL(start);
      enqueue(url, 0, siteOf(url));
    } catch {
      skip(start, 'is not a URL');
    }
  }

  let requested = 0;
  while (queue.length) {
    if (total.aborted) {
      result.stopped = `the crawl's time limit (${Math.round(limits.totalTimeoutMs / 1000)} s) was reached with ${queue.length} links left`;
      break;
    }
    if (requested >= limits.maxPages) {
      result.stopped = `the page budget (${limits.maxPages}) was reached with ${queue.length} links left`;
      break;
    }
    const { url, depth, site } = queue.shift()!;
    const rules = await robotsOf(url);
    if (!rules.allows(url.href)) {
      skip(url, rules.refusedAll ?? 'robots.txt disallows it');
      continue;
    }
    requested++;
    const pageTimeout = AbortSignal.timeout(limits.pageTimeoutMs);
    let res: Response;
    let bytes: Uint8Array;
    try {
      res = await fetchPage(site)(url, { headers: { 'user-agent': CRAWLER_USER_AGENT, accept: ACCEPT }, signal: AbortSignal.any([pageTimeout, total]) });
      bytes = new Uint8Array(await res.arrayBuffer());
    } catch (err) {
      skip(url, failureOf(err, pageTimeout.aborted || total.aborted));
      continue;
    }
    if (!res.ok) {
      skip(url, `answered ${res.status}`);
      continue;
    }
    const landed = new URL(res.url || url.href);
    if (landed.href !== url.href) {
      if (!(await robotsOf(landed)).allows(landed.href)) {
        skip(url, `redirected to ${landed.href}, which robots.txt disallows`);
        continue;
      }
      seen.add(landed.href);
    }
    const contentType = res.headers.get('content-type') ?? '';
    const type = contentType.split(';')[0]!.trim().toLowerCase();
    try {
      if (type === 'text/html' || type === 'application/xhtml+xml') {
        const page = htmlText(decode(bytes, contentType), landed.href);
        if (depth < limits.maxDepth) {
          for (const link of page.links) {
            const next = new URL(link);
            if (siteOf(next) === site && !NOT_TEXT.test(next.pathname)) enqueue(next, depth + 1, site);
          }
        }
        if (page.noindex) skip(landed, 'its robots meta tag asks not to index it');
        else if (!page.text.trim()) skip(landed, 'has no text');
        else result.pages.push({ url: landed.href, title: page.title ?? landed.href, pages: [page.text], kind: 'html' });
      } else if (type === 'application/pdf') {
        const pdf = await pdfText(bytes);
        const last = landed.pathname.split('/').pop() || landed.host;
        let name = last;
        try {
          name = decodeURIComponent(last);
        } catch {
          // A malformed escape stays as it was written.
        }
        result.pages.push({ url: landed.href, title: pdf.title ?? name, pages: pdf.pages, kind: 'pdf' });
      } else if (type === 'text/plain') {
        const text = decode(bytes, contentType);
        if (text.trim()) result.pages.push({ url: landed.href, title: landed.href, pages: [text], kind: 'text' });
        else skip(landed, 'has no text');
      } else {
        skip(landed, `its content type (${type || 'none'}) is not read: only HTML, PDF and plain text are`);
      }
    } catch {
      skip(landed, `could not be read as ${type}`);
    }
  }
  return result;
}
