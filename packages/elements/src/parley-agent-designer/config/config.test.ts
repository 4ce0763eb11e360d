import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { defaultTheme } from '@adobe/react-spectrum/defaultTheme';
import { Provider } from '@adobe/react-spectrum/Provider';
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ParleyClient } from '@parley/sdk/client';
import { ConfigMessages } from '@parley/sdk/contract/nlp-config';
import { DocumentMessages, GenAiMessages, PromptMessages } from '@parley/sdk/contract/nlp-genai';
import '../define.js';
import { dialogNotToast } from '../../test-support/toasts.js';
import { click, typeInto } from '../../test-support/ui.js';
import { button, choose, clickButton, field, norm, pageText as text, until } from './test-kit.js';
import { API_BASE, DEMO, signIn } from '../../test-support/demo-session.js';
import { DesignerContext, type Designer } from '../designer-context.js';
import { parseView, paths } from '../designer-routes.js';
import { IntegrationForm } from './IntegrationForm.js';
import { LlmConfigurationMessages as IntegrationMessages } from '@parley/sdk/contract/nlp-genai';

// ---- The API, as the tests' own hands ----

let admin = '';
let viewer = '';

async function api<T = any>(
  token: string,
  method: string,
  path: string,
  form?: Record<string, string>,
): Promise<{ status: boolean; code: number | string; message: string; data: T }> {
  const res = await fetch(`${API_BASE}/${path}`, {
    method,
    headers: { 'authentication-token': token, accept: 'application/json' },
    body: form ? new URLSearchParams(form) : undefined,
  });
  return (await res.json()) as { status: boolean; code: number | string; message: string; data: T };
}

async function createAgent(type: 'nlp' | 'prompt'): Promise<string> {
  const name = `cfg ${type} ${Date.now()} ${Math.random().toString(36).slice(2, 7)}`;
  const reply = await api<{ id: string }>(admin, 'POST', 'nlp/agent', { name, description: 'Configuration screens test', type });
  if (!reply.status) throw new Error(`agent not created: ${reply.message}`);
  return reply.data.id;
}

const modelConfigOf = async (id: string) => (await api(admin, 'GET', `nlp/agent/${id}/config`)).data as Record<string, unknown>;

// ---- What a user sees and does ----

/** The picker's note once the (empty) list of configurations has arrived: the page no longer moves after it. */
/** The configuration select has its list (empty or not: other tests may have created configurations). */
const configurationsLoaded = () => !!document.querySelector('[data-configurations=loaded]');

const mounted: HTMLElement[] = [];
const roots: Root[] = [];
const navigations: string[] = [];

function mount(view: string, token = admin): HTMLElement {
  const el = document.createElement('parley-agent-designer');
  el.setAttribute('api-base', API_BASE);
  el.setAttribute('token', token);
  el.setAttribute('view', view);
  // Record where the designer wants to go, and keep it where it is (as a host that routes itself would).
  el.addEventListener('parley-navigate', (e) => {
    navigations.push((e as CustomEvent<{ path: string }>).detail.path);
    e.preventDefault();
  });
  document.body.append(el);
  mounted.push(el);
  return el;
}

afterEach(() => {
  for (const root of roots.splice(0)) root.unmount();
  for (const el of mounted.splice(0)) el.remove();
  navigations.length = 0;
});

const sees = (words: string) => text().includes(words);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const input = (label: string) => field(label) as HTMLInputElement | null;
/** Confirms the delete modal the designer opens. */
async function confirmDialog(action = 'Delete') {
  const dialog = await until(() => dialogNotToast('[role=alertdialog]'), 'the confirmation dialog');
  const yes = [...dialog.querySelectorAll('button')].find((b) => norm(b.textContent) === action);
  await click(yes!);
  await until(() => !dialogNotToast('[role=alertdialog]'), 'the dialog to close');
}

before(async () => {
  admin = await signIn();
  viewer = await signIn(DEMO.viewer);
});

