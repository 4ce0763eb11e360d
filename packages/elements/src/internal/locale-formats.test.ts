import { expect } from '@esm-bundle/chai';
import { createElement, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { ElementRoot } from './element-root.js';
import { useLocaleFormats } from './use-locale-formats.js';

// What the specs leave open (a crawl's time, a report's counts, an offer's end) is written in the element's locale:
// its `lang`, else the page's. Each locale keeps its own order, clock and grouping.

let page: HTMLElement;
let root: Root;

function Probe() {
  const f = useLocaleFormats();
  return createElement('output', null, [f.moment('2030-11-01T12:00:00Z', 'day'), f.number(1234567)].join(' | '));
}

function render(lang: string | null, child: ReactNode = createElement(Probe)) {
  if (lang === null) page.removeAttribute('lang');
  else page.setAttribute('lang', lang);
  flushSync(() => root.render(createElement(ElementRoot, { container: page, children: child })));
  return page.querySelector('output')!.textContent;
}

beforeEach(() => {
  page = document.createElement('div');
  document.body.append(page);
  root = createRoot(page);
});
afterEach(() => {
  root.unmount();
  page.remove();
});

describe('an element’s dates and numbers', () => {
  it('follow its lang: en-US, en-GB and de-DE each in their own shape', () => {
    expect(render('en-US')).to.equal('Nov 1, 2030 | 1,234,567');
    expect(render('en-GB')).to.equal('1 Nov 2030 | 1,234,567');
    expect(render('de-DE')).to.equal('01.11.2030 | 1.234.567');
  });

  it("follow the page's lang when the element has none", () => {
    document.documentElement.setAttribute('lang', 'en-GB');
    try {
      expect(render(null)).to.equal('1 Nov 2030 | 1,234,567');
    } finally {
      document.documentElement.removeAttribute('lang');
    }
  });
});
