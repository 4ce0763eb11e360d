import { useEffect, useRef, type RefObject } from 'react';

/**
 * The elements others embed, defined on first use rather than imported by the embedding element: a page with only
 * the broadcast sender does not download the picker's and the attachment dialog's code before the sender shows.
 */
const DEFINE_ON_USE: Readonly<Record<string, () => Promise<unknown>>> = {
  'parley-attachment-dialog': () => import('../parley-attachment-dialog/define.js'),
  'parley-customer-picker': () => import('../parley-customer-picker/define.js'),
};

/**
 * An embedded Parley element (the attachment dialog, the customer picker), kept on the document body while this
 * component is mounted, with its attributes and event handlers. It lives outside React's tree: a React element of its
 * own, removed during this one's commit, would unmount its root synchronously mid-render (React warns of a race), so
 * it is removed a task later. Its events bubble and are composed; each is stopped at the child, so the host of this
 * element never takes the dialog's `parley-close` for this element's own.
 */
export function useChildElement(
  tag: string,
  attributes: Readonly<Record<string, string>>,
  handlers: Readonly<Record<string, (detail: unknown) => void>>,
  enabled = true,
): RefObject<HTMLElement | null> {
  const ref = useRef<HTMLElement | null>(null);
  const latest = useRef(handlers);
  latest.current = handlers;
  const names = Object.keys(handlers).join(' ');

  useEffect(() => {
    if (!enabled) return;
    // Until its code arrives the node is an undefined element; attributes set meanwhile (`open`) apply on upgrade.
    if (!customElements.get(tag)) void DEFINE_ON_USE[tag]?.();
    const node = document.createElement(tag);
    const listeners = names.split(' ').map((type) => {
      const listener = (e: Event) => {
        e.stopPropagation();
        latest.current[type]?.((e as CustomEvent).detail);
      };
      node.addEventListener(type, listener);
      return () => node.removeEventListener(type, listener);
    });
    document.body.append(node);
    ref.current = node;
    return () => {
      listeners.forEach((stop) => stop());
      ref.current = null;
      setTimeout(() => node.remove());
    };
  }, [tag, names, enabled]);

  const attributeText = JSON.stringify(attributes);
  useEffect(() => {
    for (const [name, value] of Object.entries(attributes)) ref.current?.setAttribute(name, value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- compared by their text: an equal object made again by the next render must not set them again.
  }, [attributeText, tag, names, enabled]);

  return ref;
}
