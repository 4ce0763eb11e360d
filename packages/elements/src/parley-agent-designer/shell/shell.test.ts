import { expect } from '@esm-bundle/chai';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../define.js';
import { API_BASE, DEMO, signIn, until } from '../../test-support/demo-session.js';
import { click, text } from '../../test-support/ui.js';
import { toasts } from '../../test-support/toasts.js';

// The agent shell (agent-designer 2, 4, 8): tabs, training and the Try-it panel, against the real server.

let admin: string;
let mounted: HTMLElement[] = [];

async function api(method: string, path: string, form?: Record<string, string>): Promise<any> {
  const res = await fetch(`${API_BASE}/${path}`, { method, headers: { 'authentication-token': admin }, body: form ? new URLSearchParams(form) : undefined });
  const reply = await res.json();
  if (!reply.status) throw new Error(`${method} ${path}: ${reply.message} ${JSON.stringify(reply.errors ?? '')}`);
  return reply.data;
}

async function createAgent(type: 'nlp' | 'prompt' = 'nlp'): Promise<{ id: string; name: string }> {
  const name = `Shell ${type} ${Math.random().toString(36).slice(2, 10)}`;
  const { id } = await api('POST', 'nlp/agent', { name, description: 'agent shell tests', type });
  return { id, name };
}

/** An agent that can be trained: a story and an intent of two phrases. */
async function trainableAgent() {
  const agent = await createAgent();
  const root = await api('GET', `nlp/agent/${agent.id}/story`);
  const story = await api('POST', 'nlp/story', { name: 'Greetings', agentId: agent.id, parentId: root.id });
  const utterances = JSON.stringify(['hello there', 'good morning'].map((utterance) => ({ utterance, entityDefined: false, entityRefs: [] })));
  await api('POST', 'nlp/intent', {
    agentId: agent.id,
    storyId: story.id,
    name: 'greet',
    utterances,
    responses: JSON.stringify([{ response: 'Hi!' }]),
    entities: '[]',
  });
  return agent;
}

/** Mounts the element standalone at `view` and records the paths it announces; `route` cancels them as a routing host does. */
function mount(view: string, options: { token?: string; route?: boolean } = {}) {
  const el = document.createElement('parley-agent-designer');
  el.setAttribute('api-base', API_BASE);
  el.setAttribute('token', options.token ?? admin);
  el.setAttribute('view', view);
  const paths: string[] = [];
  el.addEventListener('parley-navigate', (e) => {
    paths.push((e as CustomEvent<{ path: string }>).detail.path);
    if (options.route) e.preventDefault();
  });
  document.body.append(el);
  mounted.push(el);
  return { el, paths };
}

const buttonIn = (root: ParentNode, label: string) =>
  [...root.querySelectorAll('button')].find((b) => text(b) === label || b.getAttribute('aria-label') === label) as HTMLButtonElement | undefined;
const waitButton = (root: ParentNode, label: string, ms = 8000) => until(() => buttonIn(root, label), `button ${label}`, ms);
const tabs = (el: HTMLElement) => [...el.querySelectorAll<HTMLAnchorElement>('nav[aria-label="Agent sections"] a')];
const title = (el: HTMLElement) => text(el.querySelector('.pad-shell-title'));
/** The header's status light (the one Spectrum StatusLight in the shell header). */
const statusLight = (el: HTMLElement) => text(el.querySelector('.pad-shell-header [class*="spectrum-StatusLight"]'));
const tryIt = () => document.querySelector<HTMLElement>('dialog[open][aria-label="Try it"]');

/** Records what the header showed while a training ran: a progress bar labelled Training, Train Agent disabled, the lights. */
function watchTraining(el: HTMLElement) {
  const seen = { progress: false, disabled: false, lights: [] as string[], stop: () => observer.disconnect() };
  const look = () => {
    const bar = el.querySelector('[role="progressbar"]');
    if (bar && text(bar).includes('Training')) seen.progress = true;
    if (buttonIn(el, 'Train Agent')?.disabled) seen.disabled = true;
    const light = statusLight(el);
    if (light && seen.lights.at(-1) !== light) seen.lights.push(light);
  };
  const observer = new MutationObserver(look);
  observer.observe(el, { subtree: true, childList: true, attributes: true, characterData: true });
  look();
  return seen;
}

