import { expect } from '@esm-bundle/chai';
import { API_BASE, signIn, until } from '../test-support/demo-session.js';
import './define.js';
import type { ParleyTryIt, TryItMessageSentDetail, TryItReplyDetail } from './parley-try-it.js';

declare global {
  interface Window {
    x?: unknown;
  }
}

const OUT_OF_SCOPE = 'I only talk about pizza here.';
const MENU_REPLY = "**Today's menu**:\n- Margherita\n- Pepperoni\n\n<img src=x onerror=alert(1)>";
const GREET_REPLY = 'Hello! _Ask me_ about the menu.';

let token = '';
let agentId = '';

/** An envelope of the API; tests read replies of many shapes. */
interface Envelope {
  status: boolean;
  code: number | string;
  message: string;
  data: any;
}

/** Calls the real API as the admin, form-urlencoded, and fails on an error envelope. */
async function api(method: 'GET' | 'POST', path: string, form?: Record<string, string>): Promise<any> {
  const res = await fetch(`${API_BASE}/${path}`, {
    method,
    headers: { 'authentication-token': token },
    body: form ? new URLSearchParams(form) : undefined,
  });
  const envelope = (await res.json()) as Envelope;
  if (!envelope.status) throw new Error(`${method} ${path}: ${envelope.message} ${JSON.stringify((envelope as { errors?: unknown }).errors ?? '')}`);
  return envelope.data;
}

const phrases = (...texts: string[]) => JSON.stringify(texts.map((utterance) => ({ utterance, entityDefined: false, entityRefs: [] })));
const responses = (...texts: string[]) => JSON.stringify(texts.map((response) => ({ response })));

before(async function () {
  this.timeout(60_000);
  token = await signIn();
  agentId = (await api('POST', 'nlp/agent', { name: `Try-it pizza ${Date.now()}`, description: 'Agent of the parley-try-it tests', type: 'nlp' })).id;
  const root = await api('GET', `nlp/agent/${agentId}/story`);
  const storyId = (await api('POST', 'nlp/story', { name: 'Pizza', agentId, parentId: root.id })).id;
  await api('POST', `nlp/agent/${agentId}/config`, {
    entityExtractRetries: '2',
    outOfScopeMessage: OUT_OF_SCOPE,
    modelType: 'SVM',
    confidenceThreshold: '0.5',
    language: 'en',
    openaiKey: '',
  });
  const intent = (name: string, utterances: string, replies: string) =>
    api('POST', 'nlp/intent', { agentId, storyId, name, utterances, responses: replies, entities: '[]' });
  await intent(
    'menu',
    phrases('what is on the menu', 'show me the menu', 'which pizzas do you have', 'what pizzas can I order', 'list the menu please', 'menu'),
    responses(MENU_REPLY),
  );
  await intent('greet', phrases('hello', 'hi there', 'good morning', 'hey', 'hello there', 'good evening'), responses(GREET_REPLY));
  // An intent without a response: its replies are empty.
  await intent('bye', phrases('goodbye', 'bye bye', 'see you later', 'farewell', 'talk to you later', 'bye for now'), '[]');
  // Its knowledge base: the demo menu PDF, uploaded as the Gen AI screen does.
  const form = new FormData();
  form.set('agentId', agentId);
  form.append('files', new File([await (await fetch('/test-support/menu.pdf')).blob()], 'Pizza menu.pdf', { type: 'application/pdf' }));
  await fetch(`${API_BASE}/nlp/agent/upload_documents`, { method: 'POST', body: form, headers: { 'authentication-token': token } });
  // No model answers at this address (nothing listens on port 9): the knowledge base quotes the document.
  const llm = await api('POST', 'nlp/genai/config', {
    name: `Try-it model ${Date.now()}`,
    authType: '5',
    llm: '1',
    apikey: 'sk-test-1234567890',
    baseUrl: 'http://127.0.0.1:9/v1',
  });
  await api('POST', `nlp/agent/${agentId}/genai/config`, { kbFromDoc: 'true', genAiConfigId: llm.id });
  await api('GET', `nlp/agent/${agentId}/train`);
  const training = await until(
    async () => {
      const status = await api('GET', `nlp/agent/${agentId}/training`);
      return status.status === 'training' ? null : status;
    },
    'the training to end',
    55_000,
  );
  expect(training.status, training.error ?? '').to.equal('trained');
});

/** Requests the elements made to predictIntent (its streamed form), with their form bodies. */
let predictCalls: URLSearchParams[] = [];
const realFetch = window.fetch;

