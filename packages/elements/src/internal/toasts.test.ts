import { expect } from '@esm-bundle/chai';
import { sendMouse } from '@web/test-runner-commands';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { until } from '../test-support/demo-session.js';
import { toasts } from '../test-support/toasts.js';
import { ElementRoot } from './element-root.js';
import { closeAllToasts, showToast } from './toasts.js';

// Known issue until now: Spectrum slid toasts in and out inside a view transition, and a click anywhere on the page
// in those ~300 ms was lost. A quick user clicks the next thing at once, so the test does not wait for toasts to settle.

let root: Root;
let host: HTMLElement;
let button: HTMLButtonElement;
let pressed = 0;

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  flushSync(() => root.render(createElement(ElementRoot, { container: host, children: null })));
  button = document.createElement('button');
  button.textContent = 'Next step';
  button.style.cssText = 'position: fixed; top: 20px; left: 20px; width: 120px; height: 40px';
  document.body.append(button);
  pressed = 0;
  button.addEventListener('click', () => (pressed += 1));
});

afterEach(() => {
  root.unmount();
  host.remove();
  button.remove();
});

/** A real mouse click on the button, as a user's: sent at once, not after any toast has settled. */
async function clickButton() {
  const r = button.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
}

describe('toasts and the page under them', function () {
  this.timeout(20_000);

  it('lets a click through while a toast slides in', async () => {
    for (let round = 1; round <= 5; round += 1) {
      showToast(`Saved ${round}`, 'success');
      await clickButton();
      expect(pressed, `click ${round} reached the button`).to.equal(round);
    }
    await until(() => toasts().length === 5, 'the five toasts');
  });

  it('lets a click through while a toast slides out', async () => {
    for (let round = 1; round <= 5; round += 1) {
      showToast(`Saved ${round}`, 'success');
      await until(() => toasts().includes(`Saved ${round}`), 'the toast');
      closeAllToasts();
      await clickButton();
      expect(pressed, `click ${round} reached the button`).to.equal(round);
    }
  });

  it("leaves the page's own view transitions to the browser", async () => {
    showToast('Saved', 'success');
    await until(() => toasts().includes('Saved'), 'the toast');
    const transition = document.startViewTransition(() => undefined);
    const active = (document as Document & { activeViewTransition?: ViewTransition | null }).activeViewTransition;
    expect(active, "the page's transition runs").to.equal(transition);
    await transition.finished;
  });
});