describe('Entities Configuration (model config)', function () {
  this.timeout(20_000);
  let agentId = '';
  before(async () => {
    agentId = await createAgent('nlp');
  });

  it("loads the agent's values", async () => {
    const set = await api(admin, 'POST', `nlp/agent/${agentId}/config`, {
      modelType: 'Semantic',
      entityExtractRetries: '3',
      confidenceThreshold: '0.7',
      language: 'hi',
      outOfScopeMessage: 'Please ask about orders',
      openaiKey: '',
    });
    expect(set.status, set.message).to.equal(true);
    mount(paths.agent(agentId, 'configuration'));
    await until(() => norm(field('Model Type')?.textContent) === 'Semantic', 'the saved model type');
    expect(norm(field('Language')?.textContent)).to.equal('Hindi');
    expect(input('Entity Extract Retries')!.value).to.equal('3');
    expect(input('Confidence Threshold')!.value).to.equal('0.7');
    expect(input('Out of Scope Message')!.value).to.equal('Please ask about orders');
    expect(sees(ConfigMessages.threshold)).to.equal(true);
    // The Open AI selector belongs to Open AI only.
    expect(field('Open AI Configuration')).to.equal(null);
  });

  /** The form once its values and the user's permissions have arrived. */
  const editable = async () => {
    await until(() => button('Update') && input('Entity Extract Retries')?.value, 'the editable form');
    return input('Entity Extract Retries')!;
  };

  it('greys the threshold for SVM and shows the Open AI selector only for Open AI', async () => {
    mount(paths.agent(agentId, 'configuration'));
    await editable();
    await choose('Model Type', 'SVM');
    expect(input('Confidence Threshold')!.readOnly).to.equal(true);
    await choose('Model Type', 'Open AI');
    expect(input('Confidence Threshold')!.readOnly).to.equal(false);
    await until(() => field('Open AI Configuration'), 'the Open AI selector');
    expect(button('Create Configuration')).to.not.equal(null);
    await clickButton('Create Configuration');
    await until(() => navigations.includes(paths.integration(agentId, 'configuration')), 'the integration form');
  });

  it('saves a change, shows the server message, and the change persists', async () => {
    mount(paths.agent(agentId, 'configuration'));
    const retries = await editable();
    await typeInto(retries, '4');
    await sendKeys({ press: 'Tab' });
    await choose('Language', 'English');
    await clickButton('Update');
    await until(() => sees(ConfigMessages.saved), 'the success message');
    const saved = await modelConfigOf(agentId);
    expect(saved.entityExtractRetries).to.equal(4);
    expect(saved.language).to.equal('en');
  });

  it('refuses retries of 0 with the spec message and saves nothing', async () => {
    const before = await modelConfigOf(agentId);
    mount(paths.agent(agentId, 'configuration'));
    const retries = await editable();
    await typeInto(retries, '0');
    await sendKeys({ press: 'Tab' });
    expect(sees(ConfigMessages.retries), 'no error before Update').to.equal(false);
    await clickButton('Update');
    await until(() => sees(ConfigMessages.retries), 'the retries message');
    await pause(300);
    expect(sees(ConfigMessages.saved)).to.equal(false);
    expect(await modelConfigOf(agentId)).to.deep.equal(before);
  });

  it('Cancel goes back to the intents', async () => {
    mount(paths.agent(agentId, 'configuration'));
    await editable();
    await clickButton('Cancel');
    await until(() => navigations.includes(paths.agent(agentId, 'intents')), 'the intents tab');
  });

  it('a viewer sees the values read-only and no Update', async () => {
    mount(paths.agent(agentId, 'configuration'), viewer);
    const retries = await until(() => input('Entity Extract Retries'), 'the form');
    await until(() => retries.value !== '', 'loaded values');
    // The profile may answer after the values: look once it has ('View only').
    await until(() => text().includes('View only'), 'the View only badge (the profile has answered)');
    expect(button('Update')).to.equal(null);
    expect(retries.readOnly).to.equal(true);
    expect((field('Model Type') as HTMLButtonElement).disabled).to.equal(true);
    expect(button('Cancel')).to.not.equal(null);
  });
});

