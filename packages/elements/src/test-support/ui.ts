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

/** A real mouse click in the middle of the element, as a user clicks. */
export async function click(target: Element) {
  target.scrollIntoView({ block: 'center' });
  const r = target.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
}

/** Clicks into a field, selects what it holds and types over it. */
export async function typeInto(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  await click(input);
  input.select();
  if (value) await sendKeys({ type: value });
  else await sendKeys({ press: 'Backspace' });
}

/** Waits until an overlay has finished moving in (Spectrum animates it), so a click lands where it is aimed. */
export async function steady<T extends Element>(node: T): Promise<T> {
  let last = '';
  await until(async () => {
    await new Promise((r) => requestAnimationFrame(r));
    const r = node.getBoundingClientRect();
    const now = `${r.left},${r.top},${r.width},${r.height}`;
    const same = now === last;
    last = now;
    return same;
  }, 'the overlay to settle');
  return node;
}