beforeEach(() => {
  predictCalls = [];
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).endsWith('/nlp/predictIntent/stream')) predictCalls.push(new URLSearchParams(String(init?.body ?? '')));
    return realFetch(input, init);
  };
  window.alert = () => {
    window.x = 'alert';
  };
});

afterEach(() => {
  window.fetch = realFetch;
  document.body.replaceChildren();
  delete window.x;
});

async function mount(attributes: Record<string, string> = {}): Promise<ParleyTryIt> {
  const element = document.createElement('parley-try-it');
  for (const [name, value] of Object.entries({ 'api-base': API_BASE, 'agent-id': agentId, token, ...attributes })) element.setAttribute(name, value);
  document.body.append(element);
  await element.updateComplete;
  return element;
}

const shadow = (element: ParleyTryIt) => element.shadowRoot!;
const input = (element: ParleyTryIt) => shadow(element).querySelector<HTMLInputElement>('[part="input"]')!;
const sendButton = (element: ParleyTryIt) => shadow(element).querySelector<HTMLButtonElement>('[part="send"]')!;
const bubbles = (element: ParleyTryIt, part: string) => [...shadow(element).querySelectorAll(`[part~="${part}"]`)] as HTMLElement[];
const texts = (element: ParleyTryIt, part: string) => bubbles(element, part).map((b) => b.textContent?.trim());
const typing = (element: ParleyTryIt) => shadow(element).querySelector('[part="typing"]');

/** Types into the input as a user would, then presses Enter in it. */
function typeAndPressEnter(element: ParleyTryIt, text: string) {
  const field = input(element);
  field.focus();
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, composed: true, cancelable: true }));
}

/** Collects an element's events of one type. */
function record<T>(element: EventTarget, type: string): T[] {
  const details: T[] = [];
  element.addEventListener(type, (event) => details.push((event as CustomEvent<T>).detail));
  return details;
}

/** Waits for the n-th reply (bot or error bubble). */
const replies = (element: ParleyTryIt, n: number) =>
  until(() => bubbles(element, 'message').filter((b) => !b.matches('[part~="user"]')).length >= n, `reply ${n}`, 15_000);

