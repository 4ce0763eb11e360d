import { expect } from '@esm-bundle/chai';
import { API_BASE, until } from '../../test-support/demo-session.js';
import { cellsOf, columnHeaders, dataRows, gridIn, nameOf } from '../../test-support/grid.js';
import { text } from '../../test-support/ui.js';
export { toasts } from '../../test-support/toasts.js';

// What the customer-master tests share: the API as a test's own setup uses it, the mounted element, and what a user
// reads on it. Tests share one server, so every name they create is unique.

let token = '';
let mounted: HTMLElement[] = [];
export const useToken = (t: string) => (token = t);

/** Tests read replies of many shapes (the eslint rule is off for *.test.ts for the same reason). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = any;

export async function api(method: string, path: string, json?: unknown): Promise<{ status: boolean; message: string; errors?: unknown; data: Data }> {
  const headers: Record<string, string> = { 'authentication-token': token };
  if (json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${API_BASE}/${path}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
  return res.json();
}

/** Calls that must succeed: their `data`. */
export async function ok(method: string, path: string, json?: unknown): Promise<Data> {
  const reply = await api(method, path, json);
  expect(reply.status, `${method} ${path}: ${reply.message} ${JSON.stringify(reply.errors ?? '')}`).to.equal(true);
  return reply.data;
}

export const unique = () => Math.random().toString(36).slice(2, 8);
/** A valid Indian mobile number no other test uses. */
export const phone = () => `+919${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

export const createSegment = async (name: string) => (await ok('POST', 'customer/tag', { name })).tag as { id: string; name: string };
export const createGroup = async (name: string) => (await ok('POST', 'customer/group', { name })).group as { id: string; name: string };
export const createCustomer = async (body: Record<string, unknown>) =>
  (await ok('POST', 'customer/customer', { phoneNumber: phone(), ...body })).customer as { id: string; name: string; phoneNumber: string };

/** A custom field; moved first so it is among the list's (capped) header columns whatever other tests defined. */
export async function createDefinition(fields: Record<string, unknown>): Promise<{ _id: string; fieldLabel: string }> {
  const saved = (await ok('POST', 'customer/definition', { inputType: 'alphanumeric', fieldType: 'text', mandatory: false, search: false, ...fields }))
    .inputFieldDefinition;
  const all = (await ok('GET', 'customer/definitions')).inputFieldDefinitions as { _id: string; builtIn: boolean }[];
  const at = all.filter((d) => !d.builtIn).findIndex((d) => d._id === saved._id);
  if (at > 0) await ok('POST', 'customer/definition/reorder', { fromIndex: at, toIndex: 0 });
  return saved;
}
export const deleteDefinition = (id: string) => api('DELETE', `customer/definitions/${id}`);

/** Mounts the element standalone (it moves itself on navigation) and records the paths it announces. */
export function mount(view: string) {
  const el = document.createElement('parley-customer-master');
  el.setAttribute('api-base', API_BASE);
  el.setAttribute('token', token);
  el.setAttribute('view', view);
  const paths: string[] = [];
  el.addEventListener('parley-navigate', (e) => paths.push((e as CustomEvent<{ path: string }>).detail.path));
  document.body.append(el);
  mounted.push(el);
  return { el, paths };
}
export function unmountAll() {
  for (const el of mounted) el.remove();
  mounted = [];
}

export const buttonIn = (root: ParentNode, label: string) =>
  [...root.querySelectorAll('button')].find((b) => text(b) === label || b.getAttribute('aria-label') === label) as HTMLButtonElement | undefined;
export const waitButton = (root: ParentNode, label: string) => until(() => buttonIn(root, label), `button ${label}`);
export const isDisabled = (b: HTMLButtonElement | undefined) => !b || b.disabled;
/** The open pop-up. A toast is an alertdialog too, in the page's notifications region: not a pop-up. */
export const dialog = () =>
  [...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')].find((d) => !d.closest('[role="region"]')) ?? null;
/** The customer table (a grid). */
export const customerGrid = (el: HTMLElement) => gridIn(el, 'Customers');
/** The table's rows as a user reads them: each cell's text (the check box's cell first, when there is one). */
export const rows = (el: HTMLElement) => dataRows(customerGrid(el)).map(cellsOf);
export const headerTexts = (el: HTMLElement) => columnHeaders(customerGrid(el));
/** The Segments panel: name and count of each segment, and which one is highlighted ('All customers' apart). */
export const segmentEntries = (el: HTMLElement) => [...el.querySelectorAll<HTMLButtonElement>('.pcm-cu-segment:not(.pcm-cu-all)')].map(entryOf);
/** The panel's 'All customers' entry. */
export const allCustomersEntry = (el: HTMLElement) => {
  const b = el.querySelector<HTMLButtonElement>('.pcm-cu-segment.pcm-cu-all');
  return b ? entryOf(b) : undefined;
};
const entryOf = (b: HTMLButtonElement) => ({
  button: b,
  name: text(b.querySelector('.pcm-cu-segment-name')),
  count: text(b.querySelector('.pcm-cu-count')),
  selected: b.getAttribute('aria-current') === 'true',
});
export const segmentNamed = (el: HTMLElement, name: string) => segmentEntries(el).find((s) => s.name === name);
/** A checkbox input by its name (its aria-label, its labelling elements or its visible label) inside `root`. */
export function checkbox(root: ParentNode, label: string): HTMLInputElement | undefined {
  return [...root.querySelectorAll<HTMLInputElement>('input[type=checkbox]')].find((i) => nameOf(i) === label || text(i.closest('label')) === label);
}