describe('Prompt Configuration', function () {
  this.timeout(20_000);
  let agentId = '';
  before(async () => {
    agentId = await createAgent('prompt');
  });

  it('Update without a configuration shows the mandatory messages and saves nothing', async () => {
    mount(paths.agent(agentId, 'prompt'));
    await until(() => button('Update') && configurationsLoaded(), 'the prompt screen, settled');
    expect(sees('Select a Configuration')).to.equal(true);
    expect((field('Prompt') as HTMLTextAreaElement).placeholder).to.equal('Enter a Prompt Configuration');
    await clickButton('Update');
    await until(() => sees(PromptMessages.openaiKeyRequired), 'the configuration message');
    expect(sees(PromptMessages.promptRequired)).to.equal(true);
    const stored = await api(admin, 'GET', `nlp/agent/${agentId}/prompt`);
    expect(stored.data.prompt).to.equal('');
  });

  it('collects variables in a table: No Record, add, validate, delete after confirmation', async () => {
    mount(paths.agent(agentId, 'prompt'));
    await until(() => button('Update') && configurationsLoaded(), 'the prompt screen, settled');
    await typeInto(field('Prompt')!, 'You are a helpful assistant.');
    await click(
      [...document.querySelectorAll('label')].find((l) => norm(l.textContent) === 'Do you want to collect data after conversation?')!.querySelector('input')!,
    );
    await until(() => sees('No Record'), 'the empty table');
    const table = document.querySelector('[role="grid"][aria-label="Variables"]')!;
    expect([...table.querySelectorAll('[role="columnheader"]')].map((h) => norm(h.textContent))).to.deep.equal([
      'S.No',
      'Variable name',
      'Description',
      'Action',
    ]);
    await clickButton('Add variable');
    // The table lays the new row out, then settles: the field is asked for again each time, not kept.
    const name = () => document.querySelector<HTMLInputElement>('input[aria-label="Variable name 1"]');
    await until(() => name() && !sees('No Record'), 'the new row');
    // Focused as Tab would reach it, typed into as a user does.
    name()!.focus();
    await sendKeys({ type: 'email' });
    // The field keeps its keys inside the table: Left moves the caret, Tab goes on to the row's description.
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ type: 's' });
    expect(name()!.value).to.equal('emaisl');
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement?.getAttribute('aria-label')).to.equal('Description 1');
    await clickButton('Update');
    await until(() => sees(PromptMessages.variablesIncomplete), 'the variables message');
    // The row's Delete, pressed from the keyboard.
    button('Delete variable 1')!.focus();
    await sendKeys({ press: 'Enter' });
    await confirmDialog();
    await until(() => sees('No Record'), 'the row to go');
  });

  it('Cancel goes to the agents list', async () => {
    mount(paths.agent(agentId, 'prompt'));
    await until(() => button('Update') && configurationsLoaded(), 'the prompt screen, settled');
    await clickButton('Cancel');
    await until(() => navigations.includes(paths.agents()), 'the agents list');
  });
});

