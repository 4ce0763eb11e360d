// The sandbox's customer phone: plays a WhatsApp customer of a sandbox number through /sandbox/phone/api. Every
// string from the server is set as text, never as markup: the business's messages are whatever its agents typed.
const API = '/sandbox/phone/api';
const POLL_MS = 1000;
const STORE_KEY = 'parley.sandbox-phone';

const $ = (id) => document.getElementById(id);
const form = { business: $('business'), customer: $('customer'), name: $('name') };
const list = $('messages');
const scroller = $('scroller');
const text = $('text');
const file = $('file');

/** The open conversation: who plays the customer, its messages by id, and the poll's cursor. */
let chat = null;
/** The sandbox numbers the server suggests: {phoneNumberId, name, number?}. */
let businesses = [];

const TICKS = {
  accepted: { glyph: null, label: 'Accepted' },
  sent: { glyph: '✓', label: 'Sent' },
  delivered: { glyph: '✓✓', label: 'Delivered' },
  read: { glyph: '✓✓', label: 'Read' },
  failed: { glyph: '!', label: 'Failed' },
};

/** Icons as paths: emoji fonts are not everywhere (a server's headless browser has none). */
const ICONS = {
  clock: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm-1 3v6l5 3 1-1.7-4-2.3V7z',
  document: 'M6 2h8l6 6v14H6zm7 1.5V9h5.5zM8 12v1.5h8V12zm0 3v1.5h8V15zm0 3v1.5h5V18z',
  link: 'M10.6 13.4a1 1 0 0 0 1.4 0l4-4a3 3 0 0 0-4.2-4.2l-1.5 1.5 1.4 1.4 1.5-1.5a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 0 0 1.4zm2.8-2.8a1 1 0 0 0-1.4 0l-4 4a3 3 0 0 0 4.2 4.2l1.5-1.5-1.4-1.4-1.5 1.5a1 1 0 1 1-1.4-1.4l4-4a1 1 0 0 0 0-1.4z',
  pin: 'M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z',
};

function icon(name) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.classList.add('icon');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', ICONS[name]);
  svg.append(path);
  return svg;
}

function el(tag, className, content) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (content !== undefined) node.textContent = content;
  return node;
}

const digits = (value) => value.replace(/[\s()+-]/g, '');
const time = (iso) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

async function api(path, init) {
  const res = await fetch(API + path, init);
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(body.error || `The sandbox answered ${res.status}`);
  return body;
}

function showError(message) {
  $('error').textContent = message || '';
}

/** Same-origin media are drawn; a link elsewhere stays a link (the page loads nothing from other hosts). */
function mediaNode(media) {
  const label = media.filename || (media.kind === 'image' ? 'Image' : media.kind === 'document' ? 'Document' : media.kind);
  if (!media.url) return el('p', 'media-missing', `${label} (not kept by the sandbox)`);
  const url = new URL(media.url, location.href);
  if (media.kind === 'image' && url.origin === location.origin) {
    const link = el('a', 'thumb');
    link.href = url.href;
    link.target = '_blank';
    link.rel = 'noopener';
    const img = el('img');
    img.addEventListener('load', () => {
      if (chat?.pinned) scroller.scrollTop = scroller.scrollHeight;
    });
    img.src = url.href;
    img.alt = media.filename ? `Image ${media.filename}` : 'Image';
    link.append(img);
    return link;
  }
  const link = el('a', 'file-link');
  link.append(icon(media.kind === 'document' ? 'document' : 'link'), el('span', '', label));
  link.href = url.href;
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  return link;
}

function ticksNode(m) {
  const tick = TICKS[m.status] || TICKS.sent;
  const node = el('span', `ticks ${m.status}`);
  if (tick.glyph) {
    node.append(el('span', '', tick.glyph));
    node.lastChild.setAttribute('aria-hidden', 'true');
  } else node.append(icon('clock'));
  const said = m.status === 'failed' && m.error ? `${tick.label}: ${m.error.title}` : tick.label;
  node.append(el('span', 'visually-hidden', said));
  if (m.status === 'failed' && m.error) node.append(el('span', 'error-title', m.error.title));
  return node;
}

