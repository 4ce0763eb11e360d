import { expect } from '@esm-bundle/chai';
import { setViewport } from '@web/test-runner-commands';
import '../define.js';
import { API_BASE, DEMO, signIn, until } from '../../test-support/demo-session.js';
import { click, field, steady, text, typeInto } from '../../test-support/ui.js';
import { dialogNotToast, toasts } from '../../test-support/toasts.js';

// The agents list (agent-designer 2, 5, 8, 9) driven as a user drives it, against the real server. Other test files
// create agents in the same enterprise at the same time, so every check here looks at agents of its own name prefix.

let admin: string;
let mounted: HTMLElement[] = [];
/** A prefix no other run or file uses: searching by it shows this file's agents alone. */
const RUN = Math.random().toString(36).slice(2, 8);
const unique = (what: string) => `Agents ${RUN} ${what} ${Math.random().toString(36).slice(2, 8)}`;

async function api(method: string, path: string, options: { token?: string; form?: Record<string, string> } = {}): Promise<any> {
  const res = await fetch(`${API_BASE}/${path}`, {
    method,
    headers: { 'authentication-token': options.token ?? admin },
    body: options.form ? new URLSearchParams(options.form) : undefined,
  });
  return res.json();
}

async function createAgent(name: string, type: 'nlp' | 'prompt' = 'nlp'): Promise<string> {
  const reply = await api('POST', 'nlp/agent', { form: { name, description: 'agents list tests', type } });
  expect(reply.status, reply.message).to.equal(true);
  return reply.data.id as string;
}

/**
 * Mounts the element standalone on the list and records the paths it announces. Resolves once the first page is in
 * and the profile has answered (the header gains 'Create New Agent', or 'View only' for a viewer, which moves the
 * search box).
 */
async function mount(options: { token?: string; route?: boolean } = {}) {
  const el = document.createElement('parley-agent-designer');
  el.setAttribute('api-base', API_BASE);
  el.setAttribute('token', options.token ?? admin);
  el.setAttribute('view', 'bots');
  const paths: string[] = [];
  el.addEventListener('parley-navigate', (e) => {
    paths.push((e as CustomEvent<{ path: string }>).detail.path);
    // A routing host keeps the element where it is until it sets `view` itself.
    if (options.route) e.preventDefault();
  });
  document.body.append(el);
  mounted.push(el);
  await until(() => settled(el) && cards(el).length > 0, 'the first page', 8000);
  if (options.token) await until(() => text(el).includes('View only'), 'the View only badge (the profile has answered)', 8000);
  else await waitButton(el, 'Create New Agent');
  return { el, paths };
}

const buttonIn = (root: ParentNode, label: string) =>
  [...root.querySelectorAll('button')].find((b) => text(b) === label || b.getAttribute('aria-label') === label) as HTMLButtonElement | undefined;
const waitButton = (root: ParentNode, label: string) => until(() => buttonIn(root, label), `button ${label}`, 8000);
const cards = (el: HTMLElement) => [...el.querySelectorAll<HTMLElement>('article.pad-agent-card')];
const cardNames = (el: HTMLElement) => cards(el).map((c) => c.getAttribute('aria-label'));
const card = (el: HTMLElement, name: string) => cards(el).find((c) => c.getAttribute('aria-label') === name);
const dialog = (role = 'dialog') => dialogNotToast(`[role="${role}"]`);
const settled = (el: HTMLElement) => el.querySelector('.pad-agent-grid')?.getAttribute('aria-busy') === 'false';

const searchBox = (el: HTMLElement) => el.querySelector<HTMLInputElement>('input[aria-label="Search agents"]')!;

/** Types a search and waits until the list shows exactly `expected` (in any order). */
async function search(el: HTMLElement, term: string, expected: string[]) {
  await typeInto(await until(() => searchBox(el), 'the search box'), term);
  const want = [...expected].sort().join('|');
  try {
    await until(() => settled(el) && [...cardNames(el)].sort().join('|') === want, `the cards for “${term}”`, 8000);
  } catch (e) {
    throw new Error(
      `${(e as Error).message}: the box holds “${searchBox(el).value}”, busy ${!settled(el)}, cards ${JSON.stringify(cardNames(el))}, toasts ${JSON.stringify(toasts())}`,
    );
  }
}

/** POST nlp/agent calls the page makes while `run` runs. */
async function agentPosts(run: () => Promise<void>): Promise<number> {
  const realFetch = window.fetch;
  let posts = 0;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (method.toUpperCase() === 'POST' && /\/nlp\/agent(\?|$)/.test(url)) posts++;
    return realFetch(input, init);
  };
  try {
    await run();
  } finally {
    window.fetch = realFetch;
  }
  return posts;
}