describe('Integration form (LLM)', function () {
  this.timeout(20_000);
  const toasts: string[] = [];

  /** Mounted the way the designer will mount it for `bots/integration/{agentId}`. */
  function mountForm(agentId: string | null, token = admin) {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    roots.push(root);
    const designer: Designer = {
      client: new ParleyClient({ baseUrl: API_BASE, token }),
      apiBase: API_BASE,
      token,
      analyticsUrl: null,
      route: parseView(paths.integration(agentId ?? undefined)),
      navigate: (path) => navigations.push(path),
      navState: undefined,
      toast: (message) => toasts.push(message),
      setUnsaved: () => undefined,
      unsaved: false,
      canEdit: token === admin,
      readOnly: token !== admin,
      confirm: async () => true,
    };
    const form = createElement(DesignerContext.Provider, { value: designer }, createElement(IntegrationForm, { agentId }));
    root.render(createElement(Provider, { theme: defaultTheme, colorScheme: 'light', locale: 'en-US', children: form }));
    mounted.push(host);
  }

  it('shows the three messages only after the first submit', async () => {
    mountForm('00000000-0000-4000-8000-000000000000');
    await until(() => button('Save'), 'the form');
    expect(input('Auth Type')!.value).to.equal('LLM');
    expect(input('Auth Type')!.readOnly).to.equal(true);
    for (const m of Object.values(IntegrationMessages).slice(0, 3)) expect(sees(m), `${m} before submit`).to.equal(false);
    await clickButton('Save');
    await until(() => sees(IntegrationMessages.nameRequired), 'the name message');
    expect(sees(IntegrationMessages.apiKeyRequired)).to.equal(true);
    expect(sees(IntegrationMessages.llmRequired)).to.equal(true);
    // Filling a field clears its message.
    await typeInto(input('Configuration Name')!, 'Support bot key');
    await until(() => !sees(IntegrationMessages.nameRequired), 'the name message to go');
  });

  it("refuses a base URL that is not http or https, in the contract's words", async () => {
    mountForm(null);
    await until(() => button('Save'), 'the form');
    await typeInto(input('Base URL')!, 'ftp://models.example.com/v1');
    await clickButton('Save');
    await until(() => sees(IntegrationMessages.baseUrlInvalid), 'the base URL message');
    await typeInto(input('Base URL')!, 'https://models.example.com/v1');
    await until(() => !sees(IntegrationMessages.baseUrlInvalid), 'the base URL message to go');
  });

  it('hides the API key until asked', async () => {
    mountForm(null);
    const key = await until(() => input('API Key'), 'the key field');
    expect(key.type).to.equal('password');
    await clickButton('Show API key');
    await until(() => input('API Key')!.type === 'text', 'the key shown');
    await clickButton('Show API key');
    await until(() => input('API Key')!.type === 'password', 'the key hidden again');
  });

  it('saves valid values: the configuration is listed, its key never returned in clear', async () => {
    const agentId = await createAgent('nlp');
    mountForm(agentId);
    await until(() => button('Save'), 'the form');
    const name = `LLM ${Date.now()}`;
    await typeInto(input('Configuration Name')!, name);
    await typeInto(input('API Key')!, 'sk-test-secret-123456');
    await choose('LLM Type', 'OpenAI');
    await clickButton('Save');
    await until(() => navigations.includes(paths.agent(agentId, 'configuration')), 'back to the configuration');
    const list = await api<{ id: string; name: string }[]>(admin, 'GET', 'nlp/genai/config');
    expect(list.data.some((c) => c.name === name)).to.equal(true);
    expect(JSON.stringify(list)).to.not.include('sk-test-secret-123456');
  });
});

