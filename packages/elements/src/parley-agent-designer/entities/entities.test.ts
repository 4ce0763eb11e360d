import { expect } from '@esm-bundle/chai';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../define.js';
import { API_BASE, DEMO, signIn, until } from '../../test-support/demo-session.js';
import { click as clickAt, text, typeInto } from '../../test-support/ui.js';
import { dialogNotToast, toasts } from '../../test-support/toasts.js';

// The entity list and form (agent-designer 2, 4, 5, 8) driven as a user drives them, against the real server.

let admin: string;
let mounted: HTMLElement[] = [];

async function api(method: string, path: string, options: { token?: string; form?: Record<string, string>; json?: unknown } = {}): Promise<any> {
  const headers: Record<string, string> = { 'authentication-token': options.token ?? admin };
  let body: BodyInit | undefined;
  if (options.form) body = new URLSearchParams(options.form);
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const res = await fetch(`${API_BASE}/${path}`, { method, headers, body });
  return res.json();
}

async function createAgent(): Promise<string> {
  const reply = await api('POST', 'nlp/agent', {
    form: { name: `Entities ${Math.random().toString(36).slice(2, 10)}`, description: 'entity screens', type: 'nlp' },
  });
  expect(reply.status, reply.message).to.equal(true);
  return reply.data.id as string;
}

async function createEntity(agentId: string, name: string, values: unknown[] = [{ value: 'v', type: 'synonyms', synonyms: ['w'] }]): Promise<string> {
  const reply = await api('POST', 'nlp/entity', { json: { agentId, name, values } });
  expect(reply.status, reply.message).to.equal(true);
  return reply.data.id as string;
}

/** Mounts the element standalone (it moves itself on navigation) and records the paths it announces. */
function mount(view: string, token = admin) {
  const el = document.createElement('parley-agent-designer');
  el.setAttribute('api-base', API_BASE);
  el.setAttribute('token', token);
  el.setAttribute('view', view);
  const paths: string[] = [];
  el.addEventListener('parley-navigate', (e) => paths.push((e as CustomEvent<{ path: string }>).detail.path));
  document.body.append(el);
  mounted.push(el);
  return { el, paths };
}

/** The create form, once the profile has answered and the form is editable (Create shows). */
async function openCreate(agentId: string) {
  const m = mount(`bots/${agentId}/entity-list/create`);
  await waitButton(m.el, 'Create');
  return m;
}

const buttonIn = (root: ParentNode, label: string) =>
  [...root.querySelectorAll('button')].find((b) => text(b) === label || b.getAttribute('aria-label') === label) as HTMLButtonElement | undefined;
const waitButton = (root: ParentNode, label: string) => until(() => buttonIn(root, label), `button ${label}`);
/** A text field by its aria-label or its visible label (Spectrum links the label with `for`). */
function input(root: ParentNode, label: string): HTMLInputElement | HTMLTextAreaElement | null {
  const named = root.querySelector<HTMLInputElement | HTMLTextAreaElement>(`input[aria-label="${label}"], textarea[aria-label="${label}"]`);
  if (named) return named;
  const tag = [...root.querySelectorAll('label')].find((l) => text(l).replace(/[*\s]+$/, '') === label);
  const found = tag?.htmlFor ? document.getElementById(tag.htmlFor) : null;
  return found instanceof HTMLInputElement || found instanceof HTMLTextAreaElement ? found : null;
}
const waitInput = (root: ParentNode, label: string) => until(() => input(root, label), `field ${label}`);
/** The entity table's rows under its header (No Record, when empty, is a row of its own), and each row's cells. */
const entityRows = (el: HTMLElement) =>
  [...el.querySelectorAll<HTMLElement>('[role="grid"] [role="row"]')].filter((r) => !r.querySelector('[role="columnheader"]'));
