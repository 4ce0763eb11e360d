// Live mode of <parley-try-it>: the customer's side of a web chat (chat/web/*), loaded only when `channel-id` is set,
// so the plain Try-it widget costs nothing more. Types only from the SDK, as the element itself: no rxjs, no zod.
import type { WebChatView } from '@parley/sdk/contract/web-chat';

interface Envelope<T> {
  status: boolean;
  code: number | string;
  message: string;
  data?: T;
}

export type LiveLine = { key: string; from: 'user' | 'agent' | 'bot' | 'system'; text: string; name: string; pending?: boolean };
export interface LiveState {
  lines: LiveLine[];
  typing: boolean;
  /** Shown under the conversation while the server cannot be reached. */
  offline: boolean;
}

const SUCCESS = 100;
const POLL_WAIT_S = 25;
const RETRY_MS = [1000, 2000, 4000, 8000];
const TYPING_EVERY_MS = 3000;
/** Chat actions (platform-shell 3): 0/1 the customer, 3 an agent, 11 the bot, 2 picked up, 8 closed. */
const FROM: Record<number, LiveLine['from']> = { 0: 'user', 1: 'user', 3: 'agent', 11: 'bot', 2: 'system', 8: 'system' };

const randomId = (bytes: number) => {
  const a = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...a))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
};

/**
 * One visitor's chat: started (or continued, with the id and token kept in localStorage), then a long poll that
 * brings replies and typing as they happen and resumes after a drop or a reload from the last message it has. A
 * message is sent with its own id until the server takes it, so a drop never loses or doubles it.
 */
export class LiveSession {
  private visitor: { visitorId: string; visitorToken: string } | null = null;
  private readonly lines = new Map<string, LiveLine>();
  private last = 0;
  private typing = false;
  private offline = false;
  private stopped = false;
  private lastTyping = 0;
  private abort = new AbortController();

  constructor(
    private readonly opts: { apiBase: string; channelId: string; embedKey: string; token: string; name: string },
    private readonly onChange: (state: LiveState) => void,
  ) {}

  private get storageKey() {
    return `parley-web-chat:${this.opts.channelId}`;
  }

  async start(): Promise<void> {
    let saved: { visitorId?: string; visitorToken?: string } = {};
    try {
      saved = JSON.parse(localStorage.getItem(this.storageKey) ?? '{}') as typeof saved;
    } catch {
      // A page without storage starts a new chat every time.
    }
    const view = await this.retrying(() =>
      this.call<WebChatView & { visitorId: string; visitorToken: string }>('chat/web/start', { channelId: this.opts.channelId, ...saved }),
    );
    if (!view) return;
    this.visitor = { visitorId: view.visitorId, visitorToken: view.visitorToken };
    try {
      localStorage.setItem(this.storageKey, JSON.stringify(this.visitor));
    } catch {
      // See above.
    }
    this.apply(view);
    void this.loop();
  }

  stop() {
    this.stopped = true;
    this.abort.abort();
  }

  async send(text: string): Promise<void> {
    const clientId = randomId(12);
    const key = `pending:${clientId}`;
    this.lines.set(key, { key, from: 'user', text, name: '', pending: true });
    this.emit();
    const view = await this.retrying(() => this.call<WebChatView>('chat/web/message', { ...this.visitorFields(), text, clientId, name: this.opts.name }));
    this.lines.delete(key);
    if (view) this.apply(view);
    else this.emit();
  }

  /** Tells the agent the customer is typing, at most every few seconds. */
  typed() {
    const now = Date.now();
    if (!this.visitor || now - this.lastTyping < TYPING_EVERY_MS) return;
    this.lastTyping = now;
    void this.call('chat/web/typing', this.visitorFields()).catch(() => undefined);
  }

  private visitorFields() {
    return { channelId: this.opts.channelId, ...this.visitor };
  }

  private async loop() {
    while (!this.stopped) {
      const view = await this.retrying(() => this.call<WebChatView>('chat/web/messages', { ...this.visitorFields(), after: this.last, wait: POLL_WAIT_S }));
      if (view) this.apply(view);
    }
  }

  private apply(view: WebChatView) {
    for (const m of view.messages) {
      const from = FROM[m.actionType] ?? 'system';
      this.lines.set(String(m.actionId), { key: String(m.actionId), from, text: m.message, name: m.userName });
      this.last = Math.max(this.last, m.actionId);
    }
    this.typing = view.typing;
    this.emit();
  }

  private emit() {
    const lines = [...this.lines.values()].sort((a, b) => order(a) - order(b));
    this.onChange({ lines, typing: this.typing, offline: this.offline });
  }

  /** Runs a call until it answers; waits longer after each failure; gives up only when stopped. */
  private async retrying<T>(run: () => Promise<T>): Promise<T | null> {
    for (let attempt = 0; !this.stopped; attempt++) {
      try {
        const result = await run();
        if (this.offline) {
          this.offline = false;
          this.emit();
        }
        return result;
      } catch (error) {
        if (this.stopped) return null;
        if (error instanceof Refused) {
          this.stopped = true;
          this.lines.set('refused', { key: 'refused', from: 'system', text: error.message || 'The chat is not available.', name: '', pending: true });
          this.emit();
          return null;
        }
        if (!this.offline) {
          this.offline = true;
          this.emit();
        }
        await new Promise((r) => setTimeout(r, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]));
      }
    }
    return null;
  }

  private async call<T>(path: string, body: Record<string, unknown>): Promise<T> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.opts.token) headers['authentication-token'] = this.opts.token;
    else if (this.opts.embedKey) headers['x-parley-embed-key'] = this.opts.embedKey;
    const base = this.opts.apiBase.replace(/\/+$/, '');
    const response = await fetch(`${base}/${path}`, { method: 'POST', headers, body: JSON.stringify(body), signal: this.abort.signal });
    const envelope = (await response.json()) as Envelope<T>;
    if (envelope.status && Number(envelope.code) === SUCCESS && envelope.data) return envelope.data;
    // A refusal (bad key, bad visitor) does not heal by retrying: a new chat is started next time.
    if (response.status < 500) {
      try {
        localStorage.removeItem(this.storageKey);
      } catch {
        // Nothing kept.
      }
      throw new Refused(envelope.message);
    }
    throw new Error(envelope.message);
  }
}

export class Refused extends Error {}

/** Stored lines by their order on the server; a message still being sent goes last. */
const order = (line: LiveLine) => (line.pending ? Number.MAX_SAFE_INTEGER : Number(line.key));
