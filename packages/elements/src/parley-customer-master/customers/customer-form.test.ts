import { expect } from '@esm-bundle/chai';
import { setViewport } from '@web/test-runner-commands';
import '../define.js';
import { signIn, until } from '../../test-support/demo-session.js';
import { click, field, text, typeInto } from '../../test-support/ui.js';
import {
  api,
  buttonIn,
  checkbox,
  createCustomer,
  createDefinition,
  createSegment,
  deleteDefinition,
  mount,
  ok,
  phone,
  rows,
  segmentNamed,
  toasts,
  unique,
  unmountAll,
  useToken,
  waitButton,
} from './test-kit.js';

// The customer form (customer-master 2, 4, 5, 8) as a user fills it, against the real server. The mandatory field lives
// only while the one test that needs it runs: customers other test files create meanwhile would otherwise need it.

const run = unique();
let segment: { id: string; name: string };
let email: { _id: string; fieldLabel: string };
let plan: { _id: string; fieldLabel: string };

before(async () => {
  useToken(await signIn());
  await setViewport({ width: 1280, height: 1000 });
  segment = await createSegment(`Form ${run}`);
  email = await createDefinition({ fieldName: `mail_${run}`, fieldLabel: `Email ${run}`, fieldHelpText: 'Work email', inputType: 'email' });
  plan = await createDefinition({
    fieldName: `plan_${run}`,
    fieldLabel: `Plan ${run}`,
    fieldHelpText: 'Plan bought',
    fieldType: 'selectbox-multiplevalue',
    defaultValue: 'Basic,Pro,Team',
  });
});

after(async () => {
  for (const d of [email, plan]) if (d) await deleteDefinition(d._id);
});

afterEach(unmountAll);

const errorBox = (el: HTMLElement) => [...el.querySelectorAll('.pcm-cu-errors p, .pcm-cu-errors li')].map((n) => text(n));
const input = (el: HTMLElement, label: string) => field(el, label) as HTMLInputElement;

describe('<parley-customer-master> customer form', function () {
  this.timeout(30_000);

  it('creates a customer: required checks, then the server errors listed above the form, then saved and listed', async () => {
    const code = await createDefinition({
      fieldName: `code_${run}`,
      fieldLabel: `Member Code ${run}`,
      fieldHelpText: 'From the loyalty card',
      mandatory: true,
    });
    try {
      await createThroughForm(code);
    } finally {
      await deleteDefinition(code._id);
    }
  });

  it('opens a customer in view mode; the pencil makes it editable except the phone number; Save returns to view', async () => {
    const customer = await createCustomer({
      name: `Omar ${run}`,
      twitterId: '@omar',
      data: [
        { id: email._id, value: 'omar@example.com' },
        { id: plan._id, value: ['Basic', 'Team'] },
      ],
    });
    const { el, paths } = mount(`customers/view/${customer.id}`);
    // The definitions arrive on their own call: wait for the custom fields too, not only the customer.
    await until(
      () => input(el, 'Name')?.value === `Omar ${run}` && checkbox(el, segment.name) && input(el, email.fieldLabel) && checkbox(el, 'Team'),
      'the customer and its choices loaded',
    );
    expect(text(el.querySelector('.pcm-cu-form-head h2'))).to.equal('Update Customer');
    expect(input(el, 'Twitter ID').value).to.equal('@omar');
    expect(input(el, email.fieldLabel).value).to.equal('omar@example.com');
    expect(checkbox(el, 'Team')!.checked).to.equal(true);
    for (const label of ['Name', 'Phone Number', 'Twitter ID', email.fieldLabel])
      expect(input(el, label).disabled, `${label} disabled in view mode`).to.equal(true);
    expect(checkbox(el, 'Basic')!.disabled).to.equal(true);
    expect(buttonIn(el, 'Save'), 'no Save in view mode').to.equal(undefined);

    await click(await waitButton(el, 'Edit'));
    await until(() => !input(el, 'Name').disabled, 'editable after the pencil');
    expect(input(el, 'Phone Number').disabled, 'the phone number is never editable').to.equal(true);
    expect(input(el, 'Phone Number').value).to.equal(customer.phoneNumber);
    await typeInto(input(el, 'Name'), `Omar Khan ${run}`);
    await click(checkbox(el, 'Team')!);
    await click(buttonIn(el, 'Save')!);
    await until(() => toasts().includes('Customer Saved Successfully'), 'saved');
    await until(() => input(el, 'Name').disabled && !buttonIn(el, 'Save'), 'back in view mode');
    expect(paths).to.deep.equal([]);
    const saved = (await ok('GET', `customer/customers/${customer.id}`)).customer;
    expect(saved.name).to.equal(`Omar Khan ${run}`);
    expect(saved.data).to.deep.include({ id: plan._id, value: ['Basic'] });

    // Cancel from edit mode goes to the list.
    await click(await waitButton(el, 'Edit'));
    await click(buttonIn(el, 'Cancel')!);
    expect(paths.at(-1)).to.equal('customers');
    expect((await api('GET', `customer/customers/${customer.id}`)).data.customer.name).to.equal(`Omar Khan ${run}`);
  });
});

