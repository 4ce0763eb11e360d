import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import './define.js';
import { API_BASE, DEMO, signIn, until } from '../test-support/demo-session.js';
import { cellsOf, columnHeaders, dataRows, emptyText, gridIn, nameOf, rowCount } from '../test-support/grid.js';
import { click, steady, text, typeInto } from '../test-support/ui.js';
import type { CustomersSelectedDetail, PickedCustomer } from './events.js';

// The "Customer's List" picker (customer-master 2, 3, 9) as a user sees it, against the real server: two segments
// of this run's own customers (four named ones, and sixteen for paging), then the modal is opened on each.

let admin: string;
const run = Math.random().toString(36).slice(2, 8);
const people: (PickedCustomer & { first: string })[] = [];
const paged: PickedCustomer[] = [];
let peopleSegment: string;
let pagingSegment: string;
let mounted: HTMLElement[] = [];

async function api(method: string, path: string, body?: unknown, token = admin): Promise<any> {
  const res = await fetch(`${API_BASE}/${path}`, {
    method,
    headers: { 'authentication-token': token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = await res.json();
  if (!reply.status) throw new Error(`${method} ${path}: ${reply.message} ${JSON.stringify(reply.errors ?? '')}`);
  return reply.data;
}

/** An Indian mobile number no other run uses: +91 98 and eight random digits. */
const phone = () => `+91 98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function customer(name: string, segment: string): Promise<PickedCustomer> {
  const { customer: saved } = await api('POST', 'customer/customer', { name, phoneNumber: phone(), tags: [segment] });
  return { name: saved.name, phoneNumber: saved.phoneNumber };
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const grid = () => gridIn(dialog(), 'Customers');
/** The rows drawn: the list scrolls inside the dialog and draws only those in view (rowCount counts them all). */
const rows = () => dataRows(grid());
const shown = () =>
  rows()
    .map((row) => cellsOf(row))
    .map(([, name, phoneNumber]) => ({ name: name!, phoneNumber: phoneNumber! }));
const names = () => shown().map((c) => c.name);
const busy = () => !!dialog()?.querySelector('[aria-label="Loading customers"]');
const button = (label: string) => [...(dialog()?.querySelectorAll('button') ?? [])].find((b) => text(b) === label) as HTMLButtonElement;
const checkbox = (label: string) => [...dialog()!.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find((box) => nameOf(box) === label)!;
const count = () => text(dialog()?.querySelector('.pcp-count'));
const sameSet = (a: string[], b: string[]) => expect([...a].sort()).to.deep.equal([...b].sort());

/** Mounts an open picker and waits until its modal has settled on a first answer. */
async function mount(options: { segment?: string; token?: string } = {}) {
  const el = document.createElement('parley-customer-picker');
  el.setAttribute('api-base', API_BASE);
  el.setAttribute('token', options.token ?? admin);
  if (options.segment) el.setAttribute('segment-id', options.segment);
  document.body.append(el);
  mounted.push(el);
  el.open = true;
  await steady(await until(dialog, 'the modal'));
  await until(() => !busy() && (rows().length > 0 || emptyText(grid()) || dialog()!.querySelector('.pcp-error')), 'the first page', 8000);
  return el;
}

/** The events the element sends, heard on the document (they bubble). */
function listen() {
  const heard: { type: string; detail: unknown }[] = [];
  const record = (e: Event) => heard.push({ type: e.type, detail: (e as CustomEvent).detail });
  document.addEventListener('parley-close', record);
  document.addEventListener('parley-customers-selected', record);
  const stop = () => {
    document.removeEventListener('parley-close', record);
    document.removeEventListener('parley-customers-selected', record);
  };
  return { heard, stop };
}

/** What a user clicks at the middle of an element: the topmost node there that takes the pointer. */
function underPointer(node: Element) {
  const r = node.getBoundingClientRect();
  return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
}

/**
 * Scrolls a check box into view and clicks it once the list has stopped moving: while its rows scroll (and for
 * 300 ms after) Spectrum's table lets the pointer through to the table body, so a click then ticks nothing.
 */
async function tick(box: HTMLInputElement) {
  box.scrollIntoView({ block: 'center' });
  await until(async () => {
    // The scroll event that sets the table scrolling comes with the next frame.
    await new Promise((r) => requestAnimationFrame(r));
    return underPointer(box) === box;
  }, 'the list to stop scrolling');
  await click(box);
}

async function search(term: string) {
  await typeInto(dialog()!.querySelector<HTMLInputElement>('input[aria-label="Search customers"]')!, term);
}

describe('<parley-customer-picker>', function () {
  this.timeout(30_000);

  before(async function () {
    this.timeout(60_000);
    admin = await signIn();
    peopleSegment = (await api('POST', 'customer/tag', { name: `Picker ${run}` })).tag.id;
    for (const first of ['Asha', 'Bilal', 'Chitra', 'Dev']) people.push({ first, ...(await customer(`${first} ${run}`, peopleSegment)) });
    pagingSegment = (await api('POST', 'customer/tag', { name: `Picker paging ${run}` })).tag.id;
    for (let n = 1; n <= 16; n++) paged.push(await customer(`Page ${String(n).padStart(2, '0')} ${run}`, pagingSegment));
  });

  afterEach(async () => {
    for (const node of mounted) node.remove();
    mounted = [];
    await until(() => !dialog(), 'the modal to go');
  });

  it("shows the modal only while open is set, titled Customer's List", async () => {
    const el = document.createElement('parley-customer-picker');
    el.setAttribute('token', admin);
    el.setAttribute('segment-id', peopleSegment);
    document.body.append(el);
    mounted.push(el);
    await new Promise((r) => setTimeout(r, 300));
    expect(dialog()).to.equal(null);
    expect(el.open).to.equal(false);
    el.setAttribute('open', '');
    await until(() => rows().length === 4, "the segment's customers", 8000);
    expect(text(dialog()!.querySelector('h2'))).to.equal("Customer's List");
    el.open = false;
    await until(() => !dialog(), 'the modal to close');
    expect(el.hasAttribute('open')).to.equal(false);
  });

  it("lists the segment's customers with name and phone number, none selected", async () => {
    await mount({ segment: peopleSegment });
    expect(shown()).to.have.deep.members(people.map(({ name, phoneNumber }) => ({ name, phoneNumber })));
    expect(people.every((p) => /^\+9198\d{8}$/.test(p.phoneNumber))).to.equal(true);
    expect(columnHeaders(grid())).to.deep.equal(['Select All', 'Name', 'Phone Number']);
    expect(count()).to.equal('0 selected');
    expect(button('Yes').disabled).to.equal(true);
    expect(button('Previous').disabled).to.equal(true);
    expect(button('Next').disabled).to.equal(true);
  });

  it('narrows the list to what is searched, and says No Record Found when nothing matches', async () => {
    await mount({ segment: peopleSegment });
    await search('Chitra');
    await until(() => !busy() && names().length === 1, 'the search to narrow the list');
    expect(names()).to.deep.equal([`Chitra ${run}`]);
    await search('Zebedee');
    await until(() => emptyText(grid()) === 'No Record Found', 'the empty list');
    expect(rows()).to.have.length(0);
    await search('');
    await until(() => !busy() && rows().length === 4, 'the whole segment again');
  });

  it('pages 15 at a time, and a new search starts again on page 1', async () => {
    await mount({ segment: pagingSegment });
    expect(rowCount(grid())).to.equal(15);
    expect(button('Next').disabled).to.equal(false);
    const first = names();
    await click(button('Next'));
    await until(() => !busy() && rows().length === 1, 'page 2');
    // Newest first: the one left for page 2 is the first created.
    expect(names()).to.deep.equal([paged[0]!.name]);
    expect(text(dialog()!.querySelector('.pcp-page'))).to.equal('Page 2');
    expect(button('Next').disabled).to.equal(true);
    await click(button('Previous'));
    await until(() => !busy() && rowCount(grid()) === 15, 'page 1 again');
    expect(names()).to.deep.equal(first);
    await click(button('Next'));
    await until(() => !busy() && rows().length === 1, 'page 2 again');
    await search('Page');
    await until(() => !busy() && rowCount(grid()) === 15, 'the search on page 1');
    expect(text(dialog()!.querySelector('.pcp-page'))).to.equal('Page 1');
  });

  it('keeps ticks across pages: select-all on page 1 and one on page 2 hand over all sixteen', async () => {
    const el = await mount({ segment: pagingSegment });
    const events = listen();
    try {
      await tick(checkbox('Select All'));
      await until(() => count() === '15 selected', '15 selected');
      await click(button('Next'));
      await until(() => !busy() && rows().length === 1, 'page 2');
      expect(checkbox('Select All').checked).to.equal(false);
      await tick(checkbox(`Select ${paged[0]!.name}`));
      await until(() => count() === '16 selected', '16 selected');
      await click(button('Previous'));
      await until(() => !busy() && rowCount(grid()) === 15, 'page 1 again');
      expect(checkbox('Select All').checked).to.equal(true);
      // Unticking the page keeps the tick of page 2.
      await tick(checkbox('Select All'));
      await until(() => count() === '1 selected', 'page 1 unticked');
      await tick(checkbox('Select All'));
      await until(() => count() === '16 selected', 'page 1 ticked again');
      await click(button('Yes'));
      await until(() => events.heard.length > 0, 'the selection event');
      expect(events.heard.map((e) => e.type)).to.deep.equal(['parley-customers-selected']);
      sameSet(
        (events.heard[0]!.detail as CustomersSelectedDetail).customers.map((c) => c.name),
        paged.map((c) => c.name),
      );
      await until(() => !dialog(), 'the modal to close');
      expect(el.open).to.equal(false);
    } finally {
      events.stop();
    }
  });

  it('Yes hands over exactly the two customers ticked, across a search, then closes and forgets them', async () => {
    const el = await mount({ segment: peopleSegment });
    const [asha, , chitra] = people;
    const events = listen();
    try {
      await tick(checkbox(`Select ${asha!.name}`));
      await search('Chitra');
      await until(() => !busy() && names().length === 1, 'the search');
      await tick(checkbox(`Select ${chitra!.name}`));
      await until(() => count() === '2 selected', '2 selected');
      await search('');
      await until(() => !busy() && rows().length === 4, 'the whole segment');
      expect(checkbox(`Select ${asha!.name}`).checked).to.equal(true);
      expect(checkbox('Select All').checked).to.equal(false);
      await click(button('Yes'));
      await until(() => !dialog(), 'the modal to close');
      expect(events.heard).to.have.length(1);
      expect(events.heard[0]!.type).to.equal('parley-customers-selected');
      expect((events.heard[0]!.detail as CustomersSelectedDetail).customers).to.deep.equal([
        { name: asha!.name, phoneNumber: asha!.phoneNumber },
        { name: chitra!.name, phoneNumber: chitra!.phoneNumber },
      ]);
      expect(el.open).to.equal(false);
      el.open = true;
      await until(() => !busy() && rows().length === 4, 'the list again', 8000);
      expect(count()).to.equal('0 selected');
      expect(checkbox(`Select ${asha!.name}`).checked).to.equal(false);
    } finally {
      events.stop();
    }
  });

  it('No closes with parley-close and hands over nothing; so does Escape', async () => {
    const el = await mount({ segment: peopleSegment });
    const events = listen();
    try {
      await tick(checkbox(`Select ${people[1]!.name}`));
      await until(() => count() === '1 selected', '1 selected');
      await click(button('No'));
      await until(() => !dialog(), 'the modal to close');
      expect(events.heard).to.deep.equal([{ type: 'parley-close', detail: null }]);
      expect(el.open).to.equal(false);
      el.open = true;
      await steady(await until(dialog, 'the modal again'));
      await sendKeys({ press: 'Escape' });
      await until(() => !dialog(), 'the modal to close on Escape');
      expect(events.heard.map((e) => e.type)).to.deep.equal(['parley-close', 'parley-close']);
      expect(el.hasAttribute('open')).to.equal(false);
    } finally {
      events.stop();
    }
  });

  it("shows the server's refusal instead of a table to a user without CUSTOMER.VIEW", async () => {
    const viewer = await signIn(DEMO.viewer);
    const refusal = await fetch(`${API_BASE}/customer/customers?from=0&perPage=15`, { headers: { 'authentication-token': viewer } }).then((r) => r.json());
    expect(refusal.status).to.equal(false);
    expect(refusal.code).to.equal(1403);
    await mount({ token: viewer });
    expect(text(dialog()!.querySelector('.pcp-error[role="alert"]'))).to.equal(refusal.message);
    expect(grid()).to.equal(null);
    expect(button('Next').disabled).to.equal(true);
    expect(button('Yes').disabled).to.equal(true);
  });
});
