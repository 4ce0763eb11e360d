import type { ChatDetail, ChatSummary } from '@parley/sdk/contract/chats';
import { API_BASE, until } from '../test-support/demo-session.js';
import { dialogNotToast } from '../test-support/toasts.js';
import { text } from '../test-support/ui.js';

/** What the live-chat tests share: the agent's token, the sandbox customer's voice, and readers of the element. */
export const AGENT = 'agent@parley.dev';

let token = '';
export const useToken = (t: string) => (token = t);

export async function api<T>(method: string, path: string, body?: Record<string, string>): Promise<T> {
  const res = await fetch(`${API_BASE}/${path}`, {
    method,
    headers: { 'authentication-token': token },
    ...(body ? { body: new URLSearchParams(body) } : {}),
  });
  const envelope = (await res.json()) as { status: boolean; message: string; data: T };
  if (!envelope.status) throw new Error(`${method} ${path}: ${envelope.message}`);
  return envelope.data;
}

/** A WhatsApp customer of the demo's sandbox number writes, through the signed webhook a vendor posts. */
export async function customerWrites(customer: { waId: string; name: string }, message: string) {
  const res = await fetch('/sandbox/phone/api/text', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...customer, text: message }),
  });
  if (!res.ok) throw new Error(`the sandbox phone refused: ${await res.text()}`);
}

/** The agent's chat with this customer once the server has it in the given section. */
export const chatOf = (number: string, bucket: string) =>
  until(
    async () => (await api<ChatSummary[]>('GET', 'e/enterprise/chat/summary')).find((c) => c.customerNumber === number && c.bucket === bucket),
    `the chat of ${number} in ${bucket}`,
    10_000,
  );

export const chatDetail = (id: string) => api<ChatDetail>('GET', `e/enterprise/chat/${id}`);

const mounted: HTMLElement[] = [];

export function mount(attributes: Record<string, string> = {}) {
  const frame = document.createElement('div');
  frame.style.height = '760px';
  const el = document.createElement('parley-live-chat');
  for (const [k, v] of Object.entries({ 'api-base': API_BASE, token, ...attributes })) el.setAttribute(k, v);
  frame.append(el);
  document.body.append(frame);
  mounted.push(frame);
  return el;
}

export function unmountAll() {
  for (const f of mounted.splice(0)) f.remove();
}

export const tab = (el: Element, label: string) => [...el.querySelectorAll<HTMLButtonElement>('.plc-tab')].find((b) => text(b).startsWith(label)) ?? null;
export const row = (el: Element, name: string) =>
  [...el.querySelectorAll<HTMLElement>('[role=option]')].find((r) => text(r.querySelector('.plc-row-name')) === name) ?? null;
export const button = (root: ParentNode, label: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => text(b) === label || b.getAttribute('aria-label') === label) ?? null;
export const bubbles = (el: Element) => [...el.querySelectorAll<HTMLElement>('[role=log] .plc-message')];
export const dialog = () => dialogNotToast();

/** A real PNG drawn on a canvas, put in the attachment library as an admin would (agents may choose, not upload). */
export async function uploadPicture(adminToken: string, name: string) {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 64;
  canvas.getContext('2d')!.fillRect(0, 0, 64, 64);
  const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/png'));
  const form = new FormData();
  form.append('isPublic', 'true');
  form.append('file', new File([blob], name, { type: 'image/png' }));
  const res = await fetch(`${API_BASE}/e/drive/upload`, { method: 'POST', headers: { 'authentication-token': adminToken }, body: form });
  const reply = (await res.json()) as { status: boolean; message: string };
  if (!reply.status) throw new Error(`upload: ${reply.message}`);
}
