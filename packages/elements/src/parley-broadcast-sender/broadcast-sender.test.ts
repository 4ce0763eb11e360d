import { expect } from '@esm-bundle/chai';
import axe from 'axe-core';
import './define.js';
import { BroadcastMessages } from '@parley/sdk/contract/broadcast-texts';
import { API_BASE, signIn, until } from '../test-support/demo-session.js';
import { toastKind } from '../test-support/toasts.js';
import { cellsOf, columnHeaders, dataRows, gridIn, nameOf, rowNamed } from '../test-support/grid.js';
import { click, field, steady, text, typeInto } from '../test-support/ui.js';
import type { BroadcastCloseDetail, BroadcastSentDetail } from './events.js';

// The broadcast screen (broadcast spec 2, 4, 5, 8; platform-shell 2.12) as a user sees it, against the real server
// with the demo enterprise's "WhatsApp Sandbox" channel and its six APPROVED templates.

let admin: string;
let channelId: string;
const templates: Record<string, string> = {};
const run = Math.random().toString(36).slice(2, 8);
let mounted: HTMLElement[] = [];

async function api(method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${API_BASE}/${path}`, {
    method,
    headers: { 'authentication-token': admin, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = await res.json();
  if (!reply.status) throw new Error(`${method} ${path}: ${reply.message} ${JSON.stringify(reply.errors ?? '')}`);
  return reply.data;
}

/** A real PNG drawn on a canvas: the server checks that an image's bytes are an image. */
async function png(name: string, colour: string): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 96;
  canvas.height = 64;
  const g = canvas.getContext('2d')!;
  g.fillStyle = colour;
  g.fillRect(0, 0, 96, 64);
  const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/png'));
  return new File([blob], name, { type: 'image/png' });
}

async function uploadImage(name: string, colour: string) {
  const form = new FormData();
  form.append('isPublic', 'true');
  form.append('file', await png(name, colour));
  const res = await fetch(`${API_BASE}/e/drive/upload`, { method: 'POST', headers: { 'authentication-token': admin }, body: form });
  const reply = await res.json();
  if (!reply.status) throw new Error(`upload: ${reply.message}`);
  return reply.data.artifact as { _id: string; data: { name: string } };
}

/** A mobile number of this run: +91 97, six random digits and the given ending (the sandbox's fate by ending). */
const number = (ending = '') => {
  const base = `+9197${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  return ending ? base.slice(0, base.length - ending.length) + ending : base;
};

async function mount(attrs: Record<string, string> = {}) {
  const el = document.createElement('parley-broadcast-sender');
  el.setAttribute('api-base', API_BASE);
  el.setAttribute('token', admin);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  document.body.append(el);
  mounted.push(el);
  return el;
}

const form = (el: HTMLElement) => el.querySelector<HTMLFormElement>('form.pbs-form')!;
const buttonIn = (root: ParentNode, label: string) => [...root.querySelectorAll('button')].find((b) => text(b) === label) as HTMLButtonElement | undefined;
const options = () => [...document.querySelectorAll<HTMLElement>('[role="option"]')];
const previewBody = (el: HTMLElement) => text(el.querySelector('.pbs-preview .ptp-bubble .ptp-body'));
const count = (el: HTMLElement, message: string) => (form(el).textContent ?? '').split(message).length - 1;
const row = (el: HTMLElement, key: string) => el.querySelector<HTMLElement>(`.pbs-map-row[data-key="${key}"]`)!;
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');

/** Picks an option of an open list box (Spectrum pickers and combo boxes render it in a popover). */
async function chooseOption(label: string) {
  const option = await until(() => options().find((o) => text(o) === label), `the option ${label}`, 8000);
  await click(await steady(option));
  await until(() => !options().length, 'the list to close');
}

/** Types into a combo box and chooses the option named exactly so. */
async function choose(el: HTMLElement, label: 'Channel' | 'Template', name: string) {
  const input = await until(() => field(el, label) as HTMLInputElement | null, `the ${label} box`);
  await typeInto(input, name);
  await chooseOption(name);
  await until(() => input.value === name, `${label} ${name}`);
}

async function pick(button: HTMLElement, label: string) {
  await click(button);
  await chooseOption(label);
}

async function chooseTemplate(el: HTMLElement, name: string) {
  await choose(el, 'Channel', 'WhatsApp Sandbox');
  await choose(el, 'Template', name);
  await until(() => el.querySelector('.pbs-preview .ptp'), 'the preview');
}

function listen() {
  const heard: { type: string; detail: any }[] = [];
  const record = (e: Event) => heard.push({ type: e.type, detail: (e as CustomEvent).detail });
  const types = ['parley-broadcast-sent', 'parley-close'];
  for (const t of types) document.addEventListener(t, record);
  return { heard, stop: () => types.forEach((t) => document.removeEventListener(t, record)) };
}

/** The send route is written alongside this element; these tests wait for it. */
async function sendRouteExists() {
  const res = await fetch(`${API_BASE}/chatbird/api/broadcast`, {
    method: 'POST',
    headers: { 'authentication-token': admin, 'content-type': 'application/json' },
    body: '{}',
  });
  return res.status !== 404;
}

describe('<parley-broadcast-sender>', function () {
  this.timeout(40_000);

  before(async function () {
    this.timeout(60_000);
    admin = await signIn();
    const { channels } = await api('GET', 'e/enterprise/channels?from=0&perPage=20&type=4&name=WhatsApp%20Sandbox');
    channelId = channels.find((c: { name: string }) => c.name === 'WhatsApp Sandbox').channelId;
    const list = await api('GET', `chatbird/api/templates?from=0&perPage=20&status=APPROVED&channelId=${channelId}`);
    for (const t of list.templates) templates[t.name] = t.id;
  });

  afterEach(async () => {
    for (const node of mounted) node.remove();
    mounted = [];
    await until(() => !dialog(), 'dialogs to go');
  });

  it("lists only the WhatsApp channel's APPROVED templates, and choosing one loads its variables and preview", async () => {
    const el = await mount();
    await until(() => form(el), 'the form');
    expect(text(el.querySelector('.pbs-preview'))).to.equal('Choose a template to see its preview');
    await choose(el, 'Channel', 'WhatsApp Sandbox');
    const input = field(el, 'Template') as HTMLInputElement;
    await click(input);
    await until(() => options().length === 6, 'six templates');
    expect(
      options()
        .map((o) => text(o))
        .sort(),
    ).to.deep.equal(Object.keys(templates).sort());
    await chooseOption('order_update');
    await until(() => el.querySelector('.pbs-preview .ptp'), 'the preview');
    expect(previewBody(el)).to.contain('Hi Asha, your order #10423 has shipped');
    const rows = [...el.querySelectorAll<HTMLElement>('.pbs-map-row')];
    expect(rows.map((r) => text(r.querySelector('.pbs-var')))).to.deep.equal(['{{1}}', '{{2}}']);
    expect(text(el.querySelector('.pbs-group-title'))).to.equal('Body');
    // No media header: nothing to choose.
    expect(el.querySelector('.pbs-media')).to.equal(null);
  });

  it("says what is missing on Send, in the spec's words", async () => {
    const el = await mount();
    await until(() => form(el), 'the form');
    await click(buttonIn(el, 'Send')!);
    await until(() => count(el, BroadcastMessages.mandatory) === 3, 'channel, template and numbers mandatory');

    await chooseTemplate(el, 'new_arrivals');
    await until(() => count(el, BroadcastMessages.mandatory) === 1, 'only the numbers left mandatory');
    expect(text(el.querySelector('.pbs-media .pbs-error'))).to.equal(BroadcastMessages.attachmentMissing);
    expect(text(el.querySelector('.pbs-mapping .pbs-error'))).to.equal(BroadcastMessages.mappingMissing);

    await typeInto(field(el, 'Mobile Numbers')!, '+919876543210, 12345 ,, ');
    await until(() => count(el, BroadcastMessages.invalidNumber) === 1, 'the short number refused');
    await typeInto(field(el, 'Mobile Numbers')!, '+919876543210 , ');
    await until(() => count(el, BroadcastMessages.invalidNumber) === 0 && count(el, BroadcastMessages.mandatory) === 0, 'the numbers accepted');

    // The URL button's variable as an expression naming no customer field.
    const url = row(el, '0:BUTTON:0:{{1}}');
    await pick(url.querySelectorAll('button')[0]!, 'Expression');
    await typeInto(url.querySelector('input')!, 'spring-{nothing}');
    await until(() => text(url).includes(BroadcastMessages.urlVariableNotFound), 'URL variable not found');
    await typeInto(url.querySelector('input')!, 'p/{phoneNumber}');
    await until(() => text(url).includes(BroadcastMessages.urlVariablesMapped), 'URL variables mapped');
    await typeInto(row(el, '0:BODY::{{1}}').querySelector('input')!, 'friend');
    await until(() => !el.querySelector('.pbs-mapping .pbs-error'), 'the mapping complete');
    expect(text(el.querySelector('.pbs-media .pbs-error'))).to.equal(BroadcastMessages.attachmentMissing);
  });

  it('shows a constant as typed and a column as {column name} in the preview', async () => {
    const el = await mount();
    await chooseTemplate(el, 'order_update');
    const first = row(el, '0:BODY::{{1}}');
    await pick(first.querySelectorAll('button')[0]!, 'Map Column Value');
    await until(() => first.querySelectorAll('button').length === 2, 'the column picker');
    await pick(first.querySelectorAll('button')[1]!, 'Name');
    await typeInto(row(el, '0:BODY::{{2}}').querySelector('input')!, '#777');
    await until(() => previewBody(el).startsWith('Hi {Name}, your order #777 has shipped'), 'the mapped preview');
  });

  it('adds the customers picked from the customer master to the numbers, none twice', async () => {
    const people = [];
    for (const first of ['Ira', 'Jay']) {
      const { customer } = await api('POST', 'customer/customer', { name: `${first} ${run}`, phoneNumber: number() });
      people.push(customer as { name: string; phoneNumber: string });
    }
    const el = await mount();
    await until(() => form(el), 'the form');
    const box = field(el, 'Mobile Numbers')!;
    await typeInto(box, `+14155550100, ${people[0]!.phoneNumber}`);
    const events = listen();
    try {
      for (let round = 0; round < 2; round++) {
        await click(buttonIn(el, 'Get from customer master')!);
        await steady(await until(dialog, 'the customer list'));
        await typeInto(dialog()!.querySelector<HTMLInputElement>('input[aria-label="Search customers"]')!, run);
        await until(() => dataRows(gridIn(dialog(), 'Customers')).length === 2, "this run's customers", 8000);
        for (const p of people) await click([...dialog()!.querySelectorAll('input[type=checkbox]')].find((box) => nameOf(box) === `Select ${p.name}`)!);
        await click(buttonIn(dialog()!, 'Yes')!);
        await until(() => !dialog(), 'the list to close');
      }
      expect(box.value).to.equal(`+14155550100, ${people[0]!.phoneNumber}, ${people[1]!.phoneNumber}`);
      // The picker's own events stay inside: the host hears nothing.
      expect(events.heard).to.deep.equal([]);
    } finally {
      events.stop();
    }
  });

  it('sends a carousel with card media, resets, and emits parley-broadcast-sent', async function () {
    if (!(await sendRouteExists())) this.skip();
    const picture = await uploadImage(`card-${run}.png`, '#2d9d78');
    const el = await mount();
    await chooseTemplate(el, 'spring_collection');
    expect([...el.querySelectorAll('[role="tab"]')].map((t) => text(t))).to.deep.equal(['Card 1', 'Card 2', 'Card 3']);
    const cards = [...el.querySelectorAll<HTMLElement>('.pbs-cards-media .pbs-media')];
    expect(cards).to.have.length(3);
    await click(buttonIn(el, 'Send')!);
    await until(() => cards.every((c) => text(c.querySelector('.pbs-error'))), "the cards' messages");
    expect(cards.map((c) => text(c.querySelector('.pbs-error')))).to.deep.equal([1, 2, 3].map(BroadcastMessages.cardMediaMissing));
    for (const card of cards) {
      await click(buttonIn(card, 'Choose')!);
      await steady(await until(dialog, 'the attachment dialog'));
      await typeInto(dialog()!.querySelector<HTMLInputElement>('input[aria-label="Search attachments"]')!, `card-${run}`);
      const pictureRow = await until(() => dialog()!.querySelector<HTMLElement>(`.pat-row[data-id="${picture._id}"]`), 'the picture', 8000);
      await click(pictureRow);
      await until(() => !dialog() && text(card.querySelector('.pbs-file-name')) === picture.data.name, "the card's file");
      expect(card.querySelector('.pbs-error')).to.equal(null);
    }
    await typeInto(row(el, '0:BODY::{{1}}').querySelector('input')!, 'friend');
    for (const [n, price] of [
      [1, '$25'],
      [2, '$45'],
      [3, '$15'],
    ] as const) {
      const tab = [...el.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => text(t) === `Card ${n}`)!;
      await click(tab);
      const body = await until(() => row(el, `${n}:BODY::{{1}}`), `card ${n}'s rows`);
      await typeInto(body.querySelector('input')!, price);
      const url = row(el, `${n}:BUTTON:0:{{1}}`);
      await typeInto(url.querySelector('input')!, `item-${n}`);
    }
    await until(() => text(el.querySelector('.pbs-preview [aria-label="Card 3"] .ptp-body')).startsWith('Straw hats, now $15.'), 'card 3 in the preview');
    await typeInto(field(el, 'Mobile Numbers')!, `${number('0004')}, ${number('0004')}`);
    const events = listen();
    try {
      await click(buttonIn(el, 'Send')!);
      await until(() => events.heard.length > 0, 'the sent event', 10_000);
      expect(events.heard.map((e) => e.type)).to.deep.equal(['parley-broadcast-sent']);
      const { id, message } = events.heard[0]!.detail as BroadcastSentDetail;
      expect(message).to.equal(BroadcastMessages.sent);
      const { data } = await api('GET', `chatbird/api/broadcast/${id}`);
      expect(data.phoneNumbers).to.have.length(2);
      expect(data.message.template.templateId).to.equal('spring_collection');
      expect(data.message.template.cards).to.have.length(3);
      await until(() => (field(el, 'Mobile Numbers')?.value ?? 'x') === '' && (field(el, 'Template') as HTMLInputElement).value === '', 'the form reset');
      await until(() => toastKind(BroadcastMessages.sent) === 'Success', "the server's message as a success toast");
    } finally {
      events.stop();
    }
  });

  it("shows a sent broadcast disabled, its messages live, and a message's status history", async function () {
    if (!(await sendRouteExists())) this.skip();
    const read = number('0004');
    const failed = number('0002');
    const { id } = await api('POST', 'chatbird/api/broadcast', {
      channelId,
      phoneNumber: [read, failed],
      message: { template: { templateId: 'order_update', templateUId: templates.order_update } },
      columnMapping: [
        { component: 'BODY', variable: '{{1}}', type: 'static', value: 'Ana' },
        { component: 'BODY', variable: '{{2}}', type: 'static', value: '#55' },
      ],
    });
    const el = await mount({ mode: 'view', 'broadcast-id': id });
    await until(() => el.querySelector('.pbs-messages'), 'the view', 8000);
    expect((field(el, 'Channel') as HTMLInputElement).value).to.equal('WhatsApp Sandbox');
    expect((field(el, 'Channel') as HTMLInputElement).disabled).to.equal(true);
    expect(buttonIn(el, 'Send')).to.equal(undefined);
    await until(() => previewBody(el).startsWith('Hi Ana, your order #55 has shipped'), 'the preview with the stored values');
    const messages = () => gridIn(el, 'Messages');
    expect(columnHeaders(messages())).to.deep.equal(['From', 'To', 'Sent Date', 'Status']);
    // A row is named by its number (the To column).
    const statusOf = (to: string) => cellsOf(rowNamed(messages(), to) ?? document.createElement('div'))[3];
    await until(() => statusOf(read) === 'Read' && statusOf(failed) === 'Failed', 'the statuses to arrive', 20_000);
    const sent = cellsOf(dataRows(messages())[0]!)[2];
    expect(sent).to.match(/^\d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2} (am|pm)$/);
    const results = await axe.run(el, { resultTypes: ['violations'] });
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).to.deep.equal([]);

    await click(rowNamed(messages(), read)!.querySelectorAll('[role=gridcell]')[0]!);
    await steady(await until(dialog, 'the status dialog'));
    await until(() => dialog()!.querySelector('.pbs-status'), 'the status', 8000);
    expect(text(dialog()!.querySelector('.pbs-status-current'))).to.equal('Read');
    expect(text(dialog()!.querySelector('.pbs-status-wamid'))).to.match(/^wamid\./);
    const history = dataRows(gridIn(dialog(), 'Status history')).map((r) => cellsOf(r)[0]);
    expect(history).to.include('Read');
    await click(buttonIn(dialog()!, 'Close')!);
    await until(() => !dialog(), 'the dialog to close');
  });

  it("shows the server's refusal for an unknown broadcast", async () => {
    const el = await mount({ mode: 'view', 'broadcast-id': '00000000-0000-4000-8000-000000000000' });
    await until(() => el.querySelector('.pbs-refusal'), 'the refusal', 8000);
    expect(text(el.querySelector('.pbs-refusal'))).to.equal(BroadcastMessages.notFound);
  });

  it('chat-test locks channel, template and number, and closes after sending', async function () {
    if (!(await sendRouteExists())) this.skip();
    const to = number('0004');
    const el = await mount({
      mode: 'chat-test',
      'channel-id': channelId,
      'template-id': templates.order_update!,
      'phone-number': to,
      'resource-id': `chat-${run}`,
    });
    await until(() => el.querySelector('.pbs-preview .ptp'), 'the preview', 8000);
    expect((field(el, 'Channel') as HTMLInputElement).value).to.equal('WhatsApp Sandbox');
    expect((field(el, 'Template') as HTMLInputElement).value).to.equal('order_update');
    expect(field(el, 'Mobile Numbers')!.value).to.equal(to);
    expect(field(el, 'Mobile Numbers')!.disabled).to.equal(true);
    expect(buttonIn(el, 'Get from customer master')).to.equal(undefined);
    await typeInto(row(el, '0:BODY::{{1}}').querySelector('input')!, 'Ana');
    await typeInto(row(el, '0:BODY::{{2}}').querySelector('input')!, '#9');
    const events = listen();
    try {
      await click(buttonIn(el, 'Send')!);
      await until(() => events.heard.some((e) => e.type === 'parley-close'), 'parley-close', 10_000);
      const close = events.heard.find((e) => e.type === 'parley-close')!.detail as BroadcastCloseDetail;
      expect(close.reason).to.equal('sent');
      const { data } = await api('GET', `chatbird/api/broadcast/${(close as { id: string }).id}`);
      expect(data.resourceType).to.equal('CHAT');
      expect(data.resourceId).to.equal(`chat-${run}`);
    } finally {
      events.stop();
    }
  });

  it("campaign-test shows the server's refusal with its errors and closes with reason failed", async function () {
    if (!(await sendRouteExists())) this.skip();
    const el = await mount({ mode: 'campaign-test', 'channel-id': channelId, 'template-id': 'order_update', 'resource-id': `campaign-${run}` });
    await until(() => el.querySelector('.pbs-preview .ptp'), 'the preview', 8000);
    expect((field(el, 'Template') as HTMLInputElement).disabled).to.equal(true);
    expect(field(el, 'Mobile Numbers')!.disabled).to.equal(false);
    // Ten characters pass the form's check; the server finds it is no phone number.
    await typeInto(field(el, 'Mobile Numbers')!, '0000000000');
    await typeInto(row(el, '0:BODY::{{1}}').querySelector('input')!, 'Ana');
    await typeInto(row(el, '0:BODY::{{2}}').querySelector('input')!, '#9');
    const events = listen();
    try {
      await click(buttonIn(el, 'Send')!);
      await until(() => events.heard.length > 0, 'parley-close', 10_000);
      expect(events.heard.map((e) => e.type)).to.deep.equal(['parley-close']);
      const close = events.heard[0]!.detail as BroadcastCloseDetail;
      expect(close.reason).to.equal('failed');
      // The event goes out as the refusal is set; the alert shows on the next render.
      const refusal = await until(() => el.querySelector('.pbs-refusal[role="alert"]'), 'the refusal', 4000);
      // The refused number is named, not only refused (issue item 9).
      expect((close as { message: string }).message).to.equal(`${BroadcastMessages.invalidNumber}: 0000000000`);
      expect(text(refusal.querySelector('strong'))).to.not.equal('');
      expect(text(refusal)).to.contain(BroadcastMessages.invalidNumber);
    } finally {
      events.stop();
    }
  });
});
