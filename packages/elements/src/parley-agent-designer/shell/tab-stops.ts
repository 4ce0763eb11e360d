const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** The elements Tab visits inside `root`, in order, looking into open shadow roots (the chat element keeps its input in one). */
export function tabStops(root: Element | ShadowRoot): HTMLElement[] {
  const stops: HTMLElement[] = [];
  for (const el of root.querySelectorAll<HTMLElement>('*')) {
    if (el.matches(FOCUSABLE) && el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0) stops.push(el);
    if (el.shadowRoot) stops.push(...tabStops(el.shadowRoot));
  }
  return stops;
}

/** The focused element, looking through shadow roots. */
export function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/**
 * Keeps Tab and Shift+Tab cycling inside a modal panel. A modal <dialog> makes the page behind it inert, but Tab past
 * its last control still leaves for the browser's own UI: here it comes back to the first.
 */
export function wrapTab(event: KeyboardEvent | { key: string; shiftKey: boolean; preventDefault(): void }, root: Element) {
  if (event.key !== 'Tab') return;
  const stops = tabStops(root);
  if (!stops.length) return;
  const at = stops.indexOf(deepActiveElement() as HTMLElement);
  if (!event.shiftKey && at === stops.length - 1) {
    event.preventDefault();
    stops[0]!.focus();
  } else if (event.shiftKey && at <= 0) {
    event.preventDefault();
    stops.at(-1)!.focus();
  }
}