/** Answers the delete confirmation. */
async function answer(choice: 'Delete' | 'Cancel') {
  const ask = await steady(await until(() => dialog('alertdialog'), 'the confirmation'));
  await click(buttonIn(ask, choice)!);
  await until(() => !dialog('alertdialog'), 'the confirmation closed');
  return ask;
}

/** Opens the card's actions menu and chooses an item. */
async function cardAction(el: HTMLElement, name: string, action: 'Edit' | 'Delete') {
  await click(await waitButton(el, `Actions for ${name}`));
  const item = await until(() => [...document.querySelectorAll('[role="menuitem"]')].find((i) => text(i) === action), `the ${action} item`);
  await click(await steady(item));
}

/** 16 agents of their own prefix, for the paging checks. */
const PAGED = `Paged ${RUN}`;
const pagedNames = Array.from({ length: 16 }, (_, i) => `${PAGED} ${String(i + 1).padStart(2, '0')}`);

before(async function () {
  this.timeout(60_000);
  admin = await signIn();
  await setViewport({ width: 1200, height: 900 });
  for (const name of pagedNames) await createAgent(name);
});

afterEach(() => {
  for (const el of mounted) el.remove();
  mounted = [];
});

describe('<parley-agent-designer> agents list', function () {
  this.timeout(30_000);

  it('refuses an empty form without a call, then creates the agent: toast, and its card shows Not Trained', async () => {
    const { el } = await mount();
    await click(buttonIn(el, 'Create New Agent')!);
    const form = await until(() => dialog(), 'the create dialog');
    expect(text(form.querySelector('h2, [role=heading]'))).to.equal('Create New Agent');

    const posts = await agentPosts(async () => {
      await click(buttonIn(form, 'Save')!);
      await until(() => form.textContent?.includes('This field is mandatory.'), 'the mandatory messages');
      await new Promise((r) => setTimeout(r, 200));
    });
    expect(posts, 'nothing is sent').to.equal(0);
    expect(text(form).split('This field is mandatory.').length - 1, 'name, type and description').to.equal(3);
    expect(field(form, 'Name')!.getAttribute('aria-invalid')).to.equal('true');

    const name = unique('created');
    await typeInto(field(form, 'Name')!, name);
    const nlp = [...form.querySelectorAll('label')].find((l) => text(l) === 'NLP Based')!;
    await click(nlp);
    await until(() => form.querySelector<HTMLInputElement>('input[type="radio"][value="nlp"]')?.checked, 'NLP Based chosen');
    await typeInto(field(form, 'Description')!, 'made through the form');
    await click(buttonIn(form, 'Save')!);

    await until(() => toasts().includes('Agent Created  Successfully'), 'the created toast', 8000);
    await until(() => !dialog(), 'the dialog closed');
    const created = await until(() => card(el, name), 'the new card', 8000);
    expect(text(created)).to.contain('Not Trained');
    expect(text(created.querySelector('.pad-agent-type'))).to.equal('NLP');
    expect(text(created)).to.contain('made through the form');

    const list = await api('GET', `nlp/v2/agent?name=${encodeURIComponent(name)}&from=0&perPage=15`);
    expect(list.data.agents.map((a: any) => [a.name, a.type, a.description])).to.deep.equal([[name, 'nlp', 'made through the form']]);
  });

  it('shows the server’s message when the name is taken', async () => {
    const name = unique('taken');
    await createAgent(name);
    const { el } = await mount();
    await click(await waitButton(el, 'Create New Agent'));
    const form = await until(() => dialog(), 'the create dialog');
    await typeInto(field(form, 'Name')!, name);
    await click([...form.querySelectorAll('label')].find((l) => text(l) === 'Prompt Based')!);
    await typeInto(field(form, 'Description')!, 'a second one');
    await click(buttonIn(form, 'Save')!);
    await until(() => toasts().some((t) => t.startsWith('duplication of name')), 'the duplicate-name toast', 8000);
    expect(dialog(), 'the form stays open').to.not.equal(null);
    expect(text(form)).to.contain('duplication of name');
    await click(buttonIn(form, 'Cancel')!);
    await until(() => !dialog(), 'the dialog closed');
    const list = await api('GET', `nlp/v2/agent?name=${encodeURIComponent(name)}&from=0&perPage=15`);
    expect(list.data.agents).to.have.length(1);
  });

  it('searches on the server as the user types', async () => {
    const name = unique('findme');
    await createAgent(name);
    await createAgent(unique('other'));
    const { el } = await mount();
    await search(el, name, [name]);
    // The match is case-insensitive and anywhere in the name.
    await search(el, name.slice(7).toUpperCase(), [name]);
  });

  it('shows Show More past 15 agents, loads the rest, then No More Agents to Show', async () => {
    const { el } = await mount();
    await search(el, PAGED, pagedNames.slice(1));
    expect(cards(el)).to.have.length(15);
    // The newest first: the first agent made is the one left for the second page.
    expect(cardNames(el)).to.not.include(pagedNames[0]);
    await click(await waitButton(el, 'Show More'));
    // The second page is a server round trip: on a shared CI machine it can take longer than until()'s default.
    await until(() => cards(el).length === 16, 'the 16th card', 15_000);
    expect(cardNames(el).at(-1)).to.equal(pagedNames[0]);
    const end = await waitButton(el, 'No More Agents to Show');
    expect(end.disabled).to.equal(true);
    expect(buttonIn(el, 'Show More')).to.equal(undefined);
  });

  it('says No Agents to Show when nothing matches', async () => {
    const { el } = await mount();
    await search(el, `nothing ${RUN} matches`, []);
    const empty = await waitButton(el, 'No Agents to Show');
    expect(empty.disabled).to.equal(true);
    expect(buttonIn(el, 'Show More')).to.equal(undefined);
  });

  it('asks before deleting: Cancel keeps the agent, Delete removes it, and an agent with stories is refused', async () => {
    const spare = unique('spare');
    const spareId = await createAgent(spare);
    const busy = unique('busy');
    const busyId = await createAgent(busy);
    const root = await api('GET', `nlp/agent/${busyId}/story`);
    expect((await api('POST', 'nlp/story', { form: { name: 'Orders', agentId: busyId, parentId: root.data.id } })).status).to.equal(true);

    const { el } = await mount();
    await search(el, spare, [spare]);

    await cardAction(el, spare, 'Delete');
    const ask = await answer('Cancel');
    expect(text(ask)).to.contain(spare);
    expect((await api('GET', `nlp/agent/${spareId}`)).status, 'Cancel keeps it').to.equal(true);
    expect(cardNames(el)).to.deep.equal([spare]);

    await cardAction(el, spare, 'Delete');
    await answer('Delete');
    await until(() => toasts().includes('Agent Deleted Successfully'), 'the deleted toast', 8000).catch((e: Error) => {
      throw new Error(`${e.message}: ${JSON.stringify(toasts())}`);
    });
    await until(() => settled(el) && !card(el, spare), 'the card gone');
    expect((await api('GET', `nlp/agent/${spareId}`)).status, 'deleted on the server').to.equal(false);

    await search(el, busy, [busy]);
    await cardAction(el, busy, 'Delete');
    await answer('Delete');
    await until(() => toasts().includes('Agent has Stories and Intents attached to it. Cannot be deleted'), 'the refusal', 8000);
    await until(() => settled(el), 'the list reloaded');
    expect(cardNames(el)).to.deep.equal([busy]);
    expect((await api('GET', `nlp/agent/${busyId}`)).status, 'still there').to.equal(true);
  });

  it('opens an NLP agent at bots/{id} and a prompt agent at bots/{id}/prompt', async () => {
    const nlp = unique('open nlp');
    const nlpId = await createAgent(nlp);
    const prompt = unique('open prompt');
    const promptId = await createAgent(prompt, 'prompt');
    const { el, paths } = await mount({ route: true });
    await search(el, `Agents ${RUN} open`, [nlp, prompt]);
    expect(text(card(el, prompt))).to.contain('Prompt agent');
    expect(text(card(el, prompt)!.querySelector('.pad-agent-type'))).to.equal('PROMPT');

    await click(await waitButton(el, `Open ${nlp}`));
    expect(paths).to.deep.equal([`bots/${nlpId}`]);
    // The host routes (it cancelled the event), so the list stays until it sets `view`.
    expect(card(el, prompt)).to.not.equal(undefined);
    await click(buttonIn(el, `Open ${prompt}`)!);
    expect(paths).to.deep.equal([`bots/${nlpId}`, `bots/${promptId}/prompt`]);
  });

  it('moves itself to the agent when no host routes the event', async () => {
    const name = unique('standalone');
    const id = await createAgent(name);
    const { el, paths } = await mount();
    await search(el, name, [name]);
    await click(buttonIn(el, `Open ${name}`)!);
    expect(paths).to.deep.equal([`bots/${id}`]);
    await until(() => el.querySelector('nav[aria-label="Agent sections"]'), 'the agent shell');
    expect(text(el.querySelector('.pad-shell-title'))).to.equal(name);
  });

  it('shows a viewer the cards without Create New Agent or the actions menu', async () => {
    const name = unique('viewer sees');
    await createAgent(name);
    const viewer = await signIn(DEMO.viewer);
    // mount() waits for the profile's answer ('View only') before anything is looked at.
    const { el } = await mount({ token: viewer });
    await search(el, name, [name]);
    expect(text(card(el, name))).to.contain('Not Trained');
    expect(buttonIn(el, 'Create New Agent')).to.equal(undefined);
    expect(el.querySelector('button[aria-label^="Actions for"]')).to.equal(null);
    expect(buttonIn(el, `Open ${name}`)).to.not.equal(undefined);
  });
});
