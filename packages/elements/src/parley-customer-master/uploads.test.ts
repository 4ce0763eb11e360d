import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import axe from 'axe-core';
import { CustomerMessages, CustomerPageSizes, UPLOAD_EVENT as CONTRACT_UPLOAD_EVENT } from '@parley/sdk/contract/customer-texts';
import './define.js';
import { API_BASE, signIn, until } from '../test-support/demo-session.js';
import { cellsOf, dataRows, emptyText, gridIn, rowNamed } from '../test-support/grid.js';
import { click, steady, text } from '../test-support/ui.js';
import { UPLOAD_EVENT, UploadPageSizes, UploadTexts } from './uploads/upload-texts.js';
import { toasts } from '../test-support/toasts.js';

// Upload Data, My Uploads and the Error List (customer-master 2, 4, 8, 9) against the real server: a csv built here is
// chosen through the file input, mapped, imported with live progress, and its refused lines are read back.

let admin: string;
let segmentId: string;
const run = Math.random().toString(36).slice(2, 7);
/** Phone numbers unique to this run (the server is shared by every test file). */
const digits = String(Math.floor(Math.random() * 90_000) + 10_000);
const phone = (n: number) => `+9198${digits}${String(n).padStart(3, '0')}`;
let mounted: HTMLElement[] = [];

async function api(method: string, path: string, form?: Record<string, string>): Promise<any> {
  const res = await fetch(`${API_BASE}/${path}`, { method, headers: { 'authentication-token': admin }, body: form ? new URLSearchParams(form) : undefined });
  const reply = await res.json();
  if (!reply.status) throw new Error(`${method} ${path}: ${reply.message} ${JSON.stringify(reply.errors ?? '')}`);
  return reply.data;
}

// A BOM before the header; a quoted value holding a newline (one record over lines 2-3); an invalid phone (line 4);
// a missing mandatory name (line 5); one more good row (line 6). Columns match fields by label (Phone Number) or by id
// (name, whatsAppNumber); the one no field matches is left out.
const FILE_NAME = `leads-${run}.csv`;
const BAD_PHONE_LINE = `12ab,Bad Phone,,x`;
const NO_NAME_LINE = `${phone(3)},,,y`;
const CSV = [
  '\uFEFFPhone Number,name,whatsAppNumber,Remarks',
  `${phone(1)},Asha,,"first line`,
  `second line"`,
  BAD_PHONE_LINE,
  NO_NAME_LINE,
  `${phone(4)},Ravi,,z`,
  '',
].join('\r\n');

async function mount(view: string) {
  const el = document.createElement('parley-customer-master');
  el.setAttribute('api-base', API_BASE);
  el.setAttribute('token', admin);
  el.setAttribute('view', view);
  document.body.append(el);
  mounted.push(el);
  return el;
}

const button = (root: ParentNode, label: string) =>
  [...root.querySelectorAll<HTMLElement>('button, a, [role=link]')].find((b) => text(b) === label || b.getAttribute('aria-label') === label);
const fileInput = (el: HTMLElement) => el.querySelector<HTMLInputElement>('input[type=file]');
const mappingValue = (el: HTMLElement, column: string) => text(el.querySelector(`.pcm-up-mapping tr[data-column="${column}"] button[aria-haspopup="listbox"]`));
const totalsOf = (card: Element) =>
  Object.fromEntries([...card.querySelectorAll('.pcm-up-totals > div')].map((d) => [text(d.querySelector('dt')), text(d.querySelector('dd'))]));

