import robotsParserModule from 'robots-parser';

// The package is CommonJS whose module.exports is the function, while its types declare an ES default export.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

/** The name the crawler gives in its User-Agent and looks for in robots.txt. */
export const CRAWLER_AGENT = 'ParleyBot';
export const CRAWLER_USER_AGENT = `${CRAWLER_AGENT}/1.0 (+https://github.com/parley; knowledge base)`;

/** RFC 9309 asks crawlers to read at least 500 KiB of a robots.txt; more than that is cut. */
export const MAX_ROBOTS_BYTES = 512 * 1024;

export interface RobotsRules {
  allows(url: string): boolean;
  /** Why every page of the site is refused (robots.txt unreachable or failing), if so. */
  refusedAll: string | null;
}

/**
 * The rules of one origin's robots.txt (RFC 9309, through `robots-parser`), from its status:
 * - 2xx: the file's rules for ParleyBot (or `*`);
 * - 4xx, a missing file: everything is allowed;
 * - 5xx, or no answer at all: nothing is, since the site may be down or the file unreadable, and RFC 9309 then
 *   asks a crawler to assume complete disallow.
 */
export function robotsRules(robotsUrl: string, status: number | null, body: string): RobotsRules {
  if (status !== null && status >= 200 && status < 300) {
    const robots = robotsParser(robotsUrl, body);
    return { allows: (url) => robots.isAllowed(url, CRAWLER_AGENT) !== false, refusedAll: null };
  }
  if (status !== null && status >= 400 && status < 500) return { allows: () => true, refusedAll: null };
  const refusedAll = status === null ? 'robots.txt could not be read' : `robots.txt answered ${status}`;
  return { allows: () => false, refusedAll };
}
