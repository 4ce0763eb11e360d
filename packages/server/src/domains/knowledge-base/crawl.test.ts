import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { crawlSites, siteOf } from './crawl.js';
import { htmlText } from './html-text.js';
import { textPdf } from './text-pdf.js';

interface Site {
  origin: string;
  port: number;
  /** Every path requested, in order, with its User-Agent. */
  requests: { path: string; agent: string }[];
  connections: () => number;
  close: () => Promise<void>;
}

/** A loopback web site: `routes` answers each path; anything else is a 404. */
async function site(routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void>): Promise<Site> {
  const requests: Site['requests'] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push({ path, agent: String(req.headers['user-agent']) });
    const route = routes[path];
    if (route) route(req, res);
    else res.writeHead(404).end('not found');
  });
  server.on('connection', () => connections++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    connections: () => connections,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const html =
  (body: string, title = 'Page') =>
  (_req: IncomingMessage, res: ServerResponse) =>
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`);
const links = (...paths: string[]) => paths.map((p) => `<a href="${p}">${p}</a>`).join(' ');
const paths = (s: Site) => s.requests.map((r) => r.path).filter((p) => p !== '/robots.txt');

const sites: Site[] = [];
afterAll(async () => {
  await Promise.all(sites.map((s) => s.close()));
});
async function open(routes: Parameters<typeof site>[0]) {
  const s = await site(routes);
  sites.push(s);
  return s;
}

describe('website crawler: SSRF (issue 38)', () => {
  it('refuses loopback, private, link-local, metadata and IPv6 loopback start URLs, and a name resolving to loopback, before connecting', async () => {
    const target = await open({ '/': html('<p>Internal admin page with secrets.</p>') });
    const urls = [
      `${target.origin}/`,
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${target.port}/`,
      `http://localhost:${target.port}/`,
    ];
    const result = await crawlSites(urls);
    expect(result.pages).toEqual([]);
    expect(result.skipped).toEqual([
      { url: `${target.origin}/`, reason: '127.0.0.1 is not a public address' },
      { url: 'http://10.0.0.1/', reason: '10.0.0.1 is not a public address' },
      { url: 'http://169.254.169.254/latest/meta-data/', reason: '169.254.169.254 is not a public address' },
      { url: `http://[::1]:${target.port}/`, reason: '::1 is not a public address' },
      { url: `http://localhost:${target.port}/`, reason: 'localhost resolves to an address that is not public' },
    ]);
    expect(target.connections()).toBe(0);
  });

  it('refuses a redirect from an allowed site to a disallowed address, at every hop, fetching nothing there', async () => {
    const target = await open({ '/': html('<p>Internal admin page with secrets.</p>') });
    const front = await open({
      '/': html(links('/to-metadata', '/to-loopback', '/to-localhost', '/to-private'), 'Front'),
      '/to-metadata': (_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/iam/' }).end(),
      '/to-loopback': (_req, res) => res.writeHead(301, { location: `${target.origin}/` }).end(),
      '/to-localhost': (_req, res) => res.writeHead(307, { location: `http://localhost:${target.port}/` }).end(),
      '/to-private': (_req, res) => res.writeHead(302, { location: 'http://10.0.0.1/' }).end(),
    });
    // Only the front site is allowed, as a test's loopback server is: the operator's explicit setting.
    const result = await crawlSites([`${front.origin}/`], { privateOrigins: [front.origin] });
    expect(result.pages.map((p) => p.url)).toEqual([`${front.origin}/`]);
    expect(result.skipped).toEqual([
      { url: `${front.origin}/to-metadata`, reason: '169.254.169.254 is not a public address' },
      { url: `${front.origin}/to-loopback`, reason: '127.0.0.1 is not a public address' },
      // Another site by name: refused before any lookup, by the crawler's own rule.
      { url: `${front.origin}/to-localhost`, reason: `A redirect to localhost:${target.port} was not followed` },
      { url: `${front.origin}/to-private`, reason: '10.0.0.1 is not a public address' },
    ]);
    expect(target.connections()).toBe(0);
  });

  it('tells sites apart by registrable domain', () => {
    expect(siteOf(new URL('https://www.example.co.uk/a'))).toBe(siteOf(new URL('http://shop.example.co.uk/')));
    expect(siteOf(new URL('https://example.co.uk/'))).not.toBe(siteOf(new URL('https://another.co.uk/')));
    expect(siteOf(new URL('https://alice.github.io/'))).not.toBe(siteOf(new URL('https://bob.github.io/')));
    expect(siteOf(new URL('http://127.0.0.1:8080/'))).toBe('127.0.0.1');
  });
});

