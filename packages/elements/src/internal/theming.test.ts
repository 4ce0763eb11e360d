import { expect } from '@esm-bundle/chai';
import '../parley-try-it/define.js';
import '../parley-customer-master/define.js';
import { API_BASE, signIn, until } from '../test-support/demo-session.js';
import { text } from '../test-support/ui.js';

// One token vocabulary (issue 39): a partner page sets `--parley-primary` on an element, as README and examples do,
// and the Lit element's button and a Spectrum element's accent button both take it.

const PARTNER = '#b83227';
const PARTNER_RGB = 'rgb(184, 50, 39)';
let mounted: HTMLElement[] = [];

function mount(tag: string, attributes: Record<string, string>) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  el.style.setProperty('--parley-primary', PARTNER);
  document.body.append(el);
  mounted.push(el);
  return el;
}

afterEach(() => {
  for (const el of mounted) el.remove();
  mounted = [];
});

describe('theming by the --parley-* tokens', function () {
  this.timeout(30_000);

  it("colours <parley-try-it>'s send button with the page's --parley-primary", async () => {
    const el = mount('parley-try-it', { 'api-base': API_BASE, 'agent-id': 'any' });
    const send = await until(() => el.shadowRoot?.querySelector<HTMLElement>('[part="send"]'), 'the send button');
    expect(getComputedStyle(send).backgroundColor).to.equal(PARTNER_RGB);
  });

  it("colours a Spectrum element's accent button (the customer master's Add Customer) the same way", async () => {
    const el = mount('parley-customer-master', { 'api-base': API_BASE, token: await signIn(), view: 'customers' });
    const add = await until(() => [...el.querySelectorAll<HTMLElement>('button')].find((b) => text(b) === 'Add Customer'), 'Add Customer', 10_000);
    expect(getComputedStyle(add).backgroundColor).to.equal(PARTNER_RGB);
  });
});
