import { expect } from '@esm-bundle/chai';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../define.js';
import { API_BASE, DEMO, signIn, until } from '../../test-support/demo-session.js';
import { click, field, steady, text, typeInto } from '../../test-support/ui.js';
import { dialogNotToast, toasts } from '../../test-support/toasts.js';

// The stories and intents screen (agent-designer 2, 4, 5, 8) driven as a user drives it, against the real server.

let admin: string;
let mounted: HTMLElement[] = [];

async function api(method: string, path: string, options: { form?: Record<string, string>; json?: unknown } = {}): Promise<any> {
  const headers: Record<string, string> = { 'authentication-token': admin };
  let body: BodyInit | undefined;
  if (options.form) body = new URLSearchParams(options.form);
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const res = await fetch(`${API_BASE}/${path}`, { method, headers, body });
  const reply = await res.json();
  if (!reply.status) throw new Error(`${method} ${path}: ${reply.message} ${JSON.stringify(reply.errors ?? '')}`);
  return reply.data;
}

async function createAgent(): Promise<string> {
  const { id } = await api('POST', 'nlp/agent', {
    form: { name: `Intents ${Math.random().toString(36).slice(2, 10)}`, description: 'intents screen tests', type: 'nlp' },
  });
  return id as string;
}

async function createStory(agentId: string, name: string): Promise<string> {
  const root = await api('GET', `nlp/agent/${agentId}/story`);
  const { id } = await api('POST', 'nlp/story', { form: { name, agentId, parentId: root.id } });
  return id as string;
}

async function createIntent(agentId: string, storyId: string, name: string, phrases: string[]): Promise<string> {
  const utterances = JSON.stringify(phrases.map((utterance) => ({ utterance, entityDefined: false, entityRefs: [] })));
  const { id } = await api('POST', 'nlp/intent', { form: { agentId, storyId, name, utterances, responses: '[]', entities: '[]' } });
  return id as string;
}

/** The intents of a story, as the list API gives them. */
async function intentsOf(agentId: string, storyId: string): Promise<{ id: string; name: string; phrases: number }[]> {
  return (await api('GET', `nlp/v2/agent/${agentId}/story/${storyId}/intent?from=0&perPage=200`)).intents;
}

/** Mounts the element standalone on the agent's intents tab; records the paths and the unsaved-changes events. */
function mount(agentId: string, token = admin) {
  const el = document.createElement('parley-agent-designer');
  el.setAttribute('api-base', API_BASE);
  el.setAttribute('token', token);
  el.setAttribute('view', `bots/${agentId}`);
  const unsaved: boolean[] = [];
  el.addEventListener('parley-unsaved-changes', (e) => unsaved.push((e as CustomEvent<{ unsaved: boolean }>).detail.unsaved));
  document.body.append(el);
  mounted.push(el);
  return { el, unsaved };
}

const buttonIn = (root: ParentNode, label: string) =>
  [...root.querySelectorAll('button')].find((b) => text(b) === label || b.getAttribute('aria-label') === label) as HTMLButtonElement | undefined;
const waitButton = (root: ParentNode, label: string, ms = 8000) => until(() => buttonIn(root, label), `button ${label}`, ms);
/** Waits for a toast (the next click waits for it to finish arriving: the page takes no clicks while it slides in). */
const waitToast = async (el: HTMLElement, message: string) => {
  await until(() => toasts().includes(message), `the toast “${message}”`, 8000).catch((e: Error) => {
    throw new Error(`${e.message}; toasts: ${JSON.stringify(toasts())}`);
  });
};
const dialog = (role = 'alertdialog') => dialogNotToast(`[role="${role}"]`);
/** The open buttons of the left column's list (stories, or the chosen story's intents). */
const listNames = (el: HTMLElement) => [...el.querySelectorAll('.pad-col-left .pad-list-open')].map((b) => text(b.querySelector('span')));
const listButton = (el: HTMLElement, name: string) =>
  [...el.querySelectorAll<HTMLButtonElement>('.pad-col-left .pad-list-open')].find((b) => text(b.querySelector('span')) === name);
