import { html, LitElement, nothing, unsafeCSS, type PropertyDeclarations } from 'lit';
// Types only: the SDK's client brings rxjs and zod, far beyond this element's size budget, so it talks to the API
// with fetch.
import type { AnswerSourceRef, PredictReply } from '@parley/sdk/contract/nlp-runtime';
import { ensureDefaultTokens } from '@parley/theme/default-tokens';
import type { LiveSession, LiveState } from './live-session.js';
import TRY_IT_CSS from './styles.css?inline';

/** Detail of `parley-message-sent`: the (trimmed) text the user sent. */
export interface TryItMessageSentDetail {
  text: string;
}

/** Detail of `parley-reply`: what the agent answered and how it understood the message. */
export interface TryItReplyDetail {
  /** The reply as the agent wrote it (markdown). */
  text: string;
  /** The intent recognised, or null out of scope. */
  intent: string | null;
  confidence: number;
  outOfScope: boolean;
  /** The conversation's session; every turn of one conversation carries the same. */
  sessionId: string;
  /** Where a knowledge-base answer was quoted from (document and page, or page and link); empty otherwise. */
  sources: AnswerSourceRef[];
}

/** The API's reply envelope. */
interface Envelope<T> {
  status: boolean;
  code: number | string;
  message: string;
  data?: T;
}

/** One bubble of the conversation. */
interface ChatMessage {
  from: 'user' | 'bot' | 'error' | 'agent' | 'system';
  text: string;
  /** A reply's rendered, sanitised markdown; plain `text` is shown when absent. */
  body?: HTMLElement;
  /** A knowledge-base answer's sources, listed under it. */
  sources?: AnswerSourceRef[];
  /** A prompt agent's reply while its pieces arrive: shown as plain text until the whole reply is in. */
  streaming?: boolean;
}

/** "Pizza menu.pdf, page 2": what a reader needs to find the passage again. */
const sourceLabel = (s: AnswerSourceRef) => `${s.title === s.source ? s.source : `${s.title} (${s.source})`}${s.page ? `, page ${s.page}` : ''}`;

/** The API's success code. */
const SUCCESS = 100;

export const NO_MESSAGES = 'No messages available';

type TinyMarkdown = typeof import('../markdown/tiny-markdown.js');

/**
 * A chat panel to try an agent: the designer types a message, the agent's reply appears below it, with the
 * reply's markdown rendered safely (sanitised, no raw HTML from the server ever reaches the page). A prompt agent's
 * reply streams in as its LLM writes it (`nlp/predictIntent/stream`, server-sent events); the log is marked busy
 * meanwhile, so a screen reader announces the reply once, whole. Each element starts its own conversation (session),
 * carried across turns until `reset()`.
 *
 * The markdown renderer is loaded on the first reply, so the element costs little until someone talks to it.
 *
 * Every colour's default is in packages/theme/src/tokens.css, which the element adds to a page that has not loaded it.
 *
 * @tag parley-try-it
 * @summary Try an agent: a chat panel that sends messages to `nlp/predictIntent/stream` and shows the replies as they stream.
 *
 * @attr api-base - Base URL of the Parley API, e.g. `/api` or `https://host/api` (default `/api`).
 * @attr agent-id - Id of the agent to talk to.
 * @attr token - Session token of the signed-in designer, sent as the `authentication-token` header.
 * @attr embed-key - A partner's embed key (an administrator creates it, scoped to agents and allowed origins), sent as
 *   the `x-parley-embed-key` header; for pages without a signed-in user. A `token` is used instead when both are set.
 * @attr channel-id - Live mode: the id of a Web channel. The customer chats with the channel's bot, then with the
 *   enterprise's agents, with replies and typing as they happen; a reload or a network drop continues the same chat.
 *   Needs an embed key of scope `chat`. `agent-id` is not used then.
 * @attr customer-name - Live mode: the name the agents see for this customer (optional).
 *
 * @fires parley-message-sent - The user sent a message. Detail: `{ text }` (`TryItMessageSentDetail`).
 * @fires parley-reply - The agent replied. Detail: `{ text, intent, confidence, outOfScope, sessionId }`
 *   (`TryItReplyDetail`). Not fired for errors.
 *
 * @csspart base - The panel around everything.
 * @csspart messages - The conversation (`role="log"`).
 * @csspart message - Every bubble; together with `user`, `bot` or `error`.
 * @csspart user - A message the user sent.
 * @csspart bot - A reply of the agent.
 * @csspart streaming - A prompt agent's reply while it is still being written (part `message bot streaming`).
 * @csspart error - A reply that is an error from the server or the network (part `message error`).
 * @csspart sources - Under a knowledge-base answer: the document and page (or the web page) it quotes.
 * @csspart agent - Live mode: a reply of a person of the enterprise (part `message agent`).
 * @csspart system - Live mode: a line about the chat, such as an agent joining (part `message system`).
 * @csspart typing - The typing indicator shown while the agent answers.
 * @csspart input - The message input.
 * @csspart send - The round send button.
 *
 * @cssprop --parley-primary - The user's bubbles, the send button, links and focus rings.
 * @cssprop --parley-primary-contrast - Text and icon on the primary colour.
 * @cssprop --parley-text - Text colour.
 * @cssprop --parley-muted - Placeholder, hints and the typing dots.
 * @cssprop --parley-surface - Panel background.
 * @cssprop --parley-surface-muted - The agent's bubbles and the input's background when not focused.
 * @cssprop --parley-border - Panel, input and divider borders.
 * @cssprop --parley-danger - Errors: their text (darkened) and their bubble (tinted).
 * @cssprop --parley-shade - Mixed into the primary for the send button's hover, and the hover wash of the icon buttons.
 * @cssprop [--parley-font-family=system-ui] - Font family.
 * @cssprop [--parley-font-size=14px] - Font size.
 * @cssprop [--parley-radius=12px] - Corner radius of the panel.
 * @cssprop [--parley-bubble-radius=16px] - Corner radius of the bubbles.
 * @cssprop [--parley-try-it-height=560px] - Height of the element.
 */