describe('Gen AI Configuration', function () {
  this.timeout(20_000);
  let agentId = '';
  before(async () => {
    agentId = await createAgent('nlp');
  });

  /** A switch is pressed where it is drawn: its (transparent) input lies over the track. */
  const switchNamed = (name: string) => [...document.querySelectorAll('label')].find((l) => norm(l.textContent) === name)!.querySelector('input')!;

  it('website on with no URL shows the spec messages and saves nothing', async () => {
    mount(paths.agent(agentId, 'gen-ai'));
    await until(() => button('Update') && configurationsLoaded(), 'the gen AI screen, settled');
    await click(switchNamed('Get knowledge base from Website'));
    await clickButton('Update');
    await until(() => sees(GenAiMessages.websiteRequired), 'the website message');
    expect(sees(GenAiMessages.configRequired)).to.equal(true);
    const stored = await api(admin, 'GET', `nlp/agent/${agentId}/genai/config`);
    expect(stored.data.kbFromWebsite).to.equal(false);
  });

  it('adds, edits and removes website URLs', async () => {
    mount(paths.agent(agentId, 'gen-ai'));
    await until(() => button('Update') && configurationsLoaded(), 'the gen AI screen, settled');
    expect(input('Website Url')!.disabled, 'URL input waits for the switch').to.equal(true);
    await click(switchNamed('Get knowledge base from Website'));
    await clickButton('Add website');
    await until(() => sees(GenAiMessages.emptyUrl), 'the empty URL message');
    await typeInto(input('Website Url')!, 'https://docs.example.com/faq');
    await sendKeys({ press: 'Enter' });
    await until(() => button('Remove https://docs.example.com/faq'), 'the URL in the list');
    expect(input('Website Url')!.value).to.equal('');
    await clickButton('Edit https://docs.example.com/faq');
    await until(() => input('Website Url')!.value === 'https://docs.example.com/faq', 'the URL back in the input');
    await typeInto(input('Website Url')!, 'https://docs.example.com/help');
    await clickButton('Save website');
    await until(() => button('Remove https://docs.example.com/help'), 'the edited URL');
    expect(button('Remove https://docs.example.com/faq')).to.equal(null);
    await clickButton('Remove https://docs.example.com/help');
    await confirmDialog('Remove');
    await until(() => sees('Url has been removed'), 'the removal notice');
    expect(button('Remove https://docs.example.com/help')).to.equal(null);
  });

  it('takes PDFs only, refuses duplicates, uploads, and deletes an uploaded one after confirmation', async () => {
    mount(paths.agent(agentId, 'gen-ai'));
    await until(() => button('Update') && configurationsLoaded(), 'the gen AI screen, settled');
    expect(sees('*Accepts only pdf file')).to.equal(true);
    expect(button('Choose file')!.disabled, 'choosing waits for the switch').to.equal(true);
    await click(switchNamed('Get knowledge base from Documents'));
    await until(() => !button('Choose file')!.disabled, 'the file control');
    const picker = document.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(picker.accept).to.include('application/pdf');
    const pick = (...files: File[]) => {
      const dt = new DataTransfer();
      for (const f of files) dt.items.add(f);
      picker.files = dt.files;
      picker.dispatchEvent(new Event('change', { bubbles: true }));
    };
    const pdf = (name: string) => new File(['%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'], name, { type: 'application/pdf' });
    pick(pdf('faq.pdf'), new File(['plain'], 'notes.txt', { type: 'text/plain' }));
    await until(() => button('Upload faq.pdf'), 'the pending file');
    await until(() => sees(DocumentMessages.onlyPdf), 'the PDF-only notice');
    expect(sees('notes.txt')).to.equal(false);
    pick(pdf('faq.pdf'));
    await until(() => sees(DocumentMessages.duplicate('faq.pdf')), 'the duplicate notice');
    await clickButton('Upload faq.pdf');
    await until(() => sees(DocumentMessages.uploaded), 'the upload notice');
    await until(() => button('Remove faq.pdf') && !button('Upload faq.pdf'), 'the uploaded file');
    let stored = await api(admin, 'GET', `nlp/agent/${agentId}/genai/config`);
    expect(stored.data.documents.map((d: { fileName: string }) => d.fileName)).to.deep.equal(['faq.pdf']);
    await clickButton('Remove faq.pdf');
    await confirmDialog();
    await until(() => sees(DocumentMessages.deleted), 'the delete notice');
    stored = await api(admin, 'GET', `nlp/agent/${agentId}/genai/config`);
    expect(stored.data.documents).to.deep.equal([]);
  });

  it('a viewer sees no Update and cannot add', async () => {
    mount(paths.agent(agentId, 'gen-ai'), viewer);
    await until(() => sees('Get knowledge base from Website') && field('Configuration'), 'the gen AI screen');
    await pause(300);
    expect(button('Update')).to.equal(null);
    expect(button('Choose file')).to.equal(null);
    expect(button('Create Configuration')).to.equal(null);
  });
});
