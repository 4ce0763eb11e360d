import { expect } from '@esm-bundle/chai';
import { setViewport } from '@web/test-runner-commands';
import '../define.js';
import { signIn, until } from '../../test-support/demo-session.js';
import { click, field, text, typeInto } from '../../test-support/ui.js';
import {
  allCustomersEntry,
  buttonIn,
  checkbox,
  createCustomer,
  createSegment,
  mount,
  ok,
  phone,
  rows,
  segmentEntries,
  unique,
  unmountAll,
  useToken,
  waitButton,
} from './test-kit.js';

// 'All customers' (item 14): the head of the Segments panel, with the total, listing and searching every customer,
// a customer in no segment too; Add Customer pre-ticks the segment it was opened from and returns to that list.

const run = unique();
let segment: { id: string; name: string };

before(async () => {
  useToken(await signIn());
  await setViewport({ width: 1280, height: 1000 });
  segment = await createSegment(`All ${run}`);
});

afterEach(unmountAll);

const title = (el: HTMLElement) => text(el.querySelector('.pcm-cu-toolbar-title'));
const total = async () => (await ok('GET', 'customer/customers/count')).count as number;
const search = (el: HTMLElement) => el.querySelector<HTMLInputElement>('input[aria-label="Search customers"]')!;

/** Fills the create form's basic details and saves it. */
async function addThroughForm(el: HTMLElement, name: string) {
  await until(() => text(el.querySelector('.pcm-cu-form-head h2')) === 'Create Customer' && checkbox(el, segment.name), 'the create form and its labels');
  await typeInto(field(el, 'Name')!, name);
  await typeInto(field(el, 'Phone Number')!, phone());
  await click(buttonIn(el, 'Save')!);
}

describe('<parley-customer-master> All customers', function () {
  this.timeout(30_000);

  it('heads the Segments panel with the total; lists and searches a customer saved without a label', async () => {
    await createCustomer({ name: `Unlabelled ${run}` });
    const count = await total();
    const { el, paths } = mount('customers');
    const all = await until(() => allCustomersEntry(el), "the 'All customers' entry");
    expect(el.querySelector('.pcm-cu-segments li')?.contains(all.button), 'at the top of the list').to.equal(true);
    await until(() => allCustomersEntry(el)!.count === String(count), 'the total count');
    await until(() => segmentEntries(el).some((s) => s.selected), 'the first segment selected on load, as before');
    expect(allCustomersEntry(el)!.selected).to.equal(false);

    await click(allCustomersEntry(el)!.button);
    await until(() => allCustomersEntry(el)!.selected && title(el) === 'All customers', "'All customers' selected");
    expect(paths.at(-1)).to.equal('customers/all');
    expect(
      segmentEntries(el).some((s) => s.selected),
      'no segment highlighted',
    ).to.equal(false);
    expect(buttonIn(el, 'Upload'), 'an upload goes into a segment: none offered here').to.equal(undefined);
    await typeInto(search(el), `Unlabelled ${run}`);
    await until(() => rows(el).length === 1 && rows(el)[0]![1] === `Unlabelled ${run}`, 'the unlabelled customer found');
  });

  it('Add Customer from a segment pre-ticks it and, saved, returns to that segment with the customer in it', async () => {
    const { el, paths } = mount(`customers/segment/${segment.id}`);
    await until(() => title(el) === segment.name && segmentEntries(el).find((s) => s.name === segment.name)?.selected, 'the segment from the path');
    await click(await waitButton(el, 'Add Customer'));
    expect(paths.at(-1)).to.equal(`customers/segment/${segment.id}/create`);
    await until(() => checkbox(el, segment.name)?.checked, 'the segment pre-ticked');
    await addThroughForm(el, `Ticked ${run}`);
    await until(() => paths.at(-1) === `customers/segment/${segment.id}`, 'back to the segment');
    await until(() => title(el) === segment.name && rows(el).some((r) => r[1] === `Ticked ${run}`), 'the new customer in its segment');
    await until(() => segmentEntries(el).find((s) => s.name === segment.name)?.count === '1', 'the segment counted it');
  });

  it('Add Customer from All customers pre-ticks nothing and returns to All customers', async () => {
    const before = await total();
    const { el, paths } = mount('customers/all');
    await until(() => allCustomersEntry(el)?.selected && allCustomersEntry(el)!.count === String(before), "'All customers' from the path, counted");
    await click(await waitButton(el, 'Add Customer'));
    expect(paths.at(-1)).to.equal('customers/all/create');
    await until(() => checkbox(el, segment.name), 'the labels');
    expect(checkbox(el, segment.name)!.checked, 'nothing pre-ticked').to.equal(false);
    await addThroughForm(el, `Free ${run}`);
    await until(() => paths.at(-1) === 'customers/all', "back to 'All customers'");
    await until(() => title(el) === 'All customers' && allCustomersEntry(el)!.count === String(before + 1), 'the total grown by one');
    await typeInto(search(el), `Free ${run}`);
    await until(() => rows(el).length === 1, 'the new customer found');
    expect((await ok('GET', `customer/customers?search=${encodeURIComponent(`Free ${run}`)}`)).customers.customers[0].tags).to.deep.equal([]);
  });
});
