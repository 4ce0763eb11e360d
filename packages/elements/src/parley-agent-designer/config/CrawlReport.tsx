import type { WebsiteCrawlReport } from '@parley/sdk/contract/nlp-genai';
import { ensureStyles } from '../../internal/styles.js';
import { useLocaleFormats } from '../../internal/use-locale-formats.js';
import CSS from './crawl-report.css?inline';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * What the last Train read of the websites (issue 38): a crawl that read nothing says so in the danger colour, and
 * each page skipped is listed with its reason (robots.txt, a refused address, size, content type).
 */
export function CrawlReport({ report }: { report: WebsiteCrawlReport }) {
  ensureStyles('parley-crawl-report', CSS);
  const when = useLocaleFormats().moment(report.trainedAt, 'dayTime');
  const summary =
    report.pages === 0
      ? `The last Train (${when}) could not read any page of these websites, so the agent cannot answer from them.`
      : `The last Train (${when}) read ${plural(report.pages, 'page')}${report.skipped.length ? ` and skipped ${plural(report.skipped.length, 'page')}` : ''}.`;
  return (
    <div className="pad-crawl" data-empty={report.pages === 0 || undefined} data-testid="crawl-report">
      <p>
        {summary}
        {report.stopped ? ` It stopped because ${report.stopped}.` : ''}
      </p>
      {report.skipped.length > 0 && (
        <details open={report.pages === 0}>
          <summary>Pages skipped ({report.skipped.length})</summary>
          <ul>
            {report.skipped.map((s) => (
              <li key={s.url}>
                <span className="pad-crawl-url">{s.url}</span>: {s.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
