import { expect } from '@esm-bundle/chai';
import './define.js';
import { BroadcastMessages } from '@parley/sdk/contract/broadcast-texts';
import { API_BASE, signIn, until } from '../test-support/demo-session.js';
import { toastKind } from '../test-support/toasts.js';
import { click, field, steady, text, typeInto } from '../test-support/ui.js';
import { SenderTexts } from './sender-texts.js';

// The broadcast form's choices, refusals and expressions (issue items 7, 9, 10, 12), against the real server with the
// demo enterprise's "WhatsApp Sandbox" channel and its APPROVED templates.

let admin: string;
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

async function mount() {
  const el = document.createElement('parley-broadcast-sender');
  el.setAttribute('api-base', API_BASE);
  el.setAttribute('token', admin);
  document.body.append(el);
  mounted.push(el);
  await until(() => el.querySelector('form.pbs-form'), 'the form');
  // The channel and template boxes arrive just after the form (SearchCombo.tsx): a user types once they are there.
  await until(() => el.querySelectorAll('[role="combobox"]').length === 2, 'the channel and template boxes');
  return el;
}

const options = () => [...document.querySelectorAll<HTMLElement>('[role="option"]')];
/** An option by its name (an option's line under the name is not part of it). */
const optionNamed = (name: string) => options().find((o) => text(o.querySelector('[id]') ?? o) === name || text(o) === name);
const buttonIn = (root: ParentNode, label: string) => [...root.querySelectorAll('button')].find((b) => text(b) === label) as HTMLButtonElement | undefined;
const row = (el: HTMLElement, key: string) => el.querySelector<HTMLElement>(`.pbs-map-row[data-key="${key}"]`)!;
const box = (el: HTMLElement, label: 'Channel' | 'Template') => field(el, label) as HTMLInputElement;
/** The help or error text Spectrum links to a field. */
const helpOf = (input: Element) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => text(document.getElementById(id)))
    .join(' ');

async function chooseOption(name: string) {
  const option = await until(() => optionNamed(name), `the option ${name}`, 8000);
  await click(await steady(option));
  await until(() => !options().length, 'the list to close');
}

async function pick(button: HTMLElement, label: string) {
  await click(button);
  await chooseOption(label);
}

