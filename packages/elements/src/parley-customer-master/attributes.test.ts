import { expect } from '@esm-bundle/chai';
import axe from 'axe-core';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { DefinitionMessages, LENGTH_INPUT_TYPES, TEXTAREA_INPUT_TYPES, type Definition } from '@parley/sdk/contract/customer-definitions';
import './define.js';
import { API_BASE, signIn, until } from '../test-support/demo-session.js';
import { cellsOf, columnHeaders, dataRows, gridIn, nameOf, rowNamed } from '../test-support/grid.js';
import { click, steady, text, typeInto } from '../test-support/ui.js';
import { COLUMNS } from './attributes/DefinitionsTable.js';
import { DefinitionTexts, LENGTH_INPUT_TYPES as LENGTH_TYPES, TEXTAREA_INPUT_TYPES as TEXTAREA_TYPES } from './attributes/definition-texts.js';
import { dialogNotToast, toasts } from '../test-support/toasts.js';

// Manage Customer Attributes (customer-master 2, 3, 5, 8) against the real server. Definitions are shared by every
// test file, so each field made here has a unique name, none is mandatory (that would bind other files' customers),
// and all are deleted at the end.

let admin: string;
const run = Math.random().toString(36).slice(2, 7);
const made: string[] = [];
let mounted: HTMLElement[] = [];

