import { expect } from '@esm-bundle/chai';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { TemplateComponent } from '@parley/sdk/contract/templates';
import { ElementRoot } from '../internal/element-root.js';
import { text } from '../test-support/ui.js';
import { TemplatePreview, type TemplatePreviewProps } from './template-preview.js';

// The preview as a reader sees it: WhatsApp's formatting as elements, template text that looks like markup shown as
// text, the three layouts with their parts, and `{{n}}` filled from values or examples.

let host: HTMLElement;
let root: Root;

function show(props: TemplatePreviewProps) {
  flushSync(() => root.render(createElement(TemplatePreview, props)));
  return host.querySelector<HTMLElement>('.ptp')!;
}
const body = (text: string, example?: string[]): TemplateComponent => ({ type: 'BODY', text, ...(example ? { example: { body_text: [example] } } : {}) });
const all = (node: ParentNode, selector: string) => [...node.querySelectorAll<HTMLElement>(selector)];

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  root.unmount();
  host.remove();
});

describe('TemplatePreview formatting', () => {
  it('draws *bold*, _italic_, ~strike~ and ```mono``` as elements and keeps the words', () => {
    const preview = show({ components: [body('Hi *Ana*, your _order_ is ~late~ on time: ```AB-12 *x*```.\nThanks')] });
    const text$ = preview.querySelector('.ptp-body')!;
    expect(text(text$.querySelector('strong'))).to.equal('Ana');
    expect(text(text$.querySelector('em'))).to.equal('order');
    expect(text(text$.querySelector('s'))).to.equal('late');
    // Monospace is literal: the stars inside stay stars.
    expect(text(text$.querySelector('code'))).to.equal('AB-12 *x*');
    expect(text$.querySelectorAll('br')).to.have.length(1);
    expect(text(text$)).to.equal('Hi Ana, your order is late on time: AB-12 *x*.Thanks');
  });

  it('nests styles and leaves markers that do not pair, or sit inside words, as they are', () => {
    const preview = show({ components: [body('*_both_* and 2*3*4 and snake_case_name and * lone and *open\nclose*')] });
    const text$ = preview.querySelector('.ptp-body')!;
    expect(text(text$.querySelector('strong > em'))).to.equal('both');
    expect(text$.querySelectorAll('strong')).to.have.length(1);
    expect(text$.querySelectorAll('em')).to.have.length(1);
    expect(text(text$)).to.contain('2*3*4 and snake_case_name and * lone and *open');
  });

  it('shows markup in a template as text: no element is made from it', () => {
    const attack = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>*<b>hi</b>*';
    const preview = show({
      components: [
        { type: 'HEADER', format: 'TEXT', text: '<img src=y onerror=alert(1)>' },
        body(attack),
        { type: 'FOOTER', text: '<iframe src="javascript:alert(1)">' },
        { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: '<svg onload=alert(1)>' }] },
      ],
    });
    expect(preview.querySelector('img, script, iframe, b')).to.equal(null);
    expect(all(preview, 'svg').every((svg) => svg.classList.contains('ptp-icon'))).to.equal(true);
    expect(text(preview.querySelector('.ptp-header-text'))).to.equal('<img src=y onerror=alert(1)>');
    expect(text(preview.querySelector('.ptp-body strong'))).to.equal('<b>hi</b>');
    expect(text(preview.querySelector('.ptp-footer'))).to.equal('<iframe src="javascript:alert(1)">');
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
  });

  it('draws the placeholder when the media does not load', async () => {
    const preview = show({ components: [{ type: 'HEADER', format: 'IMAGE' }, body('Hi')], mediaUrl: '/no-such-image.png' });
    expect(preview.querySelector('img')).to.not.equal(null);
    for (let i = 0; i < 100 && preview.querySelector('img'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(preview.querySelector('img')).to.equal(null);
    expect(preview.querySelector('.ptp-media [aria-label="Image"]')).to.not.equal(null);
  });

  it('draws no image from a media address that is not a web address', () => {
    const preview = show({ components: [{ type: 'HEADER', format: 'IMAGE', example: { header_handle: ['javascript:alert(1)'] } }, body('Hi')] });
    expect(preview.querySelector('img')).to.equal(null);
    expect(preview.querySelector('.ptp-media [aria-label="Image"]')).to.not.equal(null);
  });
});