describe('the broadcast form', function () {
  this.timeout(40_000);

  before(async function () {
    this.timeout(60_000);
    admin = await signIn();
  });

  afterEach(() => {
    for (const node of mounted) node.remove();
    mounted = [];
  });

  it('shows the chosen channel and template in their boxes, however they were found (item 7)', async () => {
    const el = await mount();
    // Found by a typed fragment: the box shows the whole name, not the fragment.
    await typeInto(box(el, 'Channel'), 'WhatsApp San');
    await chooseOption('WhatsApp Sandbox');
    await until(() => box(el, 'Channel').value === 'WhatsApp Sandbox', "the channel's name in its box", 3000);
    // Picked from the opened list without typing: the box shows it too.
    await click(box(el, 'Template'));
    await chooseOption('invoice_ready');
    await until(() => box(el, 'Template').value === 'invoice_ready', "the template's name in its box", 3000);
    // Another found by a fragment, then the box left: the choice stays shown.
    await typeInto(box(el, 'Template'), 'order');
    await chooseOption('order_update');
    await until(() => box(el, 'Template').value === 'order_update', "the second template's name in its box", 3000);
    await until(() => el.querySelector('.pbs-preview .ptp'), 'the preview');
    await click(el.querySelector('.pbs-section-title')!);
    await until(() => document.activeElement !== box(el, 'Template'), 'the box left');
    expect(box(el, 'Template').value).to.equal('order_update');
    // The list opens on every template again, not on those the fragment found. (At a user's pace: a click landing
    // in the same instant as the blur's own updates finds the box closing.)
    await new Promise((r) => setTimeout(r, 500));
    await click(box(el, 'Template'));
    await until(() => options().length === 6, 'the whole list again');
    await click(el.querySelector('.pbs-section-title')!);
    await until(() => !options().length, 'the list to close');
    expect(box(el, 'Template').value).to.equal('order_update');
  });

  it('keeps a typed search when the list closes without a choice, and still finds the option (item 7)', async () => {
    const el = await mount();
    await typeInto(box(el, 'Channel'), 'WhatsApp San');
    await chooseOption('WhatsApp Sandbox');
    await typeInto(box(el, 'Template'), 'spring');
    await until(() => optionNamed('spring_collection'), 'the option', 8000);
    // Closed without a choice (here by leaving the box; the console's main area scrolling does it too): Spectrum
    // commits "no choice", which must not wipe what was typed.
    await click(el.querySelector('.pbs-preview')!);
    await until(() => !options().length, 'the list closed');
    expect(box(el, 'Template').value).to.equal('spring');
    await typeInto(box(el, 'Template'), 'spring_collection');
    await chooseOption('spring_collection');
    await until(() => box(el, 'Template').value === 'spring_collection', 'the template chosen', 3000);
  });

  it('says why a channel has no templates to choose, rather than an empty list (item 10)', async () => {
    const karix = `Karix ${run}`;
    const quiet = `Quiet ${run}`;
    await api('POST', 'e/enterprise/channels', { name: karix, type: 4, vendor: 0, contactId: '+14155550999', data: { username: 'u', password: 'p' } });
    await api('POST', 'e/enterprise/channels', {
      name: quiet,
      type: 4,
      vendor: 20,
      contactId: '+14155550998',
      data: {
        phoneNumberId: '1098765432',
        wabaId: '2098765432',
        accessToken: 'token-that-is-long-enough',
        appSecret: 'secret-long-enough',
        baseUrl: '',
        apiVersion: '',
      },
    });
    const el = await mount();
    await typeInto(box(el, 'Channel'), karix);
    const option = await until(() => options().find((o) => text(o).startsWith(karix)), 'the Karix channel', 8000);
    expect(text(option)).to.contain(SenderTexts.vendorCannotSendShort);
    await chooseOption(karix);
    await until(() => helpOf(box(el, 'Template')).includes(SenderTexts.vendorCannotSend), 'why the vendor has none', 4000);
    expect(box(el, 'Template').disabled).to.equal(true);

    await typeInto(box(el, 'Channel'), quiet);
    await chooseOption(quiet);
    await until(() => helpOf(box(el, 'Template')).includes(SenderTexts.noApprovedTemplates), 'why the channel has none', 6000);
    expect(box(el, 'Template').disabled).to.equal(true);

    await typeInto(box(el, 'Channel'), 'WhatsApp Sandbox');
    await chooseOption('WhatsApp Sandbox');
    await until(() => !box(el, 'Template').disabled, "the sandbox's templates to choose from", 6000);
    expect(helpOf(box(el, 'Template'))).to.equal('');
  });

  it('names the numbers a send was refused for, how many, and marks them until they are fixed (item 9)', async () => {
    const el = await mount();
    await typeInto(box(el, 'Channel'), 'WhatsApp Sandbox');
    await chooseOption('WhatsApp Sandbox');
    await click(box(el, 'Template'));
    await chooseOption('order_update');
    await until(() => row(el, '0:BODY::{{2}}'), 'the variables');
    await typeInto(row(el, '0:BODY::{{1}}').querySelector('input')!, 'Ana');
    await typeInto(row(el, '0:BODY::{{2}}').querySelector('input')!, '#9');
    // Ten characters each pass the form's own check; the server finds two of them are no phone numbers.
    const numbers = field(el, 'Mobile Numbers') as HTMLTextAreaElement;
    await typeInto(numbers, '+919876543210, 0000000000, 0000000001');
    await click(buttonIn(el, 'Send')!);
    const refusal = await until(() => el.querySelector('.pbs-refusal[role="alert"]'), 'the refusal', 10_000);
    const named = SenderTexts.invalidNumbers(['0000000000', '0000000001']);
    expect(named).to.equal(`${BroadcastMessages.invalidNumber} (2): 0000000000, 0000000001`);
    expect(text(refusal)).to.contain(named);
    await until(() => numbers.getAttribute('aria-invalid') === 'true' && helpOf(numbers).includes(named), 'the numbers box marked');
    await until(() => toastKind(named) === 'Error', 'the error toast naming them');
    const tags = () => [...el.querySelectorAll('.pbs-refused [role="row"]')].map((t) => text(t));
    expect(tags()).to.deep.equal(['0000000000', '0000000001']);
    expect(text(el.querySelector('.pbs-refused'))).to.contain(`${SenderTexts.refusedNumbersLabel} (2)`);

    // One removed from its tag leaves the box; the other stays marked, alone.
    const first = el.querySelector<HTMLElement>('.pbs-refused [role="row"]')!;
    await click(first.querySelector('button')!);
    await until(() => numbers.value === '+919876543210, 0000000001', 'the number gone from the box');
    await until(() => helpOf(numbers).includes(SenderTexts.invalidNumbers(['0000000001'])) && tags().length === 1, 'one left marked');
    // Corrected by hand: nothing is marked any more.
    await typeInto(numbers, '+919876543210, +919876543211');
    await until(() => numbers.getAttribute('aria-invalid') !== 'true' && !el.querySelector('.pbs-refused'), 'nothing marked');
  });

  it("names short numbers in the form's own check (item 9)", async () => {
    const el = await mount();
    const numbers = field(el, 'Mobile Numbers') as HTMLTextAreaElement;
    await typeInto(numbers, '+919876543210, 12345, 678');
    await click(buttonIn(el, 'Send')!);
    await until(() => helpOf(numbers).includes(SenderTexts.invalidNumbers(['12345', '678'])), 'the short numbers named');
  });

  it('takes a field by its label in a URL expression, and inserts one from a menu (item 12)', async () => {
    const el = await mount();
    await typeInto(box(el, 'Channel'), 'WhatsApp Sandbox');
    await chooseOption('WhatsApp Sandbox');
    await click(box(el, 'Template'));
    await chooseOption('new_arrivals');
    const url = await until(() => row(el, '0:BUTTON:0:{{1}}'), 'the URL variable');
    await pick(url.querySelectorAll('button')[0]!, 'Expression');
    await typeInto(url.querySelector('input')!, 'p/{phone number}');
    await until(() => text(url).includes(BroadcastMessages.urlVariablesMapped), 'the label taken');
    await typeInto(url.querySelector('input')!, 'p/');
    const insert = await until(() => buttonIn(url, SenderTexts.insertField), 'the insert-field menu');
    await click(insert);
    const item = await until(
      () => [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((m) => text(m) === 'Phone Number'),
      'the field in the menu',
    );
    await click(await steady(item));
    await until(() => url.querySelector('input')!.value === 'p/{Phone Number}', 'the field inserted by its label');
    await until(() => text(url).includes(BroadcastMessages.urlVariablesMapped), 'the inserted field found');
  });
});
