import { expect } from '@esm-bundle/chai';
import { escapeHtml, renderTinyMarkdown } from './tiny-markdown.js';

declare global {
  interface Window {
    x?: unknown;
  }
}

/** Puts a rendered reply into the live document, where scripts and handlers would run if anything got through. */
function mount(markdown: string): HTMLElement {
  const container = document.createElement('div');
  container.append(renderTinyMarkdown(markdown));
  document.body.append(container);
  return container;
}

/** Compare strings, never nodes: a failed assertion carrying a node makes the runner hang while serialising it. */
const markupOf = (container: HTMLElement, selector: string) => container.querySelector(selector)?.outerHTML ?? null;
const texts = (container: HTMLElement, selector: string) => [...container.querySelectorAll(selector)].map((e) => e.textContent);

/** Long enough for error events of broken images and svg onload to have fired. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

const ALLOWED = new Set(['P', 'BR', 'STRONG', 'EM', 'U', 'S', 'DEL', 'UL', 'OL', 'LI', 'A', 'CODE', 'PRE', 'BLOCKQUOTE']);

/** Only allowed elements; only href, target and rel on links, with a safe address. */
function expectInert(container: HTMLElement) {
  for (const element of container.querySelectorAll('*')) {
    expect(ALLOWED.has(element.tagName), `<${element.localName}> is allowed`).to.equal(true);
    for (const { name } of element.attributes) {
      expect(element.tagName === 'A' && ['href', 'target', 'rel'].includes(name), `attribute ${name} of <${element.localName}>`).to.equal(true);
    }
  }
  for (const link of container.querySelectorAll('a')) {
    expect(link.getAttribute('href')).to.match(/^(https?|mailto|tel):/i);
  }
}

afterEach(() => {
  document.body.replaceChildren();
  delete window.x;
});