function messageNode(m) {
  const item = el('li', `msg ${m.from}`);
  item.dataset.id = m.id;
  const bubble = el('div', 'bubble');
  bubble.append(el('span', 'visually-hidden', m.from === 'business' ? 'Business: ' : 'You: '));
  if (m.header) bubble.append(el('p', 'header', m.header));
  if (m.media) bubble.append(mediaNode(m.media));
  if (m.location) {
    const where = [m.location.name, m.location.address].filter(Boolean).join(', ');
    const place = el('p', 'location');
    place.append(icon('pin'), el('span', '', where || `${m.location.latitude}, ${m.location.longitude}`));
    bubble.append(place);
  }
  if (m.text) bubble.append(el('p', 'text', m.text));
  if (m.footer) bubble.append(el('p', 'footer', m.footer));
  if (m.buttons?.length) {
    const buttons = el('ul', 'buttons');
    for (const b of m.buttons) buttons.append(el('li', '', b));
    bubble.append(buttons);
  }
  const meta = el('p', 'meta');
  meta.append(el('time', '', time(m.at)));
  meta.lastChild.dateTime = m.at;
  meta.append(ticksNode(m));
  bubble.append(meta);
  item.append(bubble);
  return item;
}

function render(fresh) {
  const nearBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 80;
  const ordered = [...chat.messages.values()].sort((a, b) => a.at.localeCompare(b.at));
  let previous = null;
  for (const m of ordered) {
    const existing = chat.nodes.get(m.id);
    let node = existing?.node;
    if (!existing || existing.status !== m.status) {
      node = messageNode(m);
      if (existing) existing.node.replaceWith(node);
      // A business message can reach the log a moment after a later one of the customer's: it goes in its place.
      else if (previous) previous.after(node);
      else list.prepend(node);
      chat.nodes.set(m.id, { node, status: m.status });
    }
    previous = node;
  }
  // A picture loads after its message is placed: the view stays pinned to the end until the reader scrolls away.
  if (fresh.length && (nearBottom || fresh.some((m) => m.from === 'customer'))) chat.pinned = true;
  else if (!nearBottom) chat.pinned = false;
  if (chat.pinned) scroller.scrollTop = scroller.scrollHeight;
}

function announce(fresh) {
  const incoming = fresh.filter((m) => m.from === 'business');
  if (!incoming.length) return;
  const last = incoming[incoming.length - 1];
  const words = last.text || last.header || (last.media ? last.media.kind : 'a message');
  $('announcer').textContent =
    incoming.length === 1 ? `New message from the business: ${words}` : `${incoming.length} new messages from the business. Last: ${words}`;
}

/** The business's messages on screen that the phone has not read yet become read, while the page is in view. */
async function markRead() {
  if (!chat || document.visibilityState !== 'visible') return;
  const ids = [...chat.messages.values()].filter((m) => m.from === 'business' && (m.status === 'sent' || m.status === 'delivered')).map((m) => m.id);
  if (!ids.length) return;
  const { read } = await api('/read', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...who(), ids }) });
  for (const id of read) chat.messages.get(id).status = 'read';
  render([]);
}

const who = () => ({ phoneNumberId: chat.business, waId: chat.customer, name: chat.name });

async function poll() {
  if (!chat) return;
  const current = chat;
  const query = new URLSearchParams({ phoneNumberId: current.business, waId: current.customer, ...(current.cursor ? { after: String(current.cursor) } : {}) });
  const page = await api(`/messages?${query}`);
  if (chat !== current) return;
  const fresh = page.messages.filter((m) => !current.messages.has(m.id));
  for (const m of page.messages) current.messages.set(m.id, m);
  for (const s of page.statuses) {
    const m = current.messages.get(s.id);
    if (m) Object.assign(m, { status: s.status, ...(s.error ? { error: s.error } : {}) });
  }
  current.cursor = page.cursor;
  render(fresh);
  if (current.loaded) announce(fresh);
  current.loaded = true;
  await markRead();
}

