import { expect } from '@esm-bundle/chai';
import '../parley-try-it/define.js';
import '../parley-customer-master/define.js';
import '../parley-agent-designer/define.js';
import { API_BASE, signIn, until } from '../test-support/demo-session.js';
import { text } from '../test-support/ui.js';

// One token vocabulary (issue 39): a partner page sets `--parley-primary` on an element, as README and examples do,
// and the Lit element's button and a Spectrum element's accent button both take it. A page that loads no tokens.css
// still gets the defaults, which the elements add at zero specificity: a partner's rule on :root beats them wherever
// it comes in the page.

const PARTNER = '#b83227';
const PARTNER_RGB = 'rgb(184, 50, 39)';
/** tokens.css's --parley-primary, #3b5bdb. */
const DEFAULT_RGB = 'rgb(59, 91, 219)';
let mounted: HTMLElement[] = [];
let pageStyles: HTMLStyleElement[] = [];

function mount(tag: string, attributes: Record<string, string>, themed = true) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  if (themed) el.style.setProperty('--parley-primary', PARTNER);
  document.body.append(el);
  mounted.push(el);
  return el;
}

afterEach(() => {
  for (const el of mounted) el.remove();
  for (const style of pageStyles) style.remove();
  mounted = [];
  pageStyles = [];
});

const sendButton = (el: HTMLElement) => until(() => el.shadowRoot?.querySelector<HTMLElement>('[part="send"]'), 'the send button');

describe('theming by the --parley-* tokens', function () {
  this.timeout(30_000);

  it("colours <parley-try-it>'s send button with the page's --parley-primary", async () => {
    const el = mount('parley-try-it', { 'api-base': API_BASE, 'agent-id': 'any' });
    expect(getComputedStyle(await sendButton(el)).backgroundColor).to.equal(PARTNER_RGB);
  });

  it("colours a Spectrum element's accent button (the customer master's Add Customer) the same way", async () => {
    const el = mount('parley-customer-master', { 'api-base': API_BASE, token: await signIn(), view: 'customers' });
    const add = await until(() => [...el.querySelectorAll<HTMLElement>('button')].find((b) => text(b) === 'Add Customer'), 'Add Customer', 10_000);
    expect(getComputedStyle(add).backgroundColor).to.equal(PARTNER_RGB);
  });

  it("colours the designer's accent button (Create New Agent) the same way", async () => {
    const el = mount('parley-agent-designer', { 'api-base': API_BASE, token: await signIn() });
    const create = await until(() => [...el.querySelectorAll<HTMLElement>('button')].find((b) => text(b) === 'Create New Agent'), 'Create New Agent', 10_000);
    expect(getComputedStyle(create).backgroundColor).to.equal(PARTNER_RGB);
  });

  it('shows the default primary on a page that loads no tokens.css, which a partner rule on :root overrides', async () => {
    // The page of this test never links tokens.css; the elements before may have added the defaults, so start bare.
    document.getElementById('parley-default-tokens')?.remove();
    expect(getComputedStyle(document.documentElement).getPropertyValue('--parley-primary')).to.equal('');

    const el = mount('parley-try-it', { 'api-base': API_BASE, 'agent-id': 'any' }, false);
    const send = await sendButton(el);
    expect(getComputedStyle(send).backgroundColor).to.equal(DEFAULT_RGB);
    expect(document.querySelectorAll('#parley-default-tokens')).to.have.length(1);

    // A partner stylesheet placed before the defaults still wins: they are `:where(:root)`, of no specificity.
    const partner = document.createElement('style');
    partner.textContent = `:root { --parley-primary: ${PARTNER}; }`;
    document.head.prepend(partner);
    pageStyles.push(partner);
    expect(getComputedStyle(send).backgroundColor).to.equal(PARTNER_RGB);
  });
});