/** The create form driven from empty to a saved, listed customer; `code` is the mandatory custom field. */
async function createThroughForm(code: { _id: string; fieldLabel: string }) {
  const taken = await createCustomer({ name: `Taken ${run}`, data: [{ id: code._id, value: 'T1' }] });
  const { el, paths } = mount('customers/create');
  await until(() => text(el.querySelector('.pcm-cu-form-head h2')) === 'Create Customer', 'the create header');
  await until(() => field(el, code.fieldLabel), 'the custom fields under Other Details');
  // Labels load last and push Save down: aim only once the form stands still.
  await until(() => checkbox(el, segment.name), 'the labels to choose from');
  expect(text(el.querySelector('[aria-label="Other Details"] h3'))).to.equal('Other Details');
  for (const label of ['Whatsapp', 'Twitter ID', 'Facebook ID', 'Instagram ID']) expect(field(el, label), label).to.not.equal(null);
  expect(text(el)).to.contain('From the loyalty card');

  // Nothing given: the client refuses with the spec's words and nothing is sent.
  await click(buttonIn(el, 'Save')!);
  await until(() => text(el).includes(`Member Code ${run} is required`), 'the mandatory custom field message');
  expect(text(el.querySelector('[aria-label="Basic Details"]')).match(/This field is required/g)).to.have.length(2);
  expect(errorBox(el)).to.deep.equal([]);

  // What only the server knows: the phone number is taken and the email is not one.
  await typeInto(input(el, 'Name'), `Nadia ${run}`);
  await typeInto(input(el, 'Phone Number'), taken.phoneNumber);
  await typeInto(input(el, code.fieldLabel), 'M100');
  await typeInto(input(el, email.fieldLabel), 'not-an-email');
  await click(checkbox(el, 'Pro')!);
  await click(checkbox(el, segment.name)!);
  await click(buttonIn(el, 'Save')!);
  await until(() => errorBox(el).length > 0, 'the server errors above the form');
  expect(errorBox(el)[0]).to.equal('Save Failed. Please check for errors in fields');
  expect(errorBox(el)).to.include('A customer with this phone number already exists');
  expect(errorBox(el)).to.include(`Email ${run} must be a valid email address`);
  const box = el.querySelector('.pcm-cu-errors')!;
  expect(
    box.compareDocumentPosition(el.querySelector('[aria-label="Basic Details"]')!) & Node.DOCUMENT_POSITION_FOLLOWING,
    'listed above the form',
  ).to.not.equal(0);

  const number = phone();
  await typeInto(input(el, 'Phone Number'), number);
  await typeInto(input(el, email.fieldLabel), 'nadia@example.com');
  await click(buttonIn(el, 'Save')!);
  await until(() => paths.at(-1) === 'customers', 'back to the list');
  await until(() => toasts().includes('Customer Saved Successfully'), 'the server message');

  // Listed in its segment, and the server holds every field.
  await click((await until(() => segmentNamed(el, segment.name), 'the segment')).button);
  await until(() => rows(el).some((r) => r[1] === `Nadia ${run}` && r[2] === number), 'the new customer listed');
  const listed = (await ok('GET', `customer/customers?tags=${segment.id}`)).customers.customers[0];
  const saved = (await ok('GET', `customer/customers/${listed.id}`)).customer;
  expect(saved.data).to.deep.include.members([
    { id: code._id, value: 'M100' },
    { id: email._id, value: 'nadia@example.com' },
    { id: plan._id, value: ['Pro'] },
  ]);
  expect(saved.tags.map((t: { id: string }) => t.id)).to.deep.equal([segment.id]);
}
