import { until as untilOnly } from '../../test-support/demo-session.js';
import { click } from '../../test-support/ui.js';

// What the configuration tests read and do on the whole page: the designer's pickers and dialogs are portalled to the
// body, so these look at the document rather than inside the element.

/** Words as a user reads them: whitespace collapsed, Spectrum's zero-width padding gone. */
export const norm = (s: string | null | undefined) =>
  (s ?? '')
    .replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Everything the page shows, as words. */
export const pageText = () => norm(document.body.innerText);

/** Waits like `until`, and on a timeout says what the page showed. */
export async function until<T>(check: () => T | Promise<T>, what: string, timeoutMs = 6000): Promise<NonNullable<T>> {
  try {
    return await untilOnly(check, what, timeoutMs);
  } catch (e) {
    throw new Error(`${(e as Error).message}; the page showed: ${pageText().slice(0, 1500)}`);
  }
}

/** The control a visible label names: a text field's input, a picker's button. */
export function field(label: string): HTMLElement | null {
  const candidates = [...document.querySelectorAll<HTMLElement>('label[id], span[id]')].filter((l) => norm(l.textContent) === label);
  for (const l of candidates) {
    if (l instanceof HTMLLabelElement && l.htmlFor) {
      const target = document.getElementById(l.htmlFor);
      if (target && !(target instanceof HTMLSelectElement)) return target;
    }
    const labelled = document.querySelector<HTMLElement>(
      `button[aria-labelledby~="${l.id}"], input[aria-labelledby~="${l.id}"], textarea[aria-labelledby~="${l.id}"]`,
    );
    if (labelled) return labelled;
  }
  return null;
}

export const button = (name: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => norm(b.textContent) === name || b.getAttribute('aria-label') === name) ?? null;

export async function clickButton(name: string) {
  await click(await until(() => button(name), `button ${name}`));
}

/** Opens the picker the label names, picks `option`, and waits until the picker shows it. */
export async function choose(pickerLabel: string, option: string) {
  await click(await until(() => field(pickerLabel), `picker ${pickerLabel}`));
  await click(await until(() => [...document.querySelectorAll('[role=option]')].find((o) => norm(o.textContent) === option), `option ${option}`));
  await until(() => norm(field(pickerLabel)?.textContent).includes(option), `${pickerLabel} shows ${option}`);
}