describe('renderTinyMarkdown', () => {
  it('renders paragraphs, line breaks, bold, italic, strike-through and code', () => {
    const container = mount('**Your order** has _shipped_ and __is__ *on* ~~late~~ time.\nIt arrives `Monday <9am>`.\n\nThanks!');
    expect(texts(container, 'p')).to.deep.equal(['Your order has shipped and is on late time.It arrives Monday <9am>.', 'Thanks!']);
    expect(texts(container, 'strong')).to.deep.equal(['Your order', 'is']);
    expect(texts(container, 'em')).to.deep.equal(['shipped', 'on']);
    expect(texts(container, 'del')).to.deep.equal(['late']);
    expect(texts(container, 'code')).to.deep.equal(['Monday <9am>']);
    expect(markupOf(container, 'p > br')).to.equal('<br>');
    expectInert(container);
  });

  it('renders the response editor underline (++text++) as <u>', () => {
    const container = mount('Pick it up ++today++, a+b and c++ stay');
    expect(texts(container, 'u')).to.deep.equal(['today']);
    expect(texts(container, 'p')).to.deep.equal(['Pick it up today, a+b and c++ stay']);
  });

  it('renders bullet lists, ordered lists and quotes', () => {
    const container = mount('We have:\n- **tea**\n- coffee\n\n* juice\n\n1. first\n2. second\n\n> a quote\n> on two lines');
    expect(texts(container, 'ul > li')).to.deep.equal(['tea', 'coffee', 'juice']);
    expect(container.querySelectorAll('ul').length, 'one list across the blank line').to.equal(1);
    expect(markupOf(container, 'ul > li > strong')).to.equal('<strong>tea</strong>');
    expect(texts(container, 'ol > li')).to.deep.equal(['first', 'second']);
    expect(markupOf(container, 'blockquote')).to.equal('<blockquote><p>a quote<br>on two lines</p></blockquote>');
    expect(texts(container, 'p')[0]).to.equal('We have:');
  });

  it('keeps fenced code literal', () => {
    const container = mount('```\nconst a = 1 < 2 && **b**;\n```');
    expect(markupOf(container, 'pre')).to.equal('<pre><code>const a = 1 &lt; 2 &amp;&amp; **b**;</code></pre>');
  });

  it('leaves snake_case, lone stars and backslash escapes alone', () => {
    const container = mount('order_id_number is 5 * 3 * 2, \\*not italic\\*');
    expect(container.innerHTML).to.equal('<p>order_id_number is 5 * 3 * 2, *not italic*</p>');
  });

  it('links http(s), mailto and tel addresses, opening them in a new tab without opener or referrer', () => {
    const container = mount('[Track](https://example.com/t?id=1&a_b=2) [b](http://b.example) [mail](mailto:help@example.com) [call](tel:+15551234)');
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).to.deep.equal([
      ['Track', 'https://example.com/t?id=1&a_b=2'],
      ['b', 'http://b.example'],
      ['mail', 'mailto:help@example.com'],
      ['call', 'tel:+15551234'],
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).to.equal('_blank');
      expect(link.getAttribute('rel')).to.equal('noopener noreferrer');
    }
  });

  it('keeps the text of a link whose address is relative or not http(s), but not the address', () => {
    const container = mount('[settings](/account), [top](#top) and [ftp](ftp://x.example)');
    expect(markupOf(container, 'a')).to.equal(null);
    expect(container.textContent).to.equal('settings, top and ftp');
  });

  it('shows raw HTML as the text the author typed', () => {
    const container = mount('Hello <b onclick="window.x=1">there</b> & <i>you</i>');
    expect(markupOf(container, 'b, i')).to.equal(null);
    expect(container.textContent).to.equal('Hello <b onclick="window.x=1">there</b> & <i>you</i>');
  });

  it('escapes all five HTML characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).to.equal('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  const payloads: Record<string, string> = {
    'a script element': '<script>window.x=1</script>',
    'a script element on its own lines': '\n\n<script>\nwindow.x=1\n</script>\n\n',
    'an image with onerror': '<img src=x onerror="window.x=1">',
    'an unquoted onerror': '<img src=x onerror=window.x=1>',
    'a javascript: link': '[a](javascript:window.x=1)',
    'a mixed-case javascript: link': '[a](JaVaScRiPt:window.x=1)',
    'a javascript: link in angle brackets': '[a](<javascript:window.x=1>)',
    'a javascript: link with an encoded letter': '[a](&#x6A;avascript:window.x=1)',
    'a javascript: link with a tab': '[a](java\tscript:window.x=1)',
    'a javascript: link behind spaces': '[a](   javascript:window.x=1)',
    'a data: link': '[a](data:text/html;base64,PHNjcmlwdD5wYXJlbnQueD0xPC9zY3JpcHQ+)',
    'a vbscript: link': '[a](vbscript:msgbox(1))',
    'an anchor with a javascript: href': '<a href="javascript:window.x=1">b</a>',
    'a link whose address breaks out of the attribute': '[a](https://x.example/"onmouseover="window.x=1)',
    'a link whose address breaks out with a single quote': "[a](https://x.example/'onmouseover='window.x=1)",
    'a link whose label carries markup': '[<img src=x onerror=window.x=1>](https://x.example)',
    'markup nested in emphasis': '**<svg onload="window.x=1">** _<iframe src="javascript:parent.x=1">_',
    'markup inside code': '`<img src=x onerror=window.x=1>`',
    'markup inside a list and a quote': '- <img src=x onerror=window.x=1>\n\n> <script>window.x=1</script>',
    'markup inside fenced code': '\n```\n</code></pre><img src=x onerror=window.x=1>\n```\n',
    'an attribute smuggled through emphasis': '*" onmouseover="window.x=1*',
    'a style element': '<style>body { display: none }</style>',
    'an iframe with srcdoc': '<iframe srcdoc="<script>parent.x=1</script>"></iframe>',
    'HTML-encoded markup': '&lt;img src=x onerror=window.x=1&gt;',
    'a placeholder forgery': '\uE0000\uE000[a](javascript:window.x=1)',
  };

  for (const [name, payload] of Object.entries(payloads)) {
    it(`neutralises ${name} and keeps the text around it`, async () => {
      const container = mount(`Hello ${payload} world`);
      await settle();
      expect(window.x, 'the payload ran').to.equal(undefined);
      expectInert(container);
      expect(container.textContent)
        .to.match(/^Hello\b/)
        .and.to.match(/\bworld$/);
      expect(getComputedStyle(document.body).display).to.equal('block');
    });
  }

  it('survives deep quotes and long runs of markers quickly', () => {
    const started = performance.now();
    const container = mount(`${'> '.repeat(200)}deep\n\n${'*'.repeat(3000)}\n\n${'_a'.repeat(1500)}\n\n${'[('.repeat(1000)}`);
    expect(performance.now() - started).to.be.below(1000);
    expect(container.querySelectorAll('blockquote').length).to.be.at.most(8);
    expect(container.textContent).to.contain('deep');
    expectInert(container);
  });
});
