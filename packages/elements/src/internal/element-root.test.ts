import { expect } from '@esm-bundle/chai';
import '../parley-nlp-report/define.js';
import '../parley-customer-picker/define.js';
import { API_BASE, signIn, until } from '../test-support/demo-session.js';
import { toastKind, toasts } from '../test-support/toasts.js';
import { text } from '../test-support/ui.js';
import { localeOf } from './element-locale.js';
import { showToast } from './toasts.js';

// One locale and one toast stack per page (issue 39): an element speaks the `lang` it is given, else its page's, and
// every element's toasts land in a single stack.

let mounted: HTMLElement[] = [];

function mount(tag: string, attributes: Record<string, string>, parent: HTMLElement = document.body) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  parent.append(el);
  mounted.push(el);
  return el;
}

afterEach(() => {
  for (const el of mounted) el.remove();
  mounted = [];
});

/** The Start Date field's segments as a user meets them, in order: 'month day year …' or 'day month year …'. */
async function startDate(el: HTMLElement): Promise<string> {
  const group = await until(
    () => {
      const id = [...el.querySelectorAll('label, span')].find((l) => text(l) === 'Start Date')?.id;
      return [...el.querySelectorAll('[role="group"]')].find((g) => id && (g.getAttribute('aria-labelledby') ?? '').split(' ').includes(id));
    },
    'the Start Date field',
    10_000,
  );
  return [...group.querySelectorAll('[role="spinbutton"]')].map((s) => /^(\w+)/.exec(s.getAttribute('aria-label') ?? '')?.[1]?.toLowerCase()).join(' ');
}

describe('the element root', function () {
  this.timeout(30_000);

  it("shows a date field in the order of the element's lang: month first in en-US, day first in en-GB", async () => {
    const token = await signIn();
    const us = mount('parley-nlp-report', { 'api-base': API_BASE, token, lang: 'en-US' });
    const gb = mount('parley-nlp-report', { 'api-base': API_BASE, token, lang: 'en-GB' });
    expect(await startDate(us)).to.match(/^month day year/);
    expect(await startDate(gb)).to.match(/^day month year/);
  });

  it('takes the nearest lang up the page when the element has none, and follows it when it changes', async () => {
    const section = document.createElement('section');
    section.lang = 'en-GB';
    document.body.append(section);
    try {
      const el = mount('parley-nlp-report', { 'api-base': API_BASE, token: await signIn() }, section);
      expect(await startDate(el)).to.match(/^day month year/);
      section.lang = 'en-US';
      await until(async () => /^month day year/.test(await startDate(el)), 'the field to follow the new lang');
    } finally {
      section.remove();
    }
  });

  it('falls back to the browser language for an empty or malformed lang', () => {
    const el = document.createElement('div');
    el.lang = 'not a language!';
    expect(localeOf(el)).to.equal(Intl.getCanonicalLocales(navigator.language)[0]);
    el.lang = '';
    expect(localeOf(el)).to.equal(Intl.getCanonicalLocales(navigator.language)[0]);
  });

  it("shows every element's toasts in one stack, a repeated message once", async () => {
    mount('parley-customer-picker', { 'api-base': API_BASE });
    mount('parley-customer-picker', { 'api-base': API_BASE });
    showToast('Saved it', 'success');
    showToast('Saved it', 'success');
    showToast('Could not save', 'error');
    await until(() => toasts().length === 2, 'two toasts');
    const stacks = new Set([...document.querySelectorAll('[role="alertdialog"]')].map((t) => t.closest('[role="region"]')));
    expect(stacks.size, 'one stack').to.equal(1);
    expect([...stacks][0], 'a region').to.not.equal(null);
    expect(toasts()).to.have.members(['Saved it', 'Could not save']);
    expect(toastKind('Saved it')).to.equal('Success');
    expect(toastKind('Could not save')).to.equal('Error');
  });
});