function open(business, customer, name) {
  chat = { business, customer: digits(customer), name, messages: new Map(), nodes: new Map(), cursor: 0, loaded: false };
  localStorage.setItem(STORE_KEY, JSON.stringify({ business, customer, name }));
  list.replaceChildren();
  const known = businesses.find((b) => b.phoneNumberId === business);
  $('chat-title').textContent = known?.name || `Sandbox number ${business}`;
  $('chat-sub').textContent = known?.number ?? `Phone number id ${business}`;
  $('chat-note').textContent = `You are ${name || 'Sandbox customer'}, +${chat.customer}`;
  showError('');
  poll().catch((err) => showError(err.message));
}

async function sendText(event) {
  event.preventDefault();
  if (!chat) return showError('Pick a customer number first');
  const words = text.value.trim();
  if (!words) return;
  try {
    await api('/text', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...who(), text: words }) });
    text.value = '';
    showError('');
    await poll();
  } catch (err) {
    showError(err.message);
  }
}

async function sendFile() {
  const chosen = file.files?.[0];
  if (!chosen) return;
  if (!chat) return showError('Pick a customer number first');
  const data = new FormData();
  for (const [key, value] of Object.entries(who())) data.append(key, value);
  if (text.value.trim()) data.append('caption', text.value.trim());
  data.append('file', chosen);
  try {
    await api('/media', { method: 'POST', body: data });
    text.value = '';
    showError('');
    await poll();
  } catch (err) {
    showError(err.message);
  } finally {
    file.value = '';
  }
}

async function suggest() {
  const { business, customers } = await api('/suggestions');
  businesses = business;
  $('business-list').replaceChildren(...business.map((b) => Object.assign(el('option'), { value: b.phoneNumberId, label: b.name })));
  $('customer-list').replaceChildren(...customers.map((c) => Object.assign(el('option'), { value: c.number, label: c.name })));
  $('picks').replaceChildren(
    ...customers.map((c) => {
      const item = el('li');
      const button = el('button', 'pick');
      button.type = 'button';
      button.append(el('span', 'pick-name', c.name), el('span', 'pick-number', c.number));
      button.addEventListener('click', () => {
        form.customer.value = c.number;
        form.name.value = c.name;
        open(form.business.value || business[0].phoneNumberId, c.number, c.name);
        text.focus();
      });
      item.append(button);
      return item;
    }),
  );
  return business[0]?.phoneNumberId ?? '';
}

async function start() {
  const fallbackBusiness = await suggest().catch((err) => {
    showError(err.message);
    return '';
  });
  const params = new URLSearchParams(location.search);
  const saved = JSON.parse(localStorage.getItem(STORE_KEY) || 'null') || {};
  form.business.value = params.get('phoneNumberId') || saved.business || fallbackBusiness;
  form.customer.value = params.get('waId') || saved.customer || '';
  form.name.value = params.get('name') || saved.name || '';
  if (form.business.value && form.customer.value) open(form.business.value, form.customer.value, form.name.value);
  setInterval(() => poll().catch((err) => showError(err.message)), POLL_MS);
}

$('who').addEventListener('submit', (event) => {
  event.preventDefault();
  if (!/^\+?\d[\d\s()-]{6,20}$/.test(form.customer.value.trim())) return showError('Enter the customer number with its country code, such as +91 98200 07919');
  open(form.business.value.trim(), form.customer.value.trim(), form.name.value.trim());
  text.focus();
});
$('composer').addEventListener('submit', sendText);
file.addEventListener('change', sendFile);
document.addEventListener('visibilitychange', () => markRead().catch((err) => showError(err.message)));
start();