async function api(method: string, path: string, body?: Record<string, unknown>, token = admin): Promise<any> {
  const res = await fetch(`${API_BASE}/${path}`, {
    method,
    headers: { 'authentication-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const reply = await res.json();
  if (!reply.status) throw new Error(`${method} ${path}: ${reply.message} ${JSON.stringify(reply.errors ?? '')}`);
  return reply.data;
}
const definitions = async (): Promise<Definition[]> => (await api('GET', 'customer/definitions')).inputFieldDefinitions;
async function createField(fieldName: string, fieldLabel: string): Promise<Definition> {
  made.push(fieldName);
  const body = {
    fieldName,
    fieldLabel,
    fieldHelpText: 'made by attributes.test',
    fieldType: 'text',
    inputType: 'alphanumeric',
    mandatory: false,
    validations: [],
  };
  return (await api('POST', 'customer/definition', body)).inputFieldDefinition;
}

async function mount(view = 'definition', token = admin) {
  const el = document.createElement('parley-customer-master');
  el.setAttribute('api-base', API_BASE);
  el.setAttribute('token', token);
  el.setAttribute('view', view);
  document.body.append(el);
  mounted.push(el);
  await until(() => row(el, 'Phone Number') && row(el, 'Name'), 'the definitions table', 8000);
  // An administrator's actions show once the profile has answered.
  if (token === admin) await until(() => button(el, 'Add Fields'), 'the Add Fields button');
  return el;
}

const table = (el: HTMLElement) => gridIn(el, 'Customer Attributes');
/** A definition's row, by its label (the row's name). */
const row = (el: HTMLElement, fieldLabel: string) => rowNamed(table(el), fieldLabel);
/** The rows' labels, top to bottom. */
const order = (el: HTMLElement) => dataRows(table(el)).map((r) => nameOf(r));
/** axe's serious and critical findings inside `root`, one line a rule. */
async function seriousAxeProblems(root: HTMLElement) {
  const results = await axe.run(root, { resultTypes: ['violations'] });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
const button = (root: ParentNode, label: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => text(b) === label || b.getAttribute('aria-label') === label);
const panel = () => document.querySelector<HTMLElement>('.pcm-def-panel');
/** A field of the panel by its visible label, and what Spectrum shows under it (its error, else its description). */
function labelled(root: HTMLElement, label: string) {
  const tag = [...root.querySelectorAll('label, span[id]')].find((l) => text(l).replace(/[*\s]+$/, '') === label);
  if (!tag) return null;
  const input = tag instanceof HTMLLabelElement && tag.htmlFor ? document.getElementById(tag.htmlFor) : null;
  const picker = root.querySelector<HTMLElement>(`button[aria-labelledby~="${tag.id}"]`);
  const control = (input ?? picker) as HTMLElement | null;
  const describedBy = (control?.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return { control, error: describedBy.map((id) => text(document.getElementById(id))).join(' ') };
}
const inputOf = (label: string) => labelled(panel()!, label)?.control as HTMLInputElement;
const errorOf = (label: string) => labelled(panel()!, label)?.error ?? '';

async function choose(pickerLabel: string, option: string) {
  await click(labelled(panel()!, pickerLabel)!.control!);
  const item = await until(() => [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => text(o) === option), `option ${option}`);
  await steady(item);
  await click(item);
  await until(() => !document.querySelector('[role="listbox"]'), 'the options to close');
}
async function check(label: string) {
  const box = [...panel()!.querySelectorAll('label')].find((l) => text(l) === label)!;
  await click(box);
}

describe('<parley-customer-master> attribute definitions', function () {
  this.timeout(30_000);

  before(async () => {
    admin = await signIn();
    // The table draws only the columns in view: wide enough for all of them, as on a desktop.
    await setViewport({ width: 1440, height: 900 });
  });
  afterEach(() => {
    for (const el of mounted) el.remove();
    mounted = [];
    panel()?.remove();
  });
  after(async () => {
    for (const d of await definitions()) if (made.includes(d.fieldName)) await api('DELETE', `customer/definitions/${d._id}`);
  });

  it("states the contract's messages and input types as the contract does", () => {
    for (const key of Object.keys(DefinitionTexts) as (keyof typeof DefinitionTexts)[]) expect(DefinitionTexts[key]).to.equal(DefinitionMessages[key]);
    expect(TEXTAREA_TYPES).to.deep.equal(TEXTAREA_INPUT_TYPES);
    expect(LENGTH_TYPES).to.deep.equal(LENGTH_INPUT_TYPES);
  });

  it('lists the two built-ins first, read-only, with their rules in the spec columns', async () => {
    const custom = await createField(`order_${run}`, `Order ${run}`);
    const el = await mount();
    await until(() => row(el, custom.fieldLabel), 'the custom row');
    const heads = columnHeaders(table(el));
    expect(heads.slice(1)).to.deep.equal([
      'Field Label',
      'Field Type',
      'Input Type',
      'Mandatory',
      'Min.Char',
      'Max.Char',
      'Allow Spl Char',
      'Allowed Spl Chars.',
      'Action',
    ]);
    expect(order(el).slice(0, 2)).to.deep.equal(['Phone Number', 'Name']);
    // Cells after the drag handle's: label, then the rules.
    const phone = cellsOf(row(el, 'Phone Number')!);
    expect(phone.slice(2, 9)).to.deep.equal(['Text', 'Alphanumeric', 'Yes', '10', '100000', 'Yes', '+']);
    expect(cellsOf(row(el, 'Name')!).slice(2, 9)).to.deep.equal(['Text', 'Alphanumeric', 'Yes', '2', '30', 'Yes', '-']);
    for (const builtIn of ['Phone Number', 'Name']) {
      const r = row(el, builtIn)!;
      expect(r.getAttribute('draggable'), `${builtIn} has no handle`).to.not.equal('true');
      expect(r.querySelectorAll('button')).to.have.length(0);
      expect(cellsOf(r).at(-1)).to.equal('Built-in');
    }
    // Spectrum shows a row's drag handle once the row has keyboard focus: a user clicks into it, then uses the arrows.
    await click(row(el, custom.fieldLabel)!.querySelector('.pcm-def-label')!);
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowLeft' });
    const mine = row(el, custom.fieldLabel)!;
    await until(() => {
      const handle = mine.querySelector<HTMLElement>(`[role="button"][aria-label="Drag ${custom.fieldLabel}"]`);
      return handle && handle.getBoundingClientRect().width > 1;
    }, 'the drag handle to show');
    expect(await seriousAxeProblems(el)).to.deep.equal([]);
    expect(button(mine, `Edit ${custom.fieldLabel}`)).to.not.equal(undefined);
    expect(button(mine, `Delete ${custom.fieldLabel}`)).to.not.equal(undefined);
  });

  it('shows a reader the table without Add Fields, handles or actions', async () => {
    const reader = await signIn('agent@parley.dev');
    const el = await mount('definition', reader);
    // The profile answers after the list may: give it the time to.
    await new Promise((r) => setTimeout(r, 500));
    expect(button(el, 'Add Fields')).to.equal(undefined);
    expect(columnHeaders(table(el))).to.deep.equal([...COLUMNS]);
    expect(table(el)!.querySelectorAll('button')).to.have.length(0);
  });

  it('adds a field in the side panel: required messages first, then the saved row with its rules', async () => {
    const el = await mount();
    await click(button(el, 'Add Fields')!);
    await until(() => panel(), 'the side panel');
    expect(text(panel()!.querySelector('h3'))).to.equal('Add New Field');
    await click(button(panel()!, 'Create')!);
    await until(() => errorOf('Field Name') === 'This field is required', 'the required messages');
    for (const label of ['Field Name', 'Field Label', 'Help Text', 'Field Type']) expect(errorOf(label), label).to.equal('This field is required');
    expect(labelled(panel()!, 'Input Type')).to.equal(null);

    const fieldName = `nick_${run}`;
    made.push(fieldName);
    await typeInto(inputOf('Field Name'), fieldName);
    await typeInto(inputOf('Field Label'), `Nickname ${run}`);
    await typeInto(inputOf('Help Text'), 'What friends call the customer');
    // A dropdown asks for its values and has no input type; text asks for an input type.
    await choose('Field Type', 'Select');
    expect(labelled(panel()!, 'Input Type')).to.equal(null);
    await until(() => errorOf('Dropdown Values') === 'This field is required', 'the dropdown values message');
    await choose('Field Type', 'Text');
    await until(() => errorOf('Input Type') === 'This field is required', 'the input type message');
    expect(labelled(panel()!, 'Dropdown Values')).to.equal(null);
    expect(labelled(panel()!, 'Min.Char')).to.equal(null);
    await choose('Input Type', 'Alphabets');
    await typeInto(inputOf('Min.Char'), '2');
    await typeInto(inputOf('Max.Char'), '20');
    await sendKeys({ press: 'Tab' });
    expect(labelled(panel()!, 'Allowed Special Characters')).to.equal(null);
    await check('Allow Special Characters');
    await until(() => labelled(panel()!, 'Allowed Special Characters'), 'the allowed characters field');
    await typeInto(inputOf('Allowed Special Characters'), '-.');
    await check('Include comma');
    await click(button(panel()!, 'Create')!);

    await until(() => !panel() && row(el, `Nickname ${run}`), 'the panel to close and the row to show', 6000);
    await until(() => toasts().includes('Field Saved Successfully'), 'the toast');
    expect(cellsOf(row(el, `Nickname ${run}`)!).slice(1, 9)).to.deep.equal([`Nickname ${run}`, 'Text', 'Alphabets', 'No', '2', '20', 'Yes', '- . ,']);
    const saved = (await definitions()).find((d) => d.fieldName === fieldName)!;
    expect(saved.validations).to.deep.equal([
      { id: 'minValue', value: 2 },
      { id: 'maxValue', value: 20 },
      { id: 'allowSpecialChars', value: true },
      { id: 'allowedChars', value: ['-', '.', ','] },
    ]);
    expect(saved.commaIncluded).to.equal(true);
  });

  it("lists the server's refusal (a field name in use) under 'Save Failed'", async () => {
    const taken = await createField(`taken_${run}`, `Taken ${run}`);
    const el = await mount('definition/add');
    await until(() => panel(), 'the side panel');
    await typeInto(inputOf('Field Name'), taken.fieldName);
    await typeInto(inputOf('Field Label'), 'Another label');
    await typeInto(inputOf('Help Text'), 'Duplicate name');
    await choose('Field Type', 'Textarea');
    await choose('Input Type', 'Alphanumeric');
    await click(button(panel()!, 'Create')!);
    const summary = await until(() => panel()!.querySelector('.pcm-def-refusal'), 'the refusal summary');
    expect(text(summary.querySelector('strong'))).to.equal('Save Failed. Please check for errors in fields');
    expect([...summary.querySelectorAll('li')].map((li) => text(li))).to.deep.equal(['Field Name: Field name already exists']);
    expect(errorOf('Field Name')).to.equal('Field name already exists');
    await until(() => toasts().includes('Save Failed. Please check for errors in fields'), 'the toast');
    // The one-off row did not appear.
    expect(order(el).filter((f) => f === taken.fieldLabel)).to.have.length(1);
  });

  it('edits a field in the panel, prefilled, and saves the change', async () => {
    const field = await createField(`edit_${run}`, `Edit me ${run}`);
    const el = await mount();
    await until(() => row(el, field.fieldLabel), 'the row');
    await click(button(row(el, field.fieldLabel)!, `Edit ${field.fieldLabel}`)!);
    await until(() => panel(), 'the side panel');
    expect(text(panel()!.querySelector('h3'))).to.equal('Edit Field');
    expect(inputOf('Field Name').value).to.equal(field.fieldName);
    expect(text(labelled(panel()!, 'Input Type')!.control)).to.contain('Alphanumeric');
    await typeInto(inputOf('Field Label'), `Edited ${run}`);
    await click(button(panel()!, 'Save')!);
    await until(() => !panel() && row(el, `Edited ${run}`), 'the edited label');
    expect((await definitions()).find((d) => d._id === field._id)!.fieldLabel).to.equal(`Edited ${run}`);
  });

  it('moves a row up, and the order holds after a reload', async () => {
    const first = await createField(`first_${run}`, `First ${run}`);
    const second = await createField(`second_${run}`, `Second ${run}`);
    let el = await mount();
    await until(() => row(el, second.fieldLabel), 'the rows');
    const before = order(el);
    expect(before.indexOf(second.fieldLabel)).to.equal(before.indexOf(first.fieldLabel) + 1);
    await click(button(row(el, second.fieldLabel)!, `Move ${second.fieldLabel} up`)!);
    await until(() => toasts().includes('Fields Reordered Successfully'), 'the reorder notice');
    const expected = [...before];
    expected.splice(before.indexOf(first.fieldLabel), 2, second.fieldLabel, first.fieldLabel);
    expect(order(el)).to.deep.equal(expected);

    el.remove();
    el = await mount();
    await until(() => row(el, first.fieldLabel), 'the rows after reload');
    expect(order(el).indexOf(second.fieldLabel)).to.equal(order(el).indexOf(first.fieldLabel) - 1);
    const stored = (await definitions()).filter((d) => !d.builtIn).map((d) => d.fieldName);
    expect(stored.indexOf(second.fieldName)).to.equal(stored.indexOf(first.fieldName) - 1);
  });

  it('deletes a field only after confirmation', async () => {
    const field = await createField(`gone_${run}`, `Gone ${run}`);
    const el = await mount();
    await until(() => row(el, field.fieldLabel), 'the row');
    await click(button(row(el, field.fieldLabel)!, `Delete ${field.fieldLabel}`)!);
    let dialog = await until(() => dialogNotToast('[role="alertdialog"]'), 'the confirmation');
    await click(button(await steady(dialog), 'Cancel')!);
    await until(() => !dialogNotToast('[role="alertdialog"]'), 'the dialog to close');
    expect(row(el, field.fieldLabel)).to.not.equal(undefined);

    await click(button(row(el, field.fieldLabel)!, `Delete ${field.fieldLabel}`)!);
    dialog = await until(() => dialogNotToast('[role="alertdialog"]'), 'the confirmation');
    await click(button(await steady(dialog), 'Delete')!);
    await until(() => !row(el, field.fieldLabel), 'the row to go');
    await until(() => toasts().includes('Field Deleted Successfully'), 'the toast');
    expect((await definitions()).some((d) => d._id === field._id)).to.equal(false);
  });
});