const phrases = (el: HTMLElement) => [...el.querySelectorAll<HTMLElement>('[role="textbox"][aria-label^="Training phrase:"]')];
const phraseTexts = (el: HTMLElement) => phrases(el).map((p) => p.textContent ?? '');
const phraseBox = (el: HTMLElement, phrase: string) => phrases(el).find((p) => p.textContent === phrase);
const picker = (el: HTMLElement) => el.querySelector<HTMLElement>('section[aria-label="Entity picker"]');
const params = (el: HTMLElement) => [...el.querySelectorAll<HTMLElement>('ul[aria-label="Entity parameters"] > li')];

const waitField = (root: ParentNode, label: string) => until(() => field(root, label), `field ${label}`, 8000);
/** What a field's description and error say (Spectrum links them with aria-describedby). */
const fieldMessage = (input: Element) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => text(document.getElementById(id)))
    .join(' ');

/** Answers a delete confirmation and returns the dialog's text. */
async function answer(choice: 'Delete' | 'Cancel') {
  const ask = await steady(await until(() => dialog(), 'the confirmation'));
  const said = text(ask);
  await click(buttonIn(ask, choice)!);
  await until(() => !dialog(), 'the confirmation closed');
  return said;
}

/** Types into the phrase text area and presses Ctrl+Enter. */
async function addPhrase(el: HTMLElement, phrase: string) {
  const input = (await waitField(el, 'Add training phrases')) as HTMLTextAreaElement;
  input.focus();
  if (phrase) await sendKeys({ type: phrase });
  await sendKeys({ down: 'Control' });
  await sendKeys({ press: 'Enter' });
  await sendKeys({ up: 'Control' });
  return input;
}

/** Opens a story of the list and waits for its intents column. */
async function openStory(el: HTMLElement, name: string) {
  // The profile can answer after the stories, adding an editor's controls that move the list: click once it has.
  await until(() => buttonIn(el, 'Add Story') || text(el).includes('View only'), 'the profile answered', 8000);
  await click(await until(() => listButton(el, name), `the story ${name}`, 8000));
  await until(() => el.querySelector(`section[aria-label="Intents of ${name}"]`), `the intents of ${name}`);
}

/** Presses a key `times` times with Shift held. */
async function shiftPress(key: string, times: number) {
  await sendKeys({ down: 'Shift' });
  for (let i = 0; i < times; i++) await sendKeys({ press: key });
  await sendKeys({ up: 'Shift' });
}

/** Focuses a phrase and selects `length` characters from `from` with Shift+ArrowRight, as a keyboard user does. */
async function selectInPhrase(box: HTMLElement, from: number, length: number) {
  box.focus();
  await sendKeys({ press: 'Home' });
  for (let i = 0; i < from; i++) await sendKeys({ press: 'ArrowRight' });
  await shiftPress('ArrowRight', length);
}

before(async () => {
  admin = await signIn();
  await setViewport({ width: 1400, height: 1000 });
});

afterEach(() => {
  for (const el of mounted) el.remove();
  mounted = [];
});