describe('website crawler: robots.txt, limits and content types', () => {
  it('obeys robots.txt for ParleyBot, naming itself in every request', async () => {
    const s = await open({
      '/robots.txt': (_req, res) =>
        res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /\n\nUser-agent: ParleyBot\nDisallow: /private\n'),
      '/': html(links('/private/prices', '/opening-hours'), 'Home'),
      '/private/prices': html('<p>Staff prices.</p>'),
      '/opening-hours': html('<p>We open at nine.</p>', 'Opening hours'),
    });
    const result = await crawlSites([`${s.origin}/`], { privateOrigins: [s.origin] });
    expect(result.pages.map((p) => p.title)).toEqual(['Home', 'Opening hours']);
    expect(result.skipped).toEqual([{ url: `${s.origin}/private/prices`, reason: 'robots.txt disallows it' }]);
    expect(paths(s)).toEqual(['/', '/opening-hours']);
    expect(new Set(s.requests.map((r) => r.agent.split('/')[0]))).toEqual(new Set(['ParleyBot']));
    // robots.txt is read once per site, before its first page.
    expect(s.requests.filter((r) => r.path === '/robots.txt')).toHaveLength(1);
    expect(s.requests[0]!.path).toBe('/robots.txt');
  });

  it('reads nothing of a site whose robots.txt fails (RFC 9309: complete disallow)', async () => {
    const s = await open({ '/robots.txt': (_req, res) => res.writeHead(503).end(), '/': html('<p>Hello</p>') });
    const result = await crawlSites([`${s.origin}/`], { privateOrigins: [s.origin] });
    expect(result).toEqual({ pages: [], skipped: [{ url: `${s.origin}/`, reason: 'robots.txt answered 503' }], stopped: null });
    expect(paths(s)).toEqual([]);
  });

  it('skips a page over the size limit and keeps the others', async () => {
    const s = await open({
      '/': html(links('/huge', '/small'), 'Home'),
      '/huge': html(`<p>${'Very long page. '.repeat(200_000)}</p>`),
      '/small': html('<p>A small page.</p>', 'Small'),
    });
    const result = await crawlSites([`${s.origin}/`], { privateOrigins: [s.origin] });
    expect(result.pages.map((p) => p.title)).toEqual(['Home', 'Small']);
    expect(result.skipped).toEqual([{ url: `${s.origin}/huge`, reason: `The reply is larger than ${2 * 1024 * 1024} bytes` }]);
  });

  it('follows links two clicks deep by default, and stops at the page budget', async () => {
    const s = await open({
      '/': html(links('/a'), 'Start'),
      '/a': html(links('/b'), 'A'),
      '/b': html(links('/c'), 'B'),
      '/c': html('<p>Too deep.</p>', 'C'),
    });
    const deep = await crawlSites([`${s.origin}/`], { privateOrigins: [s.origin] });
    expect(deep.pages.map((p) => p.title)).toEqual(['Start', 'A', 'B']);
    expect(deep.stopped).toBeNull();
    expect(paths(s)).toEqual(['/', '/a', '/b']);

    const wide = await open({
      '/': html(links('/1', '/2', '/3', '/4'), 'Start'),
      '/1': html('<p>One.</p>'),
      '/2': html('<p>Two.</p>'),
      '/3': html('<p>Three.</p>'),
      '/4': html('<p>Four.</p>'),
    });
    const budget = await crawlSites([`${wide.origin}/`], { privateOrigins: [wide.origin], maxPages: 3 });
    expect(paths(wide)).toEqual(['/', '/1', '/2']);
    expect(budget.stopped).toBe('the page budget (3) was reached with 2 links left');
    expect((await crawlSites([`${wide.origin}/1`], { privateOrigins: [wide.origin], maxDepth: 0 })).pages).toHaveLength(1);
  });

  it('reads HTML, PDF and plain text; skips other content types, off-site links and links to files that are never text', async () => {
    const pdf = textPdf([{ title: 'Menu', lines: ['Gluten free base available on request.'] }], { title: 'Pizza menu' });
    const s = await open({
      '/': html(`${links('/menu.pdf', '/notes', '/badge', '/logo.png', 'https://example.com/elsewhere', 'mailto:hi@example.com')}`, 'Home'),
      '/menu.pdf': (_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end(Buffer.from(pdf)),
      '/notes': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('Parking behind the shop.'),
      '/badge': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47])),
    });
    const result = await crawlSites([`${s.origin}/`], { privateOrigins: [s.origin] });
    expect(result.pages.map((p) => [p.kind, p.title, p.pages])).toEqual([
      ['html', 'Home', [expect.any(String)]],
      ['pdf', 'Pizza menu', ['Menu\nGluten free base available on request.']],
      ['text', `${s.origin}/notes`, ['Parking behind the shop.']],
    ]);
    expect(result.skipped).toEqual([{ url: `${s.origin}/badge`, reason: 'its content type (image/png) is not read: only HTML, PDF and plain text are' }]);
    expect(paths(s)).toEqual(['/', '/menu.pdf', '/notes', '/badge']);
  });

  it('gives up on a page that does not answer in time, and goes on', async () => {
    const s = await open({ '/': html(links('/slow', '/fine'), 'Home'), '/slow': () => undefined, '/fine': html('<p>Fine.</p>', 'Fine') });
    const result = await crawlSites([`${s.origin}/`], { privateOrigins: [s.origin], pageTimeoutMs: 500 });
    expect(result.pages.map((p) => p.title)).toEqual(['Home', 'Fine']);
    expect(result.skipped).toEqual([{ url: `${s.origin}/slow`, reason: 'took too long to answer' }]);
  });

  it("stops at the whole crawl's time limit, saying how many links were left", async () => {
    const s = await open({ '/': html(links('/slow', '/a', '/b'), 'Home'), '/slow': () => undefined, '/a': html('<p>A.</p>'), '/b': html('<p>B.</p>') });
    const result = await crawlSites([`${s.origin}/`], { privateOrigins: [s.origin], pageTimeoutMs: 10_000, totalTimeoutMs: 800 });
    expect(result.pages.map((p) => p.title)).toEqual(['Home']);
    expect(result.skipped).toEqual([{ url: `${s.origin}/slow`, reason: 'took too long to answer' }]);
    expect(result.stopped).toBe("the crawl's time limit (1 s) was reached with 2 links left");
    expect(paths(s)).toEqual(['/', '/slow']);
  });

  it('skips a redirect off the site and a page whose robots meta tag says noindex', async () => {
    const s = await open({
      '/': html(links('/away', '/hidden'), 'Home'),
      '/away': (_req, res) => res.writeHead(302, { location: 'https://example.com/' }).end(),
      '/hidden': (_req, res) =>
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html><head><meta name="robots" content="noindex"></head><body><p>Hidden.</p></body></html>'),
    });
    // The redirect's target is public but another site: it is not requested (this machine has no network at all).
    const result = await crawlSites([`${s.origin}/`], { privateOrigins: [s.origin] });
    expect(result.pages.map((p) => p.title)).toEqual(['Home']);
    expect(result.skipped).toEqual([
      { url: `${s.origin}/away`, reason: 'A redirect to example.com was not followed' },
      { url: `${s.origin}/hidden`, reason: 'its robots meta tag asks not to index it' },
    ]);
  });
});

describe('HTML to text', () => {
  it("keeps the page's title and article, one line a block, without menus, scripts or footers", () => {
    const page = htmlText(
      `<html><head><title>Allergies | Pizza Palace</title><script>var secret = 1;</script></head><body>
        <nav><a href="/">Home</a> | <a href="/about#team">About</a> | <a href="javascript:alert(1)">x</a></nav>
        <article><h1>Allergies</h1>
          <p>Every pizza comes on a thin or a pan base. ${'Our dough is made fresh every morning with flour, water and salt. '.repeat(6)}</p>
          <ul><li>Gluten free base available on request.</li><li>Our kitchen handles nuts and dairy.</li></ul>
        </article>
        <footer>© 2026 Pizza Palace · Cookie settings</footer></body></html>`,
      'https://pizza.example/allergies',
    );
    expect(page.title).toBe('Allergies | Pizza Palace');
    expect(page.text.split('\n')).toContain('Gluten free base available on request.');
    expect(page.text.split('\n')).toContain('Our kitchen handles nuts and dairy.');
    expect(page.text).not.toMatch(/secret|Cookie settings|Home \|/);
    expect(page.links).toEqual(['https://pizza.example/', 'https://pizza.example/about']);
  });
});