describe('TemplatePreview layouts', () => {
  it('default: header image, body, footer and each button with its icon', () => {
    const preview = show({
      components: [
        { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://example.com/sample.png'] } },
        body('Your order has shipped'),
        { type: 'FOOTER', text: 'Reply STOP to opt out' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'URL', text: 'Track order', url: 'https://example.com/t/{{1}}', example: ['https://example.com/t/1'] },
            { type: 'PHONE_NUMBER', text: 'Call us', phone_number: '+15550001111' },
            { type: 'COPY_CODE', example: 'SAVE10' },
            { type: 'QUICK_REPLY', text: 'Stop' },
          ],
        },
      ],
      mediaUrl: 'https://example.com/chosen.png',
    });
    expect(preview.dataset.kind).to.equal('DEFAULT');
    // The media given wins over the template's sample.
    expect(preview.querySelector('.ptp-media img')!.getAttribute('src')).to.equal('https://example.com/chosen.png');
    expect(text(preview.querySelector('.ptp-footer'))).to.equal('Reply STOP to opt out');
    const buttons = all(preview, '.ptp-button');
    expect(buttons.map((b) => [b.dataset.type, text(b)])).to.deep.equal([
      ['URL', 'Track order'],
      ['PHONE_NUMBER', 'Call us'],
      ['COPY_CODE', 'Copy offer code'],
      ['QUICK_REPLY', 'Stop'],
    ]);
    expect(buttons.every((b) => b.querySelector('svg.ptp-icon'))).to.equal(true);
  });

  it('document and video headers draw their placeholders', () => {
    let preview = show({
      components: [{ type: 'HEADER', format: 'DOCUMENT', example: { header_handle: ['https://example.com/files/invoice%20may.pdf'] } }, body('Invoice')],
    });
    expect(text(preview.querySelector('.ptp-doc'))).to.equal('invoice may.pdf');
    preview = show({ components: [{ type: 'HEADER', format: 'VIDEO' }, body('Watch')] });
    expect(preview.querySelector('.ptp-media[data-format="VIDEO"] [aria-label="Video"]')).to.not.equal(null);
  });

  it('limited-time offer: the banner with its text, clock and the code, then the body and buttons', () => {
    const preview = show({
      components: [
        { type: 'LIMITED_TIME_OFFER', limited_time_offer: { text: 'Diwali sale', has_expiration: true } },
        body('Get *20%* off'),
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'COPY_CODE', example: 'DIWALI20' },
            { type: 'URL', text: 'Shop now', url: 'https://example.com/shop' },
          ],
        },
      ],
      offerExpiresAt: '2030-11-01T12:00:00Z',
    });
    expect(preview.dataset.kind).to.equal('LIMITED_TIME_OFFER');
    const offer = preview.querySelector('.ptp-offer')!;
    expect(text(offer.querySelector('.ptp-offer-title'))).to.equal('Diwali sale');
    expect(offer.querySelector('.ptp-offer-clock svg')).to.not.equal(null);
    expect(text(offer.querySelector('.ptp-offer-code code'))).to.equal('DIWALI20');
    expect(text(offer.querySelector('.ptp-offer-expiry'))).to.match(/^Ends .*(Nov 1\b|1 Nov)/);
    expect(text(preview.querySelector('.ptp-body strong'))).to.equal('20%');
    expect(all(preview, '.ptp-button').map(text)).to.deep.equal(['Copy offer code', 'Shop now']);
  });

  it("writes the offer's end in the locale of the page it is shown in", () => {
    const components: TemplateComponent[] = [{ type: 'LIMITED_TIME_OFFER', limited_time_offer: { text: 'Sale', has_expiration: true } }, body('Hi')];
    const expiry = (lang: string) => {
      host.lang = lang;
      const preview = createElement(TemplatePreview, { components, offerExpiresAt: '2030-11-01T12:00:00Z' });
      flushSync(() => root.render(createElement(ElementRoot, { container: host, children: preview })));
      return text(host.querySelector('.ptp-offer-expiry'));
    };
    expect(expiry('en-GB')).to.match(/^Ends 1 Nov, \d{2}:\d{2}$/);
    expect(expiry('en-US')).to.match(/^Ends Nov 1, \d{2}:\d{2}\s[AP]M$/);
  });

  it('carousel: the body bubble, then every card with its media, body and buttons in a sideways row', () => {
    const card = (n: number): Extract<TemplateComponent, { type: 'CAROUSEL' }>['cards'][number] => ({
      components: [
        { type: 'HEADER', format: 'IMAGE', example: { header_handle: [`https://example.com/card${n}.png`] } },
        { type: 'BODY', text: `Card ${n}: *{{1}}*`, example: { body_text: [[`Item ${n}`]] } },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'QUICK_REPLY', text: `Buy ${n}` },
            { type: 'URL', text: 'More', url: 'https://example.com' },
          ],
        },
      ],
    });
    const preview = show({
      components: [body('Pick one, {{1}}', ['Ana']), { type: 'CAROUSEL', cards: [card(1), card(2), card(3)] }],
      cardMediaUrls: [undefined, 'https://example.com/picked.png'],
      values: { cards: [undefined, undefined, { body: { '1': 'Chosen' } }] },
    });
    expect(preview.dataset.kind).to.equal('CAROUSEL');
    expect(text(preview.querySelector('.ptp-bubble .ptp-body'))).to.equal('Pick one, Ana');
    const cards = all(preview, '.ptp-card');
    expect(cards.map((c) => c.getAttribute('aria-label'))).to.deep.equal(['Card 1', 'Card 2', 'Card 3']);
    expect(cards.map((c) => c.querySelector('img')!.getAttribute('src'))).to.deep.equal([
      'https://example.com/card1.png',
      'https://example.com/picked.png',
      'https://example.com/card3.png',
    ]);
    expect(cards.map((c) => text(c.querySelector('.ptp-body')))).to.deep.equal(['Card 1: Item 1', 'Card 2: Item 2', 'Card 3: Chosen']);
    expect(cards.map((c) => all(c, '.ptp-button').map(text))).to.deep.equal([
      ['Buy 1', 'More'],
      ['Buy 2', 'More'],
      ['Buy 3', 'More'],
    ]);
    const row = preview.querySelector<HTMLElement>('.ptp-cards')!;
    expect(getComputedStyle(row).overflowX).to.equal('auto');
    expect(row.scrollWidth).to.be.greaterThan(row.clientWidth);
  });
});