describe('<parley-try-it>', function () {
  this.timeout(30_000);

  it('sends on Enter, shows the message at once and the typing indicator, then renders the markdown reply safely', async () => {
    const element = await mount();
    expect(shadow(element).querySelector('[part="messages"]')?.getAttribute('role')).to.equal('log');
    typeAndPressEnter(element, '  what is on the menu  ');
    await element.updateComplete;

    expect(texts(element, 'user')).to.deep.equal(['what is on the menu']);
    expect(input(element).value, 'the input is cleared').to.equal('');
    const indicator = typing(element);
    expect(indicator?.getAttribute('role')).to.equal('status');
    expect(indicator?.getAttribute('aria-label')).to.equal('Agent is typing');
    expect(bubbles(element, 'bot').length, 'no reply yet').to.equal(0);

    await replies(element, 1);
    await element.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(typing(element), 'the typing indicator is gone').to.equal(null);
    const [bot] = bubbles(element, 'bot');
    expect(bot!.getAttribute('part')).to.equal('message bot');
    expect(bot!.querySelector('strong')?.textContent).to.equal("Today's menu");
    expect([...bot!.querySelectorAll('ul > li')].map((li) => li.textContent)).to.deep.equal(['Margherita', 'Pepperoni']);
    expect(shadow(element).querySelector('img'), 'the <img> never becomes an element').to.equal(null);
    expect(bot!.textContent).to.contain('<img src=x onerror=alert(1)>');
    expect(window.x, 'no handler ran').to.equal(undefined);
  });

  it('fires parley-message-sent and parley-reply, bubbling out of the shadow root, with the right details', async () => {
    const element = await mount();
    const sent = record<TryItMessageSentDetail>(document, 'parley-message-sent');
    const received = record<TryItReplyDetail>(document, 'parley-reply');
    typeAndPressEnter(element, 'hello there');
    expect(sent).to.deep.equal([{ text: 'hello there' }]);
    await until(() => received.length === 1, 'parley-reply', 15_000);
    const [detail] = received;
    expect(detail).to.include({ text: GREET_REPLY, intent: 'greet', outOfScope: false });
    expect(detail!.confidence).to.be.within(0.5, 1);
    expect(detail!.sessionId).to.be.a('string').and.not.equal('');
    await element.updateComplete;
    expect(bubbles(element, 'bot')[0]!.querySelector('em')?.textContent).to.equal('Ask me');
  });

  it('carries the session across turns, starts a new one after reset() and in a new element', async () => {
    const element = await mount();
    const received = record<TryItReplyDetail>(element, 'parley-reply');
    typeAndPressEnter(element, 'hello');
    await until(() => received.length === 1, 'the first reply', 15_000);
    input(element).value = 'show me the menu';
    sendButton(element).click();
    await until(() => received.length === 2, 'the second reply', 15_000);

    expect(received[0]!.sessionId).to.be.a('string').and.not.equal('');
    expect(received[1]!.sessionId).to.equal(received[0]!.sessionId);
    expect(predictCalls.map((body) => body.get('sessionId'))).to.deep.equal([null, received[0]!.sessionId]);
    expect(JSON.parse(predictCalls[1]!.get('message')!)).to.deep.equal({ type: 'text', text: 'show me the menu', lnCode: 'en' });
    expect(predictCalls[1]!.get('agentId')).to.equal(agentId);
    await element.updateComplete;
    expect(texts(element, 'user')).to.deep.equal(['hello', 'show me the menu']);
    expect(bubbles(element, 'bot').length).to.equal(2);

    element.reset();
    await element.updateComplete;
    expect(bubbles(element, 'message').length, 'reset() clears the conversation').to.equal(0);
    typeAndPressEnter(element, 'hello');
    await until(() => received.length === 3, 'the reply after reset()', 15_000);
    expect(predictCalls[2]!.get('sessionId'), 'no session is sent after reset()').to.equal(null);
    expect(received[2]!.sessionId).not.to.equal(received[0]!.sessionId);

    const other = await mount();
    const otherReplies = record<TryItReplyDetail>(other, 'parley-reply');
    typeAndPressEnter(other, 'hello');
    await until(() => otherReplies.length === 1, 'the reply of another element', 15_000);
    expect(otherReplies[0]!.sessionId).not.to.be.oneOf([received[0]!.sessionId, received[2]!.sessionId]);
  });

  it('sends nothing for an empty or whitespace-only message', async () => {
    const element = await mount();
    const sent = record<TryItMessageSentDetail>(element, 'parley-message-sent');
    typeAndPressEnter(element, '');
    typeAndPressEnter(element, '   \t ');
    sendButton(element).click();
    await element.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(predictCalls.length, 'requests').to.equal(0);
    expect(sent.length, 'parley-message-sent events').to.equal(0);
    expect(bubbles(element, 'message').length, 'messages').to.equal(0);
    expect(typing(element)).to.equal(null);
  });

  it("answers an out-of-scope message with the agent's out-of-scope text", async () => {
    const element = await mount();
    const received = record<TryItReplyDetail>(element, 'parley-reply');
    typeAndPressEnter(element, 'what is the capital of mongolia');
    await until(() => received.length === 1, 'the reply', 15_000);
    expect(received[0]).to.include({ text: OUT_OF_SCOPE, intent: null, outOfScope: true });
    await element.updateComplete;
    expect(texts(element, 'bot')).to.deep.equal([OUT_OF_SCOPE]);
  });

  it('lists the document and page under an answer from the knowledge base', async () => {
    const element = await mount();
    const received = record<TryItReplyDetail>(document, 'parley-reply');
    typeAndPressEnter(element, 'is there a gluten free base?');
    await until(() => received.length === 1, 'parley-reply', 15_000);
    expect(received[0]!.sources).to.deep.equal([{ title: 'Demo Pizza menu', source: 'Pizza menu.pdf', page: 2 }]);
    await element.updateComplete;
    const bubble = bubbles(element, 'bot')[0]!;
    expect(bubble.textContent).to.contain('Gluten free base available on request');
    expect(bubble.querySelector('[part="sources"]')?.textContent?.trim()).to.equal('Source: Demo Pizza menu (Pizza menu.pdf), page 2');
  });

  it("shows 'No messages available' for an empty reply", async () => {
    const element = await mount();
    const received = record<TryItReplyDetail>(element, 'parley-reply');
    typeAndPressEnter(element, 'goodbye');
    await until(() => received.length === 1, 'the reply', 15_000);
    expect(received[0]).to.include({ text: '', intent: 'bye' });
    await element.updateComplete;
    expect(texts(element, 'bot')).to.deep.equal(['No messages available']);
  });

  it("shows the server's error message, styled as an error, for a bad token", async () => {
    const res = await fetch(`${API_BASE}/nlp/predictIntent`, {
      method: 'POST',
      headers: { 'authentication-token': 'not-a-token' },
      body: new URLSearchParams({ message: JSON.stringify({ type: 'text', text: 'hello', lnCode: 'en' }), agentId }),
    });
    const expected = ((await res.json()) as Envelope).message;
    expect(expected).to.be.a('string').and.not.equal('');

    const element = await mount({ token: 'not-a-token' });
    const received = record<TryItReplyDetail>(element, 'parley-reply');
    typeAndPressEnter(element, 'hello');
    await replies(element, 1);
    await element.updateComplete;
    const errors = bubbles(element, 'error');
    expect(errors.map((e) => e.getAttribute('part'))).to.deep.equal(['message error']);
    expect(errors[0]!.textContent?.trim()).to.equal(expected);
    expect(bubbles(element, 'bot').length).to.equal(0);
    expect(received.length, 'no parley-reply for an error').to.equal(0);
    expect(typing(element)).to.equal(null);
    // A red (the danger token, darkened for contrast): 'rgb(r, g, b)' or 'color(srgb r g b)'.
    const [r, g, b] = (getComputedStyle(errors[0]!).color.match(/[\d.]+/g) ?? []).map(Number).slice(-3);
    expect(r! > 2 * g! && r! > 2 * b!, `error colour ${getComputedStyle(errors[0]!).color}`).to.equal(true);
  });

  it("streams a prompt agent's reply into one bubble, the log busy meanwhile, and collects the demo's name and order number", async () => {
    // The demo's prompt agent, answering through the server's sandbox LLM (seeded on first start).
    const agents = (await api('GET', 'nlp/v2/agent?from=0&perPage=-1')).agents as { id: string; name: string }[];
    const desk = agents.find((a) => a.name === 'Demo Order Desk');
    expect(desk, 'the seeded Demo Order Desk').to.not.equal(undefined);
    const element = await mount({ 'agent-id': desk!.id });
    const log = shadow(element).querySelector<HTMLElement>('[part="messages"]')!;
    const received = record<TryItReplyDetail>(element, 'parley-reply');
    // Every state the reply's bubble went through, as the page showed it.
    const seen: { text: string; streaming: boolean; busy: string | null }[] = [];
    const observer = new MutationObserver(() => {
      const bot = bubbles(element, 'bot').at(-1);
      if (bot) seen.push({ text: bot.textContent?.trim() ?? '', streaming: bot.matches('[part~="streaming"]'), busy: log.getAttribute('aria-busy') });
    });
    observer.observe(shadow(element), { subtree: true, childList: true, characterData: true, attributes: true });

    typeAndPressEnter(element, 'Hi, my name is Asha Rao');
    await until(() => received.length === 1, 'the first reply', 15_000);
    await element.updateComplete;
    const asked = 'Thanks! Could you tell me the order number? (Parley sandbox model)';
    expect(texts(element, 'bot')).to.deep.equal([asked]);
    const partial = seen.filter((s) => s.streaming && s.text && s.text !== asked);
    expect(partial.length, 'the reply showed part-written').to.be.above(1);
    expect(
      partial.every((s) => asked.startsWith(s.text.replace(/▍$/, '').trim()) && s.busy === 'true'),
      JSON.stringify(partial),
    ).to.equal(true);
    expect(bubbles(element, 'streaming').length, 'no bubble left streaming').to.equal(0);
    expect(log.getAttribute('aria-busy')).to.equal('false');
    expect(log.getAttribute('aria-live')).to.equal('polite');

    typeAndPressEnter(element, "it's ORD-10422");
    await until(() => received.length === 2, 'the second reply', 15_000);
    await element.updateComplete;
    expect(received[1]!.text).to.equal("Thank you, I have noted your customer's name Asha Rao and order number ORD-10422. (Parley sandbox model)");
    expect(received[1]!.sessionId).to.equal(received[0]!.sessionId);
    expect(texts(element, 'bot')).to.deep.equal([asked, received[1]!.text]);
    observer.disconnect();
  });

  it('keeps the newest message in view', async () => {
    const element = await mount({ style: '--parley-try-it-height: 300px' });
    const received = record<TryItReplyDetail>(element, 'parley-reply');
    for (const [i, text] of ['what is on the menu', 'show me the menu', 'menu'].entries()) {
      typeAndPressEnter(element, text);
      await until(() => received.length === i + 1, `reply ${i + 1}`, 15_000);
    }
    await element.updateComplete;
    const log = shadow(element).querySelector<HTMLElement>('[part="messages"]')!;
    expect(log.scrollHeight, 'the conversation overflows').to.be.above(log.clientHeight);
    expect(log.scrollTop + log.clientHeight).to.be.closeTo(log.scrollHeight, 2);
  });
});
