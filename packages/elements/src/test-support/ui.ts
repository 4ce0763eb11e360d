import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { until } from './demo-session.js';

/** What a user reads in a node: its text with whitespace collapsed (Spectrum pads some labels with zero-width spaces). */
export const text = (node: Element | null | undefined) =>
  node?.textContent
    ?.replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim() ?? '';

/** A text field by its aria-label, or its visible label (Spectrum links the label with `for`). */
export function field(root: ParentNode, label: string): HTMLInputElement | HTMLTextAreaElement | null {
  const named = root.querySelector<HTMLInputElement | HTMLTextAreaElement>(`input[aria-label="${label}"], textarea[aria-label="${label}"]`);
  if (named) return named;
  const tag = [...root.querySelectorAll('label')].find((l) => text(l).replace(/[*\s]+$/, '') === label);
  const found = tag?.htmlFor ? document.getElementById(tag.htmlFor) : null;
  return found instanceof HTMLInputElement || found instanceof HTMLTextAreaElement ? found : null;
}

const frame = () => new Promise((r) => requestAnimationFrame(r));

/** A box around `el` is still easing in (a dialog's enter transition); endless ones (spinners) do not count. */
const easing = (el: Element) =>
  document.getAnimations().some((a) => {
    const effect = a.effect as KeyframeEffect | null;
    return a.playState === 'running' && effect?.getTiming().iterations !== Infinity && !!effect?.target?.contains(el);
  });

/** Waits (four seconds at most) until `el` stands still: pages shift as data arrives, overlays slide in. */
async function still(el: Element): Promise<DOMRect> {
  const end = Date.now() + 4000;
  for (let last = ''; Date.now() < end;) {
    await frame();
    const now = JSON.stringify(el.getBoundingClientRect());
    if (now === last && !easing(el)) break;
    last = now;
  }
  return el.getBoundingClientRect();
}

const TOAST = '[class*="ToastContainer"], [role=alertdialog][aria-modal=false]';

/** Waits until nothing of a toast lies over `point`, as a user waits for a toast to go before clicking under it. */
async function uncovered(el: Element, point: [number, number]) {
  if (el.closest(TOAST)) return;
  const covered = () => document.elementFromPoint(...point)?.closest(TOAST) ?? null;
  await until(() => !covered(), `a toast to uncover ${text(el) || el.getAttribute('aria-label') || el.tagName}`, 8000);
}

/**
 * A real mouse click in the middle of the element, as a user clicks: aimed once it stands still and no toast lies
 * over it. `hold` presses and releases a moment apart, for a button in a Spectrum table cell, which takes focus from
 * its cell on the press and loses a press released at once; elsewhere the release comes at once, so a menu opening
 * under the pointer does not take the release as a choice. (No click is made again: toasts come and go without a
 * view transition, see internal/toasts.ts, so a lost click is a defect to see, not to retry.)
 */
export async function click(target: Element, { hold = false } = {}) {
  target.scrollIntoView({ block: 'center' });
  const r = await still(target);
  const at: [number, number] = [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];
  await uncovered(target, at);
  if (!hold) return sendMouse({ type: 'click', position: at });
  await sendMouse({ type: 'move', position: at });
  await sendMouse({ type: 'down' });
  await new Promise((resolve) => setTimeout(resolve, 50));
  await sendMouse({ type: 'up' });
}

/** Clicks into a field, selects what it holds and types over it. */
export async function typeInto(input: HTMLElement, value: string) {
  await click(input);
  if (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) input.select();
  else {
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'a' });
    await sendKeys({ up: 'Control' });
  }
  if (value) await sendKeys({ type: value });
  else await sendKeys({ press: 'Backspace' });
}

/** Waits until an overlay has finished moving in (Spectrum animates it), for a test that reads where it stands. */
export async function steady<T extends Element>(node: T): Promise<T> {
  await still(node);
  return node;
}