describe('TemplatePreview variables', () => {
  it('fills {{n}} from values, then from examples, and marks what neither fills', () => {
    const components: TemplateComponent[] = [
      { type: 'HEADER', format: 'TEXT', text: 'Hello {{1}}', example: { header_text: ['there'] } },
      body('Order {{1}} ships on {{2}} to {{3}}', ['#100', 'Monday']),
    ];
    let preview = show({ components });
    expect(text(preview.querySelector('.ptp-header-text'))).to.equal('Hello there');
    expect(text(preview.querySelector('.ptp-body'))).to.equal('Order #100 ships on Monday to {{3}}');
    expect(text(preview.querySelector('.ptp-body .ptp-var'))).to.equal('{{3}}');

    preview = show({ components, values: { header: { '1': 'Ana' }, body: { '1': '#777', '3': 'Pune' } } });
    expect(text(preview.querySelector('.ptp-header-text'))).to.equal('Hello Ana');
    expect(text(preview.querySelector('.ptp-body'))).to.equal('Order #777 ships on Monday to Pune');
    expect(preview.querySelector('.ptp-var')).to.equal(null);
  });

  it('a value is formatted like the rest of the message, and cannot bring markup', () => {
    const preview = show({ components: [body('Hi {{1}}')], values: { body: { '1': '*VIP* <img src=z onerror=alert(1)>' } } });
    expect(text(preview.querySelector('.ptp-body strong'))).to.equal('VIP');
    expect(preview.querySelector('img')).to.equal(null);
  });
});