export class ParleyTryIt extends LitElement {
  static override properties: PropertyDeclarations = {
    apiBase: { attribute: 'api-base' },
    agentId: { attribute: 'agent-id' },
    token: {},
    embedKey: { attribute: 'embed-key' },
    channelId: { attribute: 'channel-id' },
    customerName: { attribute: 'customer-name' },
  };

  static override styles = unsafeCSS(TRY_IT_CSS);
  /** `focus()` on the element (a dialog opening on it, a label) lands in the message input. */
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };

  /** Base URL of the Parley API (`api-base`), e.g. `/api` or `https://host/api`. */
  declare apiBase: string;
  /** The agent to talk to (`agent-id`). */
  declare agentId: string;
  /** Session token sent as the `authentication-token` header (`token`). */
  declare token: string;
  /** A partner's embed key (`embed-key`), sent as `x-parley-embed-key` when there is no session token. */
  declare embedKey: string;
  /** Live mode's Web channel (`channel-id`). */
  declare channelId: string;
  /** Live mode: the customer's name as agents see it (`customer-name`). */
  declare customerName: string;

  #live: LiveSession | undefined;
  #liveState: LiveState | undefined;
  /** The bot's live lines rendered from their markdown, by line key: rendered once, on first sight. */
  #liveBodies = new Map<string, HTMLElement | null>();
  #messages: ChatMessage[] = [];
  /** Messages sent and not answered yet. */
  #pending = 0;
  #sessionId: string | undefined;
  /** Turns run one after another, so each one carries the session the previous one got. */
  #queue: Promise<void> = Promise.resolve();
  /** Bumped by reset(): answers to an earlier conversation are dropped. */
  #generation = 0;
  #abort = new AbortController();
  #markdown: Promise<TinyMarkdown> | undefined;

  constructor() {
    super();
    this.apiBase = '/api';
    this.agentId = '';
    this.token = '';
    this.embedKey = '';
    this.channelId = '';
    this.customerName = '';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    ensureDefaultTokens(this.ownerDocument);
    if (this.channelId) void this.#startLive();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#live?.stop();
    this.#live = undefined;
  }

  async #startLive() {
    const { LiveSession } = await import('./live-session.js');
    if (this.#live || !this.isConnected) return;
    const opts = { apiBase: this.apiBase || '/api', channelId: this.channelId, embedKey: this.embedKey, token: this.token, name: this.customerName };
    this.#live = new LiveSession(opts, (state) => {
      this.#liveState = state;
      this.requestUpdate();
    });
    await this.#live.start();
  }

  /** Live mode's lines as bubbles: the customer's, the bot's, the agents' (with their name) and the chat's own. */
  #liveMessages(): ChatMessage[] {
    return (this.#liveState?.lines ?? []).map((l) => {
      if (l.from === 'bot') this.#renderLive(l.key, l.text);
      const body = this.#liveBodies.get(l.key) ?? undefined;
      return { from: l.from, text: l.from === 'agent' && l.name ? `${l.name}: ${l.text}` : l.text, ...(body ? { body } : {}) };
    });
  }

  /** The bot writes markdown, as in Try-it; people's lines stay plain text. */
  #renderLive(key: string, markdown: string) {
    if (this.#liveBodies.has(key)) return;
    this.#liveBodies.set(key, null);
    this.#render(markdown).then(
      (body) => {
        this.#liveBodies.set(key, body);
        this.requestUpdate();
      },
      () => this.#liveBodies.delete(key),
    );
  }

  /** Clears the conversation and starts a new session; replies still on their way are dropped. */
  reset(): void {
    this.#generation++;
    this.#abort.abort();
    this.#abort = new AbortController();
    this.#queue = Promise.resolve();
    this.#messages = [];
    this.#pending = 0;
    this.#sessionId = undefined;
    this.requestUpdate();
  }

  override render() {
    const live = Boolean(this.channelId);
    const messages = live ? this.#liveMessages() : this.#messages;
    const streaming = !live && this.#messages.some((m) => m.streaming);
    const typing = live ? Boolean(this.#liveState?.typing) : this.#pending > 0 && !streaming;
    return html`
      <div part="base" class="base">
        <div part="messages" class="messages" role="log" aria-live="polite" aria-label="Conversation" aria-busy=${streaming ? 'true' : 'false'}>
          ${messages.length === 0 && !typing ? html`<p class="empty">${live ? 'Send a message to start the chat.' : 'Send a message to try the agent.'}</p>` : nothing}
          ${messages.map((m) => html`<div part="message ${m.from}${m.streaming ? ' streaming' : ''}" class="message ${m.from}${m.streaming ? ' streaming' : ''}">${m.body ?? m.text}${this.#sources(m.sources)}</div>`)}
          ${typing ? html`<div part="typing" class="typing" role="status" aria-label="Agent is typing"><span></span><span></span><span></span></div>` : nothing}
          ${live && this.#liveState?.offline ? html`<p class="empty" role="status">Reconnecting…</p>` : nothing}
        </div>
        <div class="composer">
          <label class="visually-hidden" for="input">Type a message</label>
          <input
            id="input"
            part="input"
            type="text"
            autocomplete="off"
            enterkeyhint="send"
            placeholder="Type a message"
            maxlength="10000"
            @keydown=${this.#onKeydown}
          />
          <button part="send" type="button" aria-label="Send" title="Send" @click=${this.#onSendClick}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M3.4 20.4 21.85 12.5a.55.55 0 0 0 0-1L3.4 3.6a.5.5 0 0 0-.7.6L5 11l9 1-9 1-2.3 6.8a.5.5 0 0 0 .7.6Z" />
            </svg>
          </button>
        </div>
      </div>
    `;
  }

  protected override updated(): void {
    // Keep the newest message (or the typing indicator) in view.
    const log = this.renderRoot.querySelector<HTMLElement>('.messages');
    if (log) log.scrollTop = log.scrollHeight;
  }

  get #input(): HTMLInputElement | null {
    return this.renderRoot.querySelector('input');
  }

  #onKeydown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') this.#live?.typed();
    if (event.key !== 'Enter' || event.isComposing || event.shiftKey) return;
    event.preventDefault();
    this.#sendInput();
  };

  #onSendClick = () => {
    this.#sendInput();
    this.#input?.focus();
  };

  /** Sends what the input holds, unless it is empty or only whitespace. */
  #sendInput(): void {
    const input = this.#input;
    const text = input?.value.trim() ?? '';
    if (!input || !text) return;
    input.value = '';
    if (this.channelId) {
      this.dispatchEvent(new CustomEvent<TryItMessageSentDetail>('parley-message-sent', { detail: { text }, bubbles: true, composed: true }));
      void this.#live?.send(text);
      return;
    }
    this.#messages = [...this.#messages, { from: 'user', text }];
    this.#pending++;
    this.requestUpdate();
    this.dispatchEvent(new CustomEvent<TryItMessageSentDetail>('parley-message-sent', { detail: { text }, bubbles: true, composed: true }));
    const generation = this.#generation;
    const signal = this.#abort.signal;
    this.#queue = this.#queue.then(() => this.#turn(text, generation, signal));
  }

  /** One turn: asks the agent, then shows its reply (or the error) if the conversation is still the same. */
  async #turn(text: string, generation: number, signal: AbortSignal): Promise<void> {
    let message: ChatMessage;
    let detail: TryItReplyDetail | undefined;
    // The bubble a streamed reply grows in; the finished reply takes its place.
    let streamed: ChatMessage | undefined;
    const onDelta = (piece: string) => {
      if (generation !== this.#generation) return;
      if (!streamed) {
        streamed = { from: 'bot', text: '', streaming: true };
        this.#messages = [...this.#messages, streamed];
      }
      streamed.text += piece;
      this.requestUpdate();
    };
    try {
      const envelope = await this.#predict(text, signal, onDelta);
      const data = envelope.data;
      if (envelope.status && Number(envelope.code) === SUCCESS && data) {
        if (generation === this.#generation) this.#sessionId = data.sessionId;
        const reply = data.output.text;
        const sources = data.output.sources ?? [];
        detail = { text: reply, intent: data.intent, confidence: data.confidence, outOfScope: data.outOfScope, sessionId: data.sessionId, sources };
        message = reply.trim() ? { from: 'bot', text: reply, body: await this.#render(reply), sources } : { from: 'bot', text: NO_MESSAGES };
      } else {
        message = { from: 'error', text: envelope.message || 'Something went wrong. Please try again.' };
      }
    } catch (error) {
      if (signal.aborted) return;
      message = { from: 'error', text: error instanceof Error && error.message ? error.message : 'Could not reach the server.' };
    }
    if (generation !== this.#generation) return;
    this.#messages = streamed ? this.#messages.map((m) => (m === streamed ? message : m)) : [...this.#messages, message];
    this.#pending--;
    this.requestUpdate();
    if (detail) this.dispatchEvent(new CustomEvent<TryItReplyDetail>('parley-reply', { detail, bubbles: true, composed: true }));
  }

  /** The line under a knowledge-base answer; its own element, so the bubble's pre-wrap adds no blank line. */
  #sources(sources: AnswerSourceRef[] | undefined) {
    if (!sources?.length) return nothing;
    const links = sources.map(
      (s, i) => html`${i ? '; ' : ''}${s.url ? html`<a href=${s.url} target="_blank" rel="noopener">${sourceLabel(s)}</a>` : sourceLabel(s)}`,
    );
    return html`<p part="sources" class="sources">Source: ${links}</p>`;
  }

  /**
   * `POST {api-base}/nlp/predictIntent/stream`, form-urlencoded as the console's Try-it sends it: server-sent events
   * (`delta` pieces, then the `reply` envelope), or the JSON envelope itself for a refusal.
   */
  async #predict(text: string, signal: AbortSignal, onDelta: (piece: string) => void): Promise<Envelope<PredictReply>> {
    const body = new URLSearchParams({ message: JSON.stringify({ type: 'text', text, lnCode: 'en' }), agentId: this.agentId ?? '' });
    if (this.#sessionId) body.set('sessionId', this.#sessionId);
    const headers: Record<string, string> = {};
    if (this.token) headers['authentication-token'] = this.token;
    else if (this.embedKey) headers['x-parley-embed-key'] = this.embedKey;
    const base = (this.apiBase ?? '').replace(/\/+$/, '');
    let response: Response;
    try {
      response = await fetch(`${base}/nlp/predictIntent/stream`, { method: 'POST', body, headers, signal });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new Error('Could not reach the server. Check your connection and try again.');
    }
    if (response.body && (response.headers.get('content-type') ?? '').startsWith('text/event-stream')) return readEvents(response.body, onDelta, signal);
    const envelope = (await response.json().catch(() => null)) as Envelope<PredictReply> | null;
    if (!envelope || typeof envelope !== 'object') throw new Error(`The server answered with an error (HTTP ${response.status}).`);
    return envelope;
  }

  /** The reply's markdown, rendered and sanitised; the renderer is loaded with the first reply. */
  async #render(markdown: string): Promise<HTMLElement> {
    this.#markdown ??= import('../markdown/tiny-markdown.js');
    let renderer: TinyMarkdown;
    try {
      renderer = await this.#markdown;
    } catch (error) {
      // Try again with the next reply (a chunk that failed to load, e.g. offline).
      this.#markdown = undefined;
      throw error;
    }
    const body = document.createElement('div');
    body.append(renderer.renderTinyMarkdown(markdown));
    return body;
  }
}

/** The `reply` envelope of a server-sent-events body, passing each `delta` piece on as it arrives. */
async function readEvents(body: ReadableStream<Uint8Array>, onDelta: (piece: string) => void, signal: AbortSignal): Promise<Envelope<PredictReply>> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let reply: Envelope<PredictReply> | undefined;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, '\n');
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? 'message';
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).replace(/^ /, ''))
          .join('\n');
        if (!data) continue;
        if (event === 'delta') onDelta(String((JSON.parse(data) as { text?: unknown }).text ?? ''));
        else if (event === 'reply') reply = JSON.parse(data) as Envelope<PredictReply>;
      }
    }
  } catch (error) {
    if (signal.aborted) throw error;
    throw new Error('The reply was cut off. Check your connection and try again.');
  }
  if (!reply) throw new Error('The reply was cut off. Check your connection and try again.');
  return reply;
}

declare global {
  interface HTMLElementEventMap {
    'parley-message-sent': CustomEvent<TryItMessageSentDetail>;
    'parley-reply': CustomEvent<TryItReplyDetail>;
  }
}