/** The shell once the agent and the profile have answered (an editor then sees Train Agent). */
async function loaded(el: HTMLElement, name: string) {
  await until(() => title(el) === name, 'the agent name in the header', 8000);
  await waitButton(el, 'Try it');
}

before(async () => {
  admin = await signIn();
  await setViewport({ width: 1280, height: 900 });
});

afterEach(() => {
  for (const el of mounted) el.remove();
  mounted = [];
});

describe('<parley-agent-designer> agent shell', function () {
  this.timeout(30_000);

  it('opens on the Intents tab, the tabs in the spec’s order, and a tab announces its path', async () => {
    const agent = await createAgent();
    const { el, paths } = mount(`bots/${agent.id}`, { route: true });
    await loaded(el, agent.name);
    expect(tabs(el).map((t) => text(t))).to.deep.equal(['Intents', 'Entity List', 'Configuration', 'Designer', 'Gen AI', 'Call Classification', 'Sentiment']);
    expect(
      tabs(el)
        .filter((t) => t.getAttribute('aria-current') === 'page')
        .map((t) => text(t)),
    ).to.deep.equal(['Intents']);
    // The intents screen is what the tab shows.
    await until(() => el.querySelector('section[aria-label="Stories"]'), 'the stories column');
    expect(statusLight(el)).to.equal('Not Trained');

    await click(tabs(el).find((t) => text(t) === 'Entity List')!);
    expect(paths).to.deep.equal([`bots/${agent.id}/entity-list`]);
    // The current tab does nothing when clicked again.
    await click(tabs(el).find((t) => text(t) === 'Intents')!);
    expect(paths).to.have.length(1);

    // The host routes: once it sets `view`, the tab is current.
    el.setAttribute('view', `bots/${agent.id}/entity-list`);
    await until(() => tabs(el).find((t) => t.getAttribute('aria-current') === 'page' && text(t) === 'Entity List'), 'Entity List current');
  });

  it('moves itself between tabs when no host routes the event, and the back arrow returns to the agents list', async () => {
    const agent = await createAgent();
    const { el, paths } = mount(`bots/${agent.id}/intents`);
    await loaded(el, agent.name);
    await click(tabs(el).find((t) => text(t) === 'Designer')!);
    await until(() => tabs(el).find((t) => t.getAttribute('aria-current') === 'page' && text(t) === 'Designer'), 'Designer current');
    expect(paths).to.deep.equal([`bots/${agent.id}/conversation`]);
    await click(buttonIn(el, 'Back to agents')!);
    expect(paths.at(-1)).to.equal('bots');
    await waitButton(el, 'Create New Agent');
  });

  it('trains the agent: the warning, the Training progress, then Agent Trained Successfully and the Trained light', async function () {
    this.timeout(60_000);
    const agent = await trainableAgent();
    const { el } = mount(`bots/${agent.id}`);
    await loaded(el, agent.name);
    const train = await waitButton(el, 'Train Agent');
    expect(statusLight(el)).to.equal('Not Trained');
    const seen = watchTraining(el);
    await click(train);
    await until(() => toasts().includes('Please wait while we are building the knowledge base!!'), 'the training warning');
    await until(() => toasts().includes('Agent Trained Successfully'), 'the training to end', 30_000).catch((e: Error) => {
      throw new Error(`${e.message}: toasts ${JSON.stringify(toasts())}, light ${statusLight(el)}`);
    });
    await until(() => statusLight(el) === 'Trained', 'the Trained light');
    seen.stop();
    expect(seen.progress, 'a Training progress bar showed while it ran').to.equal(true);
    expect(seen.disabled, 'Train Agent was disabled while it ran').to.equal(true);
    expect(seen.lights).to.include('Training Inprogress');
    expect(el.querySelector('[role="progressbar"]'), 'the progress bar is gone').to.equal(null);
    expect(buttonIn(el, 'Train Agent')!.disabled).to.equal(false);
    expect((await api('GET', `nlp/agent/${agent.id}/training`)).status).to.equal('trained');
  });

  it('follows a training started elsewhere (the API) to its end', async function () {
    this.timeout(60_000);
    const agent = await trainableAgent();
    const { el } = mount(`bots/${agent.id}`);
    await loaded(el, agent.name);
    await waitButton(el, 'Train Agent');
    const seen = watchTraining(el);
    await api('GET', `nlp/agent/${agent.id}/train`);
    await until(() => statusLight(el) === 'Trained', 'the Trained light', 30_000).catch((e: Error) => {
      throw new Error(`${e.message}: light ${statusLight(el)}`);
    });
    seen.stop();
    expect(seen.lights[0]).to.equal('Not Trained');
    // Nobody pressed Train Agent here: no success toast is announced.
    expect(toasts()).to.not.include('Agent Trained Successfully');
  });

  it('opens Try it beside the dimmed designer with <parley-try-it> for the agent; Escape closes it', async () => {
    const agent = await createAgent();
    const { el } = mount(`bots/${agent.id}`);
    await loaded(el, agent.name);
    await click(buttonIn(el, 'Try it')!);
    const panel = await until(tryIt, 'the Try it panel');
    expect(text(panel.querySelector('h3, [role=heading]'))).to.equal(`Try it: ${agent.name}`);
    const chat = await until(() => panel.querySelector<HTMLElement & { agentId?: string }>('parley-try-it'), 'the chat element');
    expect(chat.getAttribute('agent-id') ?? chat.agentId).to.equal(agent.id);
    expect(el.querySelector('.pad-shell-body')!.hasAttribute('data-dimmed')).to.equal(true);
    // An agent never trained says so above the chat.
    expect(text(panel)).to.contain('The agent is not trained yet. Train the agent, then try it.');

    // Focus moves into the panel (the message input), Tab keeps it there, Escape closes it and gives it back.
    const focused = () => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active;
    };
    await until(() => focused()?.getAttribute('aria-label') === 'Type a message' || focused()?.id === 'input', 'the message input focused');
    for (let i = 0; i < 8; i++) {
      const back = i % 3 === 2;
      if (back) await sendKeys({ down: 'Shift' });
      await sendKeys({ press: 'Tab' });
      if (back) await sendKeys({ up: 'Shift' });
      expect(panel.contains(focused()) || chat.shadowRoot!.contains(focused()), `focus inside the panel after key ${i + 1}`).to.equal(true);
    }
    await sendKeys({ press: 'Escape' });
    await until(() => !tryIt(), 'the panel closed');
    expect(el.querySelector('.pad-shell-body')!.hasAttribute('data-dimmed')).to.equal(false);
    await until(() => focused() === buttonIn(el, 'Try it'), 'focus back on Try it');

    // The close button closes it too.
    await click(buttonIn(el, 'Try it')!);
    await click(await until(() => tryIt() && buttonIn(tryIt()!, 'Close Try it'), 'the close button'));
    await until(() => !tryIt(), 'the panel closed again');
  });

  it('shows a prompt agent at bots/{id}/prompt without tabs or Train Agent', async () => {
    const agent = await createAgent('prompt');
    const { el } = mount(`bots/${agent.id}/prompt`);
    await loaded(el, agent.name);
    await new Promise((r) => setTimeout(r, 300));
    expect(el.querySelector('nav[aria-label="Agent sections"]')).to.equal(null);
    expect(buttonIn(el, 'Train Agent')).to.equal(undefined);
    expect(statusLight(el)).to.equal('');
    expect(buttonIn(el, 'Try it')).to.not.equal(undefined);
  });

  it('opens a prompt agent on its prompt screen when the path names no tab', async () => {
    const agent = await createAgent('prompt');
    const { el } = mount(`bots/${agent.id}`);
    await loaded(el, agent.name);
    await until(() => !el.querySelector('nav[aria-label="Agent sections"]'), 'the tabs hidden once the agent is known');
  });

  it('shows a viewer the tabs and Try it but no Train Agent', async () => {
    const agent = await createAgent();
    const viewer = await signIn(DEMO.viewer);
    const { el } = mount(`bots/${agent.id}`, { token: viewer });
    await loaded(el, agent.name);
    // The profile may answer after the agent: look once it has ('View only').
    await until(() => text(el).includes('View only'), 'the View only badge (the profile has answered)', 8000);
    expect(tabs(el)).to.have.length(7);
    expect(buttonIn(el, 'Train Agent')).to.equal(undefined);
    expect(buttonIn(el, 'Try it')).to.not.equal(undefined);
    expect(statusLight(el)).to.equal('Not Trained');
  });
});