const cellsOf = (row: Element) => [...row.querySelectorAll<HTMLElement>('[role="rowheader"], [role="gridcell"]')];
const rowNames = (el: HTMLElement) => entityRows(el).map((r) => text(cellsOf(r)[0]));
const rowNamed = (el: HTMLElement, name: string) => entityRows(el).find((r) => text(cellsOf(r)[0]) === name)!;
const isDisabled = (b: HTMLButtonElement | undefined) => !b || b.disabled;
const dialog = () => dialogNotToast();

/** The entity table's buttons sit in grid cells, which lose a press released at once (ui.ts `hold`). */
const click = (target: Element) => clickAt(target, { hold: true });

/** A button of the entity table pressed from the keyboard, the way the grid is used without a mouse. */
async function press(target: HTMLElement) {
  target.focus();
  await sendKeys({ press: 'Enter' });
}

before(async () => {
  admin = await signIn();
  await setViewport({ width: 1100, height: 800 });
});

afterEach(() => {
  for (const el of mounted) el.remove();
  mounted = [];
});

describe('<parley-agent-designer> entity list', function () {
  this.timeout(20_000);

  it('creates an entity with two values and synonyms through the form; it is listed and the server holds the synonyms', async () => {
    const agentId = await createAgent();
    const { el, paths } = mount(`bots/${agentId}/entity-list`);
    await until(() => text(el.querySelector('.pad-ent-empty')) === 'No Record', 'the empty list');
    await click(await waitButton(el, 'Create Entity'));
    expect(paths.at(-1)).to.equal(`bots/${agentId}/entity-list/create`);

    const name = await waitInput(el, 'Name');
    // Before a value is given, the synonyms input is read-only and says why.
    const synonyms1 = input(el, 'Synonyms 1')!;
    expect(synonyms1.readOnly).to.equal(true);
    expect(text(el.querySelector('.pad-ent-row'))).to.contain('Please give the value and type first');
    expect(isDisabled(buttonIn(el, 'Create'))).to.equal(true);

    await typeInto(name, 'city');
    await typeInto(input(el, 'Value 1')!, 'New York');
    await until(() => !input(el, 'Synonyms 1')!.readOnly, 'synonyms editable once the value is given');
    await typeInto(input(el, 'Synonyms 1')!, 'NYC, big apple');
    await until(() => !isDisabled(buttonIn(el, 'Create')), 'Create enabled once the form is valid');

    await click(buttonIn(el, 'Add value')!);
    await typeInto(await waitInput(el, 'Value 2'), 'Paris');

    // The synonym popup: an empty synonym is refused; Enter and the add button add; a chip can be removed.
    await click(await waitButton(el, 'Edit synonyms of value 2'));
    const popup = await until(dialog, 'the synonym popup');
    expect(text(popup.querySelector('h2, [role=heading]'))).to.contain('Paris');
    await click(buttonIn(popup, 'Add synonym')!);
    await until(() => text(popup).includes('Empty synonyms cannot be added'), 'the empty-synonym message');
    await typeInto(input(popup, 'Synonym') ?? popup.querySelector('input')!, 'paname');
    await sendKeys({ press: 'Enter' });
    await until(() => buttonIn(popup, 'Remove paname'), 'paname chip');
    await typeInto(popup.querySelector('input')!, 'typo');
    await click(buttonIn(popup, 'Add synonym')!);
    await typeInto(popup.querySelector('input')!, 'city of light');
    await sendKeys({ press: 'Enter' });
    await click(await waitButton(popup, 'Remove typo'));
    await until(() => !buttonIn(popup, 'Remove typo'), 'typo removed');
    await click(buttonIn(popup, 'Done')!);
    await until(() => !dialog(), 'the popup closed');
    expect(input(el, 'Synonyms 2')!.value).to.equal('paname, city of light');

    await click(buttonIn(el, 'Create')!);
    await until(() => rowNames(el).includes('city'), 'the new entity in the list');
    expect(paths.at(-1)).to.equal(`bots/${agentId}/entity-list`);
    await until(() => toasts().includes('Entity Saved Successfully'), 'the toast');
    expect(text(cellsOf(rowNamed(el, 'city'))[1])).to.equal('2');

    const list = await api('GET', `nlp/agent/${agentId}/entity?from=0&perPage=15`);
    const saved = await api('GET', `nlp/agent/${agentId}/entity/${list.data.entities[0].id}`);
    expect(saved.data.values).to.deep.equal([
      { value: 'New York', type: 'synonyms', synonyms: ['NYC', 'big apple'] },
      { value: 'Paris', type: 'synonyms', synonyms: ['paname', 'city of light'] },
    ]);
  });

  it('keeps Create disabled while the form is invalid, and the plus adds no row until it is valid', async () => {
    const agentId = await createAgent();
    const { el } = await openCreate(agentId);
    const name = await waitInput(el, 'Name');
    expect(isDisabled(buttonIn(el, 'Create'))).to.equal(true);
    expect(isDisabled(buttonIn(el, 'Delete value 1')), 'the only row cannot be deleted').to.equal(true);

    await typeInto(name, 'colour');
    expect(isDisabled(buttonIn(el, 'Create')), 'a value is still missing').to.equal(true);
    await click(buttonIn(el, 'Add value')!);
    await until(() => text(el).includes('Value should not be empty'), 'the missing value named');
    expect(el.querySelectorAll('.pad-ent-row')).to.have.length(1);

    await typeInto(input(el, 'Value 1')!, 'red');
    await until(() => text(el).includes('Add at least one synonym'), 'the missing synonyms named');
    expect(isDisabled(buttonIn(el, 'Create'))).to.equal(true);
    await typeInto(input(el, 'Synonyms 1')!, ' , ');
    expect(isDisabled(buttonIn(el, 'Create')), 'blank synonyms do not count').to.equal(true);
    await typeInto(input(el, 'Synonyms 1')!, 'crimson');
    await until(() => !isDisabled(buttonIn(el, 'Create')), 'Create enabled');
    await typeInto(name, '');
    await until(() => isDisabled(buttonIn(el, 'Create')), 'Create disabled again without a name');
    expect(text(el)).to.contain('Entity name should not be empty');
  });

  it('deletes a value row only after confirmation, and only while more than one row exists', async () => {
    const agentId = await createAgent();
    const { el } = await openCreate(agentId);
    await typeInto(await waitInput(el, 'Name'), 'size');
    await typeInto(input(el, 'Value 1')!, 'small');
    await typeInto(input(el, 'Synonyms 1')!, 's');
    await click(buttonIn(el, 'Add value')!);
    await waitInput(el, 'Value 2');
    await click(buttonIn(el, 'Delete value 2')!);
    const ask = await until(dialog, 'the confirmation');
    await click(buttonIn(ask, 'Cancel')!);
    await until(() => !dialog(), 'closed');
    expect(el.querySelectorAll('.pad-ent-row')).to.have.length(2);
    await click(buttonIn(el, 'Delete value 2')!);
    await click(buttonIn(await until(dialog, 'the confirmation'), 'Delete')!);
    await until(() => el.querySelectorAll('.pad-ent-row').length === 1, 'one row left');
    expect(isDisabled(buttonIn(el, 'Delete value 1'))).to.equal(true);
  });

  it('saves a pattern value and shows the server’s refusal of an unsafe pattern beside the field', async () => {
    const agentId = await createAgent();
    const { el } = await openCreate(agentId);
    await typeInto(await waitInput(el, 'Name'), 'booking ref');
    await typeInto(input(el, 'Value 1')!, 'ref');
    await click(el.querySelector('.pad-ent-row button[aria-haspopup="listbox"]')!);
    const option = await until(() => [...document.querySelectorAll('[role="option"]')].find((o) => text(o) === 'Pattern'), 'the Pattern option');
    await click(option);
    const patterns = await waitInput(el, 'Patterns 1');
    await typeInto(patterns, '(a)\\1');
    await click(await until(() => (isDisabled(buttonIn(el, 'Create')) ? undefined : buttonIn(el, 'Create')), 'Create enabled'));
    await until(() => text(el.querySelector('.pad-ent-row')).includes('backreferences and lookaround are not allowed'), 'the server error beside the patterns');
    expect(input(el, 'Patterns 1')!.getAttribute('aria-invalid')).to.equal('true');

    await typeInto(input(el, 'Patterns 1')!, 'BK-\\d{6}');
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'OR-\\d+' });
    expect(text(el.querySelector('.pad-ent-row'))).not.to.contain('backreferences');
    await click(buttonIn(el, 'Create')!);
    await until(() => rowNames(el).includes('booking ref'), 'the entity listed');
    const list = await api('GET', `nlp/agent/${agentId}/entity?from=0&perPage=15`);
    expect(list.data.entities[0].values).to.deep.equal([{ value: 'ref', type: 'pattern', pattern: ['BK-\\d{6}', 'OR-\\d+'] }]);
  });

  it('opens an entity filled in, and Update saves the change', async () => {
    const agentId = await createAgent();
    const entityId = await createEntity(agentId, 'drink', [
      { value: 'coffee', type: 'synonyms', synonyms: ['espresso', 'latte'] },
      { value: 'code', type: 'pattern', pattern: ['DR-\\d+'] },
    ]);
    const { el, paths } = mount(`bots/${agentId}/entity-list`);
    await press(await waitButton(el, 'Edit drink'));
    expect(paths.at(-1)).to.equal(`bots/${agentId}/entity-list/${entityId}`);
    await until(() => input(el, 'Name')?.value === 'drink', 'the name filled in');
    expect(input(el, 'Value 1')!.value).to.equal('coffee');
    expect(input(el, 'Synonyms 1')!.value).to.equal('espresso, latte');
    expect(input(el, 'Patterns 2')!.value).to.equal('DR-\\d+');
    expect(buttonIn(el, 'Create')).to.equal(undefined);

    await typeInto(input(el, 'Synonyms 1')!, 'espresso, latte, mocha');
    await click(buttonIn(el, 'Update')!);
    await until(() => rowNames(el).includes('drink') && !el.querySelector('input[aria-label="Name"]'), 'back on the list');
    const saved = await api('GET', `nlp/agent/${agentId}/entity/${entityId}`);
    expect(saved.data.values[0].synonyms).to.deep.equal(['espresso', 'latte', 'mocha']);

    // Cancel goes back to the list without saving.
    await press(await waitButton(el, 'Edit drink'));
    await typeInto(await until(() => (input(el, 'Name')?.value === 'drink' ? input(el, 'Name') : null), 'form'), 'tea');
    await click(buttonIn(el, 'Cancel')!);
    await until(() => rowNames(el).includes('drink'), 'the list, unchanged');
    expect((await api('GET', `nlp/agent/${agentId}/entity/${entityId}`)).data.name).to.equal('drink');
  });

  it('asks before deleting an entity: Cancel keeps it, Delete removes it with the spec’s notice', async () => {
    const agentId = await createAgent();
    await createEntity(agentId, 'city');
    await createEntity(agentId, 'size');
    const { el } = mount(`bots/${agentId}/entity-list`);
    await press(await waitButton(el, 'Delete city'));
    const ask = await until(dialog, 'the confirmation');
    expect(text(ask)).to.contain('city');
    await click(buttonIn(ask, 'Cancel')!);
    await until(() => !dialog(), 'closed');
    expect(rowNames(el)).to.deep.equal(['city', 'size']);
    expect((await api('GET', `nlp/agent/${agentId}/entity?from=0&perPage=15`)).data.entities).to.have.length(2);

    await press(buttonIn(el, 'Delete city')!);
    await click(buttonIn(await until(dialog, 'the confirmation'), 'Delete')!);
    await until(() => rowNames(el).join() === 'size', 'city gone from the list');
    await until(() => toasts().includes('Deleted  Entity  succesfully'), 'the toast');
    expect((await api('GET', `nlp/agent/${agentId}/entity?from=0&perPage=15`)).data.entities.map((e: any) => e.name)).to.deep.equal(['size']);
  });

  it('pages 15 at a time with Previous and Next, and the search filters by name', async () => {
    const agentId = await createAgent();
    for (let i = 1; i <= 16; i++) await createEntity(agentId, `e${String(i).padStart(2, '0')}`);
    const { el } = mount(`bots/${agentId}/entity-list`);
    await until(() => rowNames(el).length === 15, 'the first page');
    expect(isDisabled(buttonIn(el, 'Previous'))).to.equal(true);
    await click(buttonIn(el, 'Next')!);
    await until(() => rowNames(el).join() === 'e16', 'the second page');
    await until(() => isDisabled(buttonIn(el, 'Next')), 'Next disabled on the last page');
    await click(buttonIn(el, 'Previous')!);
    await until(() => rowNames(el).length === 15 && rowNames(el)[0] === 'e01', 'back on the first page');

    await typeInto(el.querySelector<HTMLInputElement>('input[aria-label="Search custom entities"]')!, 'E1');
    await until(() => rowNames(el).join() === 'e10,e11,e12,e13,e14,e15,e16', 'the matching entities, e16 from the server');
    await typeInto(el.querySelector<HTMLInputElement>('input[aria-label="Search custom entities"]')!, 'nothing');
    await until(() => rowNames(el).join() === 'No Record', 'No Record');
  });

  it('lists the system entities, name and description, read-only, on the System Entities tab', async () => {
    const agentId = await createAgent();
    const { el, paths } = mount(`bots/${agentId}/entity-list`);
    const systemTab = await until(() => [...el.querySelectorAll('[role="tab"]')].find((t) => text(t) === 'System Entities'), 'the tab');
    await click(systemTab);
    expect(paths.at(-1)).to.equal(`bots/${agentId}/entity-list/system`);
    await until(() => rowNames(el).includes('email'), 'system entities');
    expect(text(cellsOf(rowNamed(el, 'email'))[1])).to.not.equal('');
    expect(buttonIn(el, 'Create Entity')).to.equal(undefined);
    expect(el.querySelector('[role="grid"] button')).to.equal(null);
    await click([...el.querySelectorAll('[role="tab"]')].find((t) => text(t) === 'Custom Entities')!);
    await until(() => text(el.querySelector('.pad-ent-empty')) === 'No Record', 'the custom tab again');
  });

  it('shows a viewer the entities without Create Entity, Edit or Delete, and the form read-only', async () => {
    const agentId = await createAgent();
    await createEntity(agentId, 'city', [{ value: 'Paris', type: 'synonyms', synonyms: ['paname'] }]);
    const viewer = await signIn(DEMO.viewer);
    const { el } = mount(`bots/${agentId}/entity-list`, viewer);
    await until(() => rowNames(el).includes('city'), 'the entity');
    // The profile may answer after the list: look once it has ('View only').
    await until(() => text(el).includes('View only'), 'the View only badge (the profile has answered)', 8000);
    expect(buttonIn(el, 'Create Entity')).to.equal(undefined);
    expect(buttonIn(el, 'Delete city')).to.equal(undefined);
    expect(buttonIn(el, 'Edit city')).to.equal(undefined);
    await press(buttonIn(el, 'city')!);
    await until(() => input(el, 'Name')?.value === 'city', 'the form');
    expect(input(el, 'Name')!.readOnly).to.equal(true);
    expect(input(el, 'Synonyms 1')!.value).to.equal('paname');
    expect(buttonIn(el, 'Update')).to.equal(undefined);
    expect(buttonIn(el, 'Add value')).to.equal(undefined);
    expect(buttonIn(el, 'Delete value 1')).to.equal(undefined);
    await click(buttonIn(el, 'Back')!);
    await until(() => rowNames(el).includes('city'), 'the list');
    // From the keyboard too: the name is a button of its row.
    buttonIn(el, 'city')!.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => input(el, 'Name')?.value === 'city', 'the form, from the keyboard');
  });
});
