import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import '../define.js';
import { API_BASE, signIn } from '../../test-support/demo-session.js';
import { click } from '../../test-support/ui.js';
import { button, choose, clickButton, field, norm, until } from './test-kit.js';
import { paths } from '../designer-routes.js';

/**
 * The integration form ('Create Configuration') returns to the tab that opened it, and that tab still holds what the
 * user had changed and not saved. The designer moves itself here (no host cancels its navigation), as on a plain page.
 */

let admin = '';

async function api<T = any>(method: string, path: string, form?: Record<string, string>): Promise<{ status: boolean; message: string; data: T }> {
  const res = await fetch(`${API_BASE}/${path}`, {
    method,
    headers: { 'authentication-token': admin, accept: 'application/json' },
    body: form ? new URLSearchParams(form) : undefined,
  });
  return (await res.json()) as { status: boolean; message: string; data: T };
}

async function createAgent(type: 'nlp' | 'prompt'): Promise<string> {
  const reply = await api<{ id: string }>('POST', 'nlp/agent', {
    name: `return ${type} ${Date.now()} ${Math.random().toString(36).slice(2, 7)}`,
    description: 'Integration round trip',
    type,
  });
  if (!reply.status) throw new Error(`agent not created: ${reply.message}`);
  return reply.data.id;
}

const section = (title: string) => document.querySelector(`section[aria-label="${title}"]`);

const mounted: HTMLElement[] = [];
function mount(view: string) {
  const el = document.createElement('parley-agent-designer');
  el.setAttribute('api-base', API_BASE);
  el.setAttribute('token', admin);
  el.setAttribute('view', view);
  document.body.append(el);
  mounted.push(el);
}
afterEach(() => {
  for (const el of mounted.splice(0)) el.remove();
});
before(async () => {
  admin = await signIn();
});

/** Opens the integration form from the page's 'Create Configuration' and leaves it by `how`. */
async function roundTrip(how: 'Cancel' | 'Back') {
  await until(() => document.querySelector('[data-configurations=loaded]') && button('Create Configuration'), 'the configuration select');
  await clickButton('Create Configuration');
  await until(() => section('Create Configuration') && field('Configuration Name'), 'the integration form');
  await clickButton(how);
  await until(() => !section('Create Configuration'), 'the integration form to close');
}

describe('the integration form returns where it was opened, keeping unsaved choices', function () {
  this.timeout(30_000);

  it("from a prompt agent's screen, Cancel and Back return to it with the typed prompt", async () => {
    const agentId = await createAgent('prompt');
    mount(paths.agent(agentId, 'prompt'));
    const prompt = await until(() => field('Prompt') as HTMLTextAreaElement | null, 'the prompt');
    await click(prompt);
    await sendKeys({ type: 'Answer about orders only' });
    await roundTrip('Cancel');
    await until(() => section('Prompt Configuration'), 'the prompt screen again');
    expect(section('Entities Configuration'), 'not the model configuration').to.equal(null);
    await until(() => (field('Prompt') as HTMLTextAreaElement | null)?.value === 'Answer about orders only', 'the typed prompt kept');
    await roundTrip('Back');
    await until(() => section('Prompt Configuration'), 'the prompt screen after Back');
    // The section draws before its fields: wait for the field itself, then read it.
    const after = await until(() => field('Prompt') as HTMLTextAreaElement | null, 'the prompt after Back');
    expect(after.value).to.equal('Answer about orders only');
  });

  it('from the model configuration, the unsaved model type survives the round trip', async () => {
    const agentId = await createAgent('nlp');
    const set = await api('POST', `nlp/agent/${agentId}/config`, {
      modelType: 'Semantic',
      entityExtractRetries: '3',
      confidenceThreshold: '0.7',
      language: 'en',
      outOfScopeMessage: '',
      openaiKey: '',
    });
    expect(set.status, set.message).to.equal(true);
    mount(paths.agent(agentId, 'configuration'));
    await until(() => button('Update') && norm(field('Model Type')?.textContent) === 'Semantic', 'the saved model type');
    await choose('Model Type', 'Open AI');
    await roundTrip('Cancel');
    await until(() => section('Entities Configuration') && field('Model Type'), 'the model configuration again');
    await until(() => norm(field('Model Type')?.textContent) === 'Open AI', 'the unsaved Open AI kept');
    // Nothing was saved on the way.
    expect((await api<{ modelType: string }>('GET', `nlp/agent/${agentId}/config`)).data.modelType).to.equal('Semantic');
  });
});