/** axe's serious and critical findings inside `root`, one line a rule. */
async function seriousAxeProblems(root: HTMLElement) {
  const results = await axe.run(root, { resultTypes: ['violations'] });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Chooses a file as a user does: the input's files set and its change event fired. */
function chooseFile(el: HTMLElement, name: string, content: string | Uint8Array<ArrayBuffer>, type = 'text/csv') {
  const input = fileInput(el)!;
  const transfer = new DataTransfer();
  transfer.items.add(new File([content], name, { type }));
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('<parley-customer-master> uploads', function () {
  this.timeout(40_000);

  before(async () => {
    admin = await signIn();
    segmentId = (await api('POST', 'customer/tag', { name: `Uploads ${run}` })).tag.id;
  });
  afterEach(() => {
    for (const el of mounted) el.remove();
    mounted = [];
  });

  it("states the contract's messages, page sizes and event as the contract does", () => {
    expect(UploadTexts.csvOnly).to.equal(CustomerMessages.csvOnly);
    expect(UploadTexts.uploadStarted).to.equal(CustomerMessages.uploadStarted);
    expect(UploadPageSizes.uploads).to.equal(CustomerPageSizes.uploads);
    expect(UploadPageSizes.errors).to.equal(CustomerPageSizes.errors);
    expect(UPLOAD_EVENT).to.equal(CONTRACT_UPLOAD_EVENT);
  });

  it('shows No Record for a segment without uploads', async () => {
    const empty = (await api('POST', 'customer/tag', { name: `Empty ${run}` })).tag.id;
    const el = await mount(`uploads/${empty}`);
    await until(() => emptyText(gridIn(el, 'My Uploads')) === 'No Record', 'the empty list', 6000);
    expect((button(el, 'Previous') as HTMLButtonElement).disabled).to.equal(true);
  });

  it('refuses a file that is not csv', async () => {
    const el = await mount(`uploadfile/${segmentId}`);
    await until(() => fileInput(el), 'the file input');
    chooseFile(el, 'people.txt', 'phoneNumber,Name\r\n', 'text/plain');
    await until(() => el.querySelector('.pcm-up-file-error'), 'the csv message');
    expect(text(el.querySelector('.pcm-up-file-error'))).to.equal('Please upload a csv file');
    await until(() => toasts().includes('Please upload a csv file'), 'the toast');
    expect(el.querySelector('.pcm-up-mapping')).to.equal(null);
  });

  it('downloads the sample csv as a file', async () => {
    const el = await mount(`uploadfile/${segmentId}`);
    const saved: { name: string; content: string }[] = [];
    const realClick = HTMLAnchorElement.prototype.click;
    // The browser's save is not observable here: catch the link the element clicks and read its blob instead.
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      if (this.href.startsWith('blob:')) void fetch(this.href).then(async (r) => saved.push({ name: this.download, content: await r.text() }));
      else realClick.call(this);
    };
    try {
      // The segment's name arrives after the button; its line is kept for it, so the button a user aims at stays put.
      const download = await until(() => button(el, 'Download Sample'), 'the Download Sample button');
      const before = download.getBoundingClientRect().top;
      await until(() => text(el.querySelector('.pcm-up-sub')) === `Segment: Uploads ${run}`, 'the segment name');
      expect(download.getBoundingClientRect().top).to.equal(before);
      await click(download);
      const [file] = await until(() => (saved.length ? saved : null), 'the sample file', 6000);
      expect(file!.name).to.match(/\.csv$/);
      expect(file!.content.split(/\r?\n/)[0]).to.match(/phone/i);
    } finally {
      HTMLAnchorElement.prototype.click = realClick;
    }
  });

  it('maps, uploads and follows the import; My Uploads and the Error List show its outcome', async () => {
    const el = await mount(`uploadfile/${segmentId}`);
    await until(() => fileInput(el), 'the file input');
    await until(() => text(el.querySelector('.pcm-up-sub')) === `Segment: Uploads ${run}`, 'the segment name');
    chooseFile(el, FILE_NAME, CSV);
    await until(() => el.querySelector('.pcm-up-mapping tbody tr'), 'the mapping table', 8000);
    const columns = [...el.querySelectorAll<HTMLElement>('.pcm-up-mapping tbody tr')].map((r) => r.dataset.column);
    expect(columns).to.deep.equal(['Phone Number', 'name', 'whatsAppNumber', 'Remarks']);
    expect(mappingValue(el, 'Phone Number')).to.equal('Phone Number');
    expect(mappingValue(el, 'name')).to.equal('Name');
    expect(mappingValue(el, 'whatsAppNumber')).to.equal('Whatsapp');
    expect(mappingValue(el, 'Remarks')).to.equal('Do not import');
    expect(text(el.querySelector('.pcm-up-missing'))).to.match(/^Mandatory fields: Phone Number, Name/);

    await click(button(el, 'Upload')!);
    const card = await until(() => el.querySelector<HTMLElement>('.pcm-up-done'), 'the success card', 8000);
    expect(text(card.querySelector('.pcm-up-card-title'))).to.equal('Uploaded Succesfully');
    expect(text(card)).to.contain(`File is being added to the customer master: ${FILE_NAME}`);
    await until(() => card.dataset.state === 'COMPLETED', 'the import to complete', 20_000);
    expect(totalsOf(card)).to.deep.equal({ 'Total Count': '4', Accepted: '2', Error: '2' });
    const members = await api('GET', `customer/customers?tags=${segmentId}`);
    expect(members.customers.customers.map((c: { phoneNumber: string }) => c.phoneNumber).sort()).to.deep.equal([phone(1), phone(4)]);

    await click(button(card, 'Uploads')!);
    const row = await until(() => rowNamed(gridIn(el, 'My Uploads'), FILE_NAME), 'the upload row', 6000);
    const [name, total, accepted, errors, completedOn, status] = cellsOf(row);
    expect([name, total, accepted, errors, status]).to.deep.equal([FILE_NAME, '4', '2', '2', 'COMPLETED']);
    expect(completedOn).to.match(/^\d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2} (am|pm)$/);
    expect(text(el.querySelector('button[aria-haspopup="listbox"]'))).to.contain(`Uploads ${run}`);

    // The row opens its error list: by a click, or Enter.
    await click(row.querySelectorAll('[role=gridcell]')[0]!);
    await until(() => dataRows(gridIn(el, 'Error List')).length === 2, 'the error rows', 6000);
    const lines = dataRows(gridIn(el, 'Error List')).map((r) => ({
      sNo: cellsOf(r)[0],
      line: text(r.querySelector('.pcm-up-line-no')),
      lineStr: text(r.querySelector('.pcm-up-line code')),
      messages: [...r.querySelectorAll('.pcm-up-messages li')].map((li) => text(li)),
    }));
    expect(lines).to.deep.equal([
      { sNo: '1', line: 'Line 4', lineStr: BAD_PHONE_LINE, messages: ['Phone Number: Please enter a valid phone number with country code'] },
      { sNo: '2', line: 'Line 5', lineStr: NO_NAME_LINE, messages: ['Name: This field is required'] },
    ]);
    expect(await seriousAxeProblems(el), 'axe on the error list').to.deep.equal([]);
    await click(button(el, 'Back to My Uploads')!);
    const again = await until(() => rowNamed(gridIn(el, 'My Uploads'), FILE_NAME), 'My Uploads again');
    expect(await seriousAxeProblems(el), 'axe on My Uploads').to.deep.equal([]);
    again.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => gridIn(el, 'Error List'), 'the error list opened by Enter');
  });

  it('reads a Windows-1252 file separated by semicolons, shows how it was read, and lets the delimiter be changed', async () => {
    // Excel's "CSV" in much of Europe: semicolons, Windows-1252 (é ú ñ are one byte each, as in Latin-1).
    const content = `Mobile;Full Name\r\n${phone(21)};José Núñez\r\n${phone(22)};Zoë Brontë\r\n`;
    const bytes = Uint8Array.from([...content].map((c) => c.charCodeAt(0)));
    const el = await mount(`uploadfile/${segmentId}`);
    await until(() => fileInput(el), 'the file input');
    chooseFile(el, `latin-${run}.csv`, bytes);
    const columns = () => [...el.querySelectorAll<HTMLElement>('.pcm-up-mapping tbody tr')].map((r) => r.dataset.column);
    await until(() => columns().length === 2, 'the two columns', 8000);
    expect(columns()).to.deep.equal(['Mobile', 'Full Name']);
    expect(text(el.querySelector('.pcm-up-encoding'))).to.contain('Read as windows-1252');
    expect(text(el.querySelector('.pcm-up-mapping tr[data-column="Full Name"] .pcm-up-samples'))).to.equal('José Núñez · Zoë Brontë');
    const delimiter = () => el.querySelector<HTMLElement>('.pcm-up-reading button[aria-haspopup="listbox"]')!;
    expect(text(delimiter())).to.contain('Semicolon (;)');
    const pick = async (option: string) => {
      await click(delimiter());
      await click(await steady(await until(() => [...document.querySelectorAll('[role=option]')].find((o) => text(o) === option), `option ${option}`)));
    };
    await pick('Comma (,)');
    await until(() => columns().length === 1, 'one column with commas');
    expect(columns()).to.deep.equal(['Mobile;Full Name']);
    expect(text(el.querySelector('.pcm-up-missing'))).to.match(/^Mandatory fields not mapped/);
    await pick('Semicolon (;)');
    await until(() => columns().length === 2, 'two columns again');
    expect(mappingValue(el, 'Mobile')).to.equal('Phone Number');
    expect(mappingValue(el, 'Full Name')).to.equal('Name');
    await click(button(el, 'Upload')!);
    const card = await until(() => el.querySelector<HTMLElement>('.pcm-up-done[data-state=COMPLETED]'), 'the import to complete', 20_000);
    expect(totalsOf(card)).to.deep.equal({ 'Total Count': '2', Accepted: '2', Error: '0' });
    const found = await api('GET', `customer/customers?search=${encodeURIComponent(phone(21))}`);
    expect(found.customers.customers.map((c: { name: string }) => c.name)).to.deep.equal(['José Núñez']);
  });

  it('replaces the segment with the file when Replace Existing Records is checked', async () => {
    const segment = (await api('POST', 'customer/tag', { name: `Replace ${run}` })).tag.id;
    for (const [n, name] of [
      [10, 'Stays Customer'],
      [11, 'In File'],
    ] as const) {
      await api('POST', 'customer/customer', { name, phoneNumber: phone(n), tags: JSON.stringify([segment]) });
    }
    const el = await mount(`uploadfile/${segment}`);
    await until(() => fileInput(el), 'the file input');
    await click([...el.querySelectorAll('label')].find((l) => text(l) === 'Replace Existing Records')!);
    chooseFile(el, `replace-${run}.csv`, ['phoneNumber,name', `${phone(11)},In File`, `${phone(12)},New One`].join('\n'));
    await until(() => el.querySelector('.pcm-up-mapping tbody tr'), 'the mapping table', 8000);
    await click(button(el, 'Upload')!);
    const card = await until(() => el.querySelector<HTMLElement>('.pcm-up-done[data-state=COMPLETED]'), 'the import to complete', 20_000);
    expect(totalsOf(card)).to.deep.equal({ 'Total Count': '2', Accepted: '2', Error: '0' });
    const members = await api('GET', `customer/customers?tags=${segment}`);
    expect(members.customers.customers.map((c: { phoneNumber: string }) => c.phoneNumber).sort()).to.deep.equal([phone(11), phone(12)]);
    // The customer not in the file left the segment but is still in the customer master.
    const left = await api('GET', `customer/customers?search=${encodeURIComponent(phone(10))}`);
    expect(left.customers.customers.map((c: { name: string }) => c.name)).to.deep.equal(['Stays Customer']);
  });
});