describe('<parley-agent-designer> stories and intents', function () {
  this.timeout(30_000);

  it('creates a story on Enter (an empty name is refused), then an intent with two phrases that Create saves', async () => {
    const agentId = await createAgent();
    const { el } = mount(agentId);
    await until(() => text(el.querySelector('.pad-col-left .pad-empty')) === 'No stories yet: add one to start', 'the empty stories list', 8000);

    await click(await waitButton(el, 'Add Story'));
    const storyInput = (await until(
      () => el.querySelector<HTMLInputElement>('input[placeholder="Press ENTER to create a story"]'),
      'the story input',
    )) as HTMLInputElement;
    await until(() => document.activeElement === storyInput, 'the story input focused');
    await sendKeys({ type: '   ' });
    await sendKeys({ press: 'Enter' });
    await until(() => fieldMessage(storyInput) === 'Please give valid name', 'the invalid-name message');
    expect(storyInput.getAttribute('aria-invalid')).to.equal('true');
    expect(listNames(el)).to.deep.equal([]);

    await sendKeys({ type: 'Pizza   orders' });
    await sendKeys({ press: 'Enter' });
    await waitToast(el, 'Story Saved Successfully');
    // The name is saved trimmed, its inner spaces collapsed.
    await until(() => listNames(el).join() === 'Pizza orders', 'the new story listed');
    expect(el.querySelector('input[placeholder="Press ENTER to create a story"]'), 'the input is gone').to.equal(null);
    const root = await api('GET', `nlp/agent/${agentId}/story`);
    expect(root.childStories.map((s: any) => s.name)).to.deep.equal(['Pizza orders']);
    const storyId = root.childStories[0].id as string;

    await openStory(el, 'Pizza orders');
    await until(() => text(el.querySelector('.pad-col-left .pad-empty')) === 'No intents yet', 'no intents yet');
    await click(await waitButton(el, 'Create Intent'));
    const name = await waitField(el, 'Intent name');
    expect(buttonIn(el, 'Create'), 'a new intent shows Create').to.not.equal(undefined);
    expect(buttonIn(el, 'Save')).to.equal(undefined);
    name.focus();
    await sendKeys({ type: 'order pizza' });

    const input = await addPhrase(el, '');
    await until(() => fieldMessage(input) === 'training phrases should not be empty', 'the empty-phrase message');
    await addPhrase(el, 'I want a pizza');
    await until(() => phraseTexts(el).join('|') === 'I want a pizza', 'the first phrase');
    expect(input.value, 'the input is cleared').to.equal('');
    await addPhrase(el, 'order a large pizza');
    await until(() => phraseTexts(el).join('|') === 'I want a pizza|order a large pizza', 'the second phrase');
    await addPhrase(el, '  i WANT a   pizza ');
    await until(() => fieldMessage(input).startsWith('Duplication of utterance name '), 'the duplicate message');
    expect(fieldMessage(input)).to.contain('i WANT a pizza');
    expect(phraseTexts(el)).to.have.length(2);

    await click(buttonIn(el, 'Create')!);
    await waitToast(el, 'Intent Saved Successfully');
    // Saved: it is listed, and the editor now offers Save for it.
    await until(() => listNames(el).join() === 'order pizza', 'the intent listed');
    await waitButton(el, 'Save');
    const [listed] = await intentsOf(agentId, storyId);
    expect(listed).to.include({ name: 'order pizza', phrases: 2 });
    const intent = await api('GET', `nlp/agent/${agentId}/story/${storyId}/intent/${listed!.id}`);
    expect(intent.utterances.map((u: any) => u.utterance)).to.deep.equal(['I want a pizza', 'order a large pizza']);
  });

  it('flags unsaved changes: the event, the back arrow refused; Discard restores and clears the flag', async () => {
    const agentId = await createAgent();
    const storyId = await createStory(agentId, 'Orders');
    await createIntent(agentId, storyId, 'order pizza', ['I want a pizza', 'order a large pizza']);
    const { el, unsaved } = mount(agentId);
    await openStory(el, 'Orders');
    // The story's first intent opens by itself.
    const name = (await until(
      () => (field(el, 'Intent name')?.value === 'order pizza' ? field(el, 'Intent name') : null),
      'the intent opened',
      8000,
    )) as HTMLInputElement;
    await until(() => phraseTexts(el).length === 2, 'its phrases');
    expect(unsaved).to.deep.equal([]);
    expect(buttonIn(el, 'Discard changes')!.disabled, 'nothing to discard yet').to.equal(true);

    name.focus();
    await sendKeys({ press: 'End' });
    await sendKeys({ type: 's now' });
    await until(() => unsaved.length === 1, 'the unsaved event').catch((e: Error) => {
      throw new Error(`${e.message}: name “${name.value}”, events ${JSON.stringify(unsaved)}, focus ${document.activeElement?.outerHTML.slice(0, 120)}`);
    });
    expect(unsaved).to.deep.equal([true]);
    expect(text(el.querySelector('.pad-unsaved'))).to.equal('Unsaved changes');

    await click(buttonIn(el, 'Back to stories')!);
    await waitToast(el, 'Please Save or Discard the changes');
    expect(el.querySelector('section[aria-label="Intents of Orders"]'), 'still on the intents').to.not.equal(null);
    // The agent's back arrow and the tabs are held back too.
    await click(buttonIn(el, 'Back to agents')!);
    await waitToast(el, 'please save the intent');
    expect(el.querySelector('nav[aria-label="Agent sections"]')).to.not.equal(null);

    await click(buttonIn(el, 'Discard changes')!);
    await until(() => name.value === 'order pizza', 'the name restored');
    await until(() => unsaved.length === 2, 'the saved event');
    expect(unsaved).to.deep.equal([true, false]);
    expect(el.querySelector('.pad-unsaved')).to.equal(null);

    // A phrase added is a change too; Discard takes it back.
    await addPhrase(el, 'pizza please');
    await until(() => phraseTexts(el).length === 3, 'the third phrase');
    expect(unsaved.at(-1)).to.equal(true);
    await click(buttonIn(el, 'Discard changes')!);
    await until(() => phraseTexts(el).length === 2, 'the phrase discarded');
    expect(unsaved).to.deep.equal([true, false, true, false]);

    await click(buttonIn(el, 'Back to stories')!);
    await until(() => el.querySelector('section[aria-label="Stories"]'), 'back on the stories');

    // A host that moves the designer elsewhere anyway (it sets `view`) hears that nothing is pending any more.
    await openStory(el, 'Orders');
    const again = (await until(
      () => (field(el, 'Intent name')?.value === 'order pizza' ? field(el, 'Intent name') : null),
      'the intent again',
      8000,
    )) as HTMLInputElement;
    again.focus();
    await sendKeys({ press: 'End' });
    await sendKeys({ type: '!' });
    await until(() => unsaved.length === 5, 'unsaved again');
    el.setAttribute('view', `bots/${agentId}/entity-list`);
    await until(() => !el.querySelector('section[aria-label="Intent"]'), 'the intents screen gone');
    await until(() => unsaved.length === 6, 'the cleared flag');
    expect(unsaved).to.deep.equal([true, false, true, false, true, false]);
  });

  it('marks an entity: a keyboard selection opens the picker, picking adds the parameter and the mark, Save stores them', async () => {
    const agentId = await createAgent();
    const entityId = (
      await api('POST', 'nlp/entity', { json: { agentId, name: 'size', values: [{ value: 'large', type: 'synonyms', synonyms: ['large', 'big'] }] } })
    ).id as string;
    const storyId = await createStory(agentId, 'Orders');
    const intentId = await createIntent(agentId, storyId, 'order pizza', ['I want a pizza', 'order a large pizza today']);
    const { el, unsaved } = mount(agentId);
    await openStory(el, 'Orders');
    const box = await until(() => phraseBox(el, 'order a large pizza today'), 'the phrase', 8000);
    await until(() => el.querySelector('section[aria-label="Entities"]'), 'the entities panel');
    expect(params(el)).to.have.length(0);

    // 'order a ' is 8 characters; select 'large pizza' (11), then shrink to 'large' with Shift+ArrowLeft.
    await selectInPhrase(box, 8, 11);
    const pick = await until(() => picker(el), 'the entity picker');
    await until(() => text(pick.querySelector('.pad-picker-phrase mark')) === 'large pizza', 'the selected words shown');
    await shiftPress('ArrowLeft', 6);
    await until(() => text(pick.querySelector('.pad-picker-phrase mark')) === 'large', 'the selection narrowed to “large”');
    expect(text(pick.querySelector('.pad-picker-phrase'))).to.equal('order a large pizza today');
    expect(el.querySelector('section[aria-label="Entities"]'), 'the picker takes the panel’s place').to.equal(null);

    const entity = await until(
      () => [...pick.querySelectorAll<HTMLButtonElement>('ul[aria-label="Entities"] .pad-list-open')].find((b) => text(b.querySelector('span')) === '@size'),
      'the size entity in the picker',
      8000,
    );
    // System entities are offered too.
    expect([...pick.querySelectorAll('ul[aria-label="Entities"] .pad-list-open')].length).to.be.greaterThan(1);
    await click(entity);

    await until(() => !picker(el) && params(el).length === 1, 'the parameter row');
    const row = params(el)[0]!;
    expect(text(row.querySelector('.pad-param-entity'))).to.equal('@size');
    expect((field(row, 'Parameter name') as HTMLInputElement).value).to.equal('size');
    const mark = await until(() => phraseBox(el, 'order a large pizza today')?.querySelector('mark'), 'the mark in the phrase');
    expect(mark.textContent).to.equal('large');
    expect(mark.getAttribute('title')).to.equal('@size');
    expect(unsaved.at(-1), 'an entity added is a change').to.equal(true);

    await click(buttonIn(el, 'Save')!);
    await waitToast(el, 'Intent Saved Successfully');
    await until(() => unsaved.at(-1) === false, 'the change saved');
    const intent = await api('GET', `nlp/agent/${agentId}/story/${storyId}/intent/${intentId}`);
    expect(intent.utterances).to.deep.equal([
      { utterance: 'I want a pizza', entityDefined: false, entityRefs: [] },
      { utterance: 'order a large pizza today', entityDefined: true, entityRefs: [{ entityId, entityStartPos: 8, entityEndPos: 13 }] },
    ]);
    expect(intent.entities).to.deep.equal([{ id: entityId, name: 'size', required: false, value: '', prompts: [] }]);
  });

  it('refuses to save a required parameter without a prompt, says so at its prompts, and saves once one is added', async () => {
    const agentId = await createAgent();
    const entityId = (
      await api('POST', 'nlp/entity', { json: { agentId, name: 'size', values: [{ value: 'large', type: 'synonyms', synonyms: ['large', 'big'] }] } })
    ).id as string;
    const storyId = await createStory(agentId, 'Orders');
    const { id: intentId } = await api('POST', 'nlp/intent', {
      json: {
        agentId,
        storyId,
        name: 'order pizza',
        utterances: ['I want a pizza', 'order a large pizza'],
        responses: [],
        entities: [{ id: entityId, name: 'size', required: false, value: '$size', prompts: [] }],
      },
    });
    const { el } = mount(agentId);
    await openStory(el, 'Orders');
    const row = await until(() => params(el)[0], 'the parameter row', 8000);
    await click(await until(() => row.querySelector<HTMLInputElement>('input[type="checkbox"]'), 'the Required box'));
    await click(buttonIn(el, 'Save')!);
    await waitToast(el, 'prompt cannot be empty');
    const addPrompt = (await waitField(row, 'Add prompt')) as HTMLInputElement;
    await until(() => fieldMessage(addPrompt).includes('prompt cannot be empty'), 'the error at the prompts');
    expect(addPrompt.getAttribute('aria-invalid')).to.equal('true');
    expect((await api('GET', `nlp/agent/${agentId}/story/${storyId}/intent/${intentId}`)).entities[0].required, 'nothing saved').to.equal(false);

    await typeInto(addPrompt, 'Which size, small or large?');
    await sendKeys({ press: 'Enter' });
    await until(() => text(row.querySelector('ul[aria-label="Prompts"]')).includes('Which size, small or large?'), 'the prompt listed');
    await click(buttonIn(el, 'Save')!);
    await waitToast(el, 'Intent Saved Successfully');
    expect((await api('GET', `nlp/agent/${agentId}/story/${storyId}/intent/${intentId}`)).entities).to.deep.equal([
      { id: entityId, name: 'size', required: true, value: '$size', prompts: ['Which size, small or large?'] },
    ]);
  });

  it('closes the picker without a change, and a selection of spaces alone opens nothing', async () => {
    const agentId = await createAgent();
    const storyId = await createStory(agentId, 'Orders');
    await createIntent(agentId, storyId, 'order pizza', ['I want a pizza', 'order a large pizza']);
    const { el, unsaved } = mount(agentId);
    await openStory(el, 'Orders');
    const box = await until(() => phraseBox(el, 'I want a pizza'), 'the phrase', 8000);
    // 'I' then a space: the picker takes whole words, the space is dropped.
    await selectInPhrase(box, 1, 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(picker(el), 'a lone space opens nothing').to.equal(null);
    await shiftPress('ArrowRight', 1);
    const pick = await until(() => picker(el), 'the picker');
    expect(text(pick.querySelector('.pad-picker-phrase mark'))).to.equal('w');
    await click(buttonIn(pick, 'Close entity picker')!);
    await until(() => !picker(el) && el.querySelector('section[aria-label="Entities"]'), 'the panel back');
    expect(unsaved, 'nothing changed').to.deep.equal([]);
  });

  it('asks before deleting a phrase: Cancel keeps it, Delete removes it with the spec’s notice', async () => {
    const agentId = await createAgent();
    const storyId = await createStory(agentId, 'Orders');
    await createIntent(agentId, storyId, 'order pizza', ['I want a pizza', 'order a large pizza', 'pizza please']);
    const { el } = mount(agentId);
    await openStory(el, 'Orders');
    await until(() => phraseTexts(el).length === 3, 'the phrases', 8000);

    await click(buttonIn(el, 'Remove "pizza please"')!);
    expect(await answer('Cancel')).to.contain('pizza please');
    expect(phraseTexts(el)).to.deep.equal(['I want a pizza', 'order a large pizza', 'pizza please']);

    await click(buttonIn(el, 'Remove "pizza please"')!);
    await answer('Delete');
    await until(() => phraseTexts(el).length === 2, 'the phrase gone');
    expect(phraseTexts(el)).to.deep.equal(['I want a pizza', 'order a large pizza']);
    await waitToast(el, 'Deleted  utterance  succesfully');
    // Deleted in the draft only: Save sends it.
    await click(buttonIn(el, 'Save')!);
    await waitToast(el, 'Intent Saved Successfully');
    const [listed] = await intentsOf(agentId, storyId);
    expect(listed!.phrases).to.equal(2);
  });

  it('shows a viewer the stories and intents without Add Story, Create Intent, the phrase input, Create or Save', async () => {
    const agentId = await createAgent();
    const storyId = await createStory(agentId, 'Orders');
    await createIntent(agentId, storyId, 'order pizza', ['I want a pizza', 'order a large pizza']);
    const viewer = await signIn(DEMO.viewer);
    const { el } = mount(agentId, viewer);
    await until(() => listButton(el, 'Orders'), 'the story', 8000);
    // The profile may answer after the stories: look once it has ('View only').
    await until(() => text(el).includes('View only'), 'the View only badge (the profile has answered)', 8000);
    expect(buttonIn(el, 'Add Story')).to.equal(undefined);
    expect(buttonIn(el, 'Delete story Orders')).to.equal(undefined);
    expect(buttonIn(el, 'Rename story Orders')).to.equal(undefined);

    await openStory(el, 'Orders');
    const name = await until(() => (field(el, 'Intent name')?.value === 'order pizza' ? field(el, 'Intent name') : null), 'the intent opened', 8000);
    await until(() => phraseTexts(el).length === 2, 'its phrases');
    expect(name.readOnly).to.equal(true);
    expect(buttonIn(el, 'Create Intent')).to.equal(undefined);
    expect(field(el, 'Add training phrases')).to.equal(null);
    expect(buttonIn(el, 'Create')).to.equal(undefined);
    expect(buttonIn(el, 'Save')).to.equal(undefined);
    expect(buttonIn(el, 'Discard changes')).to.equal(undefined);
    expect(buttonIn(el, 'Remove "I want a pizza"')).to.equal(undefined);
    expect(buttonIn(el, 'Delete intent order pizza')).to.equal(undefined);

    // Selecting words opens no picker for a viewer.
    await selectInPhrase(phraseBox(el, 'order a large pizza')!, 8, 5);
    await new Promise((r) => setTimeout(r, 200));
    expect(picker(el)).to.equal(null);
  });
});
