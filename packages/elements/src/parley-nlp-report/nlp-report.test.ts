import { expect } from '@esm-bundle/chai';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import './define.js';
import { API_BASE, signIn, until } from '../test-support/demo-session.js';
import { ReportLimits, ReportMessages } from '@parley/sdk/contract/nlp-reports';
import { EMOTION_EMOJI, EMOTIONS } from './emotions.js';
import { PeriodLimits, PeriodMessages } from './report-range.js';
import { toasts } from '../test-support/toasts.js';
import { click } from '../test-support/ui.js';

// The conversation report (agent-designer 2, 3, 7, 9) as a user sees it, against the real server: an agent of two
// intents is trained, three conversations of four messages are held with it, then the element reports on them.

let admin: string;
let agentId: string;
let agentName: string;
let mounted: HTMLElement[] = [];

/** What the agent answered to each message sent, in order. */
interface Sent {
  text: string;
  sessionId: string;
  intent: string | null;
  outOfScope: boolean;
}
const sent: Sent[] = [];

const SESSIONS = [
  ['where is my order', 'track my order please', 'what is the weather on mars', 'thank you so much!'],
  ['i want a refund', 'refund my money now', 'tell me a joke about penguins', 'this is terrible, I am angry'],
  ['has my order shipped', 'how do i get a refund', 'who won the football game', 'banana spaceship purple'],
];
const PHRASES = {
  order_status: ['where is my order', 'track my order', 'has my order shipped', 'order delivery status'],
  refund_request: ['i want a refund', 'refund my money', 'how do i get a refund', 'return and refund'],
};

async function api(method: string, path: string, form?: Record<string, string>, token = admin): Promise<any> {
  const res = await fetch(`${API_BASE}/${path}`, { method, headers: { 'authentication-token': token }, body: form ? new URLSearchParams(form) : undefined });
  const reply = await res.json();
  if (!reply.status) throw new Error(`${method} ${path}: ${reply.message} ${JSON.stringify(reply.errors ?? '')}`);
  return reply.data;
}

/** The period the element shows by default (7 days back to now), as the API takes it. */
const defaultRange = () => ({
  agentId,
  startDate: new Date(Date.now() - 7 * 86_400_000 - 60_000).toISOString(),
  endDate: new Date(Date.now() + 60_000).toISOString(),
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
});

async function talk(sessions: string[][], senderPrefix: string) {
  for (const [n, messages] of sessions.entries()) {
    let sessionId: string | undefined;
    for (const text of messages) {
      const form: Record<string, string> = {
        message: JSON.stringify({ type: 'text', text }),
        agentId,
        metadata: JSON.stringify({ senderId: `${senderPrefix}-${n}` }),
      };
      if (sessionId) form.sessionId = sessionId;
      const reply = await api('POST', 'nlp/predictIntent', form);
      sessionId = reply.sessionId as string;
      sent.push({ text, sessionId, intent: reply.intent, outOfScope: reply.outOfScope });
    }
  }
}

const text = (node: Element | null | undefined) =>
  node?.textContent
    ?.replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim() ?? '';
const buttonIn = (root: ParentNode, label: string) =>
  [...root.querySelectorAll('button')].find((b) => text(b) === label || b.getAttribute('aria-label') === label) as HTMLButtonElement | undefined;
const stat = (el: HTMLElement, label: string) =>
  text([...el.querySelectorAll('.pnr-stat')].find((s) => text(s.querySelector('dt')) === label)?.querySelector('.pnr-stat-value'));
const totalOf = (el: HTMLElement, label: string) =>
  [...el.querySelectorAll<HTMLElement>('.pnr-total')].find((t) => text(t.querySelector('.pnr-total-label')) === label);
const total = (el: HTMLElement, label: string) => text(totalOf(el, label)?.querySelector('.pnr-total-value'));
const card = (el: HTMLElement, title: string) => el.querySelector<HTMLElement>(`section.pnr-card[aria-label="${title}"]`)!;
const tableRows = (table: Element | null | undefined) => [...(table?.querySelectorAll('tbody tr') ?? [])].map((tr) => [...tr.children].map((c) => text(c)));
/** A Spectrum table's rows of data: not its header row, nor the row that says No Record or shows the spinner. */
const dataRows = (grid: Element | null | undefined) =>
  [...(grid?.querySelectorAll<HTMLElement>('[role="row"]') ?? [])].filter((r) => r.querySelector('[role="gridcell"]'));
const gridRows = (grid: Element | null | undefined) =>
  dataRows(grid).map((r) => [...r.querySelectorAll('[role="rowheader"], [role="gridcell"]')].map((c) => text(c)));
const rows = (el: HTMLElement) => dataRows(el.querySelector('[role="grid"][aria-label="User Conversations"]'));
/** The cell of a row under the column headed `label`. */
function cell(row: HTMLElement, label: string): HTMLElement {
  const headers = [...row.closest('[role="grid"]')!.querySelectorAll('[role="columnheader"]')];
  const column = headers.find((h) => text(h) === label)!.getAttribute('aria-colindex');
  return row.querySelector<HTMLElement>(`[aria-colindex="${column}"]`)!;
}
const tab = (el: HTMLElement, label: string) => [...el.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => text(t) === label);
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');

async function hover(target: Element) {
  target.scrollIntoView({ block: 'center' });
  const r = target.getBoundingClientRect();
  await sendMouse({ type: 'move', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
}

/** Every call of the Overview has answered. */
const loaded = (el: HTMLElement) => el.querySelector('.pnr-overview')?.getAttribute('aria-busy') === 'false';

/** Mounts the element and waits until the Overview shows the cards' figures. */
async function mount(options: { token?: string; agent?: string | null; width?: string; wait?: boolean } = {}) {
  const holder = document.createElement('div');
  holder.style.width = options.width ?? '1200px';
  const el = document.createElement('parley-nlp-report');
  el.setAttribute('api-base', API_BASE);
  el.setAttribute('token', options.token ?? admin);
  if (options.agent !== null) el.setAttribute('agent-id', options.agent ?? agentId);
  holder.append(el);
  document.body.append(holder);
  mounted.push(holder);
  if (options.wait !== false) await until(() => loaded(el) && stat(el, 'Total Conversation') === '3', 'the report figures', 10_000);
  return el;
}

async function openConversations(el: HTMLElement) {
  await click(tab(el, 'User Conversations')!);
  await until(() => rows(el).length > 0 && el.querySelector('.pnr-conversation-table')?.getAttribute('aria-busy') === 'false', 'the conversation rows', 8000);
}

/** Chooses an option of a Spectrum Picker. */
async function choose(trigger: HTMLElement, option: string) {
  await click(trigger);
  const item = await until(() => [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => text(o) === option), `option ${option}`);
  await new Promise((r) => setTimeout(r, 250));
  await click(item);
  await until(() => !document.querySelector('[role="listbox"]'), 'the options to close');
}

const scopePicker = (el: HTMLElement) => el.querySelector<HTMLElement>('.pnr-conversations button[aria-haspopup="listbox"]')!;

describe('<parley-nlp-report>', function () {
  this.timeout(30_000);

  before(async function () {
    this.timeout(90_000);
    admin = await signIn();
    agentName = `Report ${Math.random().toString(36).slice(2, 8)}`;
    ({ id: agentId } = await api('POST', 'nlp/agent', { name: agentName, description: 'nlp report tests', type: 'nlp' }));
    const root = await api('GET', `nlp/agent/${agentId}/story`);
    const story = await api('POST', 'nlp/story', { name: 'Support', agentId, parentId: root.id });
    for (const [name, phrases] of Object.entries(PHRASES)) {
      await api('POST', 'nlp/intent', {
        agentId,
        storyId: story.id,
        name,
        utterances: JSON.stringify(phrases.map((utterance) => ({ utterance, entityDefined: false, entityRefs: [] }))),
        // Markdown, as authors write responses: the report shows it rendered, as Try-it did.
        responses: JSON.stringify([{ response: `**About** ${name}` }]),
        entities: '[]',
      });
    }
    await api('GET', `nlp/agent/${agentId}/train`);
    await until(
      async () => {
        const training = await api('GET', `nlp/agent/${agentId}/training`);
        if (training.status === 'failed') throw new Error(`training failed: ${training.error}`);
        return training.status === 'trained';
      },
      'the training',
      60_000,
    );
    await talk(SESSIONS, `report-user-${agentName}`);
  });

  afterEach(() => {
    for (const node of mounted) node.remove();
    mounted = [];
  });

  const scoped = () => sent.filter((s) => !s.outOfScope);
  const nonScoped = () => sent.filter((s) => s.outOfScope);

  it("states the contract's period rules as the contract does", () => {
    expect(PeriodMessages.endBeforeStart).to.equal(ReportMessages.endBeforeStart);
    expect(PeriodMessages.tooLong).to.equal(ReportMessages.tooLong);
    expect(PeriodLimits.maxDays).to.equal(ReportLimits.maxDays);
  });

  it('seeds a mix of scoped and non-scoped messages in three conversations', () => {
    expect(sent).to.have.length(12);
    expect(new Set(sent.map((s) => s.sessionId)).size).to.equal(3);
    expect(scoped().length).to.be.greaterThan(0);
    expect(nonScoped().length).to.be.greaterThan(0);
  });

  it('preselects agent-id in Data Source and shows the cards with the figures the API returns', async () => {
    const el = await mount();
    const report = await api('POST', 'nlp/conversationsReport', defaultRange());
    expect(text(el.querySelector('.pnr-filter button[aria-haspopup="listbox"]'))).to.contain(agentName);
    expect(report.totalConversations).to.equal(3);
    expect(report.totalMessages).to.equal(12);
    expect(report.totalScopedMessages).to.equal(scoped().length);
    expect(stat(el, 'Total Conversation')).to.equal('3');
    expect(stat(el, 'Avg.msg.per conversation')).to.equal('4.00');
    expect(stat(el, 'Max.Conversation')).to.equal(String(report.maximumConversations.maximumConversationsValue));
    expect(stat(el, 'Weak Understanding')).to.equal(String(report.weakUnderstanding));
    expect(total(el, 'Total Messages')).to.equal('12');
    expect(total(el, 'Total Scoped Messages')).to.equal(String(scoped().length));
    expect(total(el, 'Total non-Scoped Messages')).to.equal(String(nonScoped().length));
  });

  it('draws Scope Trend bars with d3, the Scope donut with 2 decimals and the Active Users line', async () => {
    const el = await mount();
    const report = await api('POST', 'nlp/conversationsReport', defaultRange());
    const trend = card(el, 'Scope Trend');
    expect(trend.querySelectorAll('svg rect.pnr-bar').length).to.be.greaterThan(0);
    // The bars grow in with a transition and end at their height.
    await until(
      () => [...trend.querySelectorAll<SVGRectElement>('svg rect.pnr-bar')].some((r) => Number(r.getAttribute('height')) > 20),
      'the bars to grow',
      3000,
    );
    expect(trend.querySelectorAll('svg .pnr-axis-x .tick').length).to.be.greaterThan(0);
    const donut = text(card(el, 'Scope').querySelector('.pnr-donut-value'));
    expect(donut).to.match(/^\d{1,3}\.\d{2}%$/);
    expect(donut).to.equal(`${report.scopedPercentage.toFixed(2)}%`);
    const users = card(el, 'Active Users');
    expect(users.querySelector('svg path.pnr-line')).to.not.equal(null);
    expect(users.querySelectorAll('svg circle.pnr-point').length).to.be.greaterThan(0);
  });

  it('offers each chart as a table with the same figures', async () => {
    const el = await mount();
    const graph = await api('POST', 'nlp/graphReport', defaultRange());
    const day = graph.scopeTrend.at(-1);
    const trendTable = card(el, 'Scope Trend').querySelector('table');
    expect(tableRows(trendTable)).to.have.length(graph.scopeTrend.length);
    expect(tableRows(trendTable).at(-1)!.slice(1)).to.deep.equal([String(day.scoped), String(day.nonScoped)]);
    expect(day.scoped).to.equal(scoped().length);
    const scopeRows = tableRows(card(el, 'Scope').querySelector('table'));
    const share = (100 * scoped().length) / 12;
    expect(scopeRows).to.deep.equal([
      ['Scoped', String(scoped().length), `${share.toFixed(2)}%`],
      ['Non-scoped', String(nonScoped().length), `${(100 - share).toFixed(2)}%`],
    ]);
    expect(tableRows(card(el, 'Active Users').querySelector('table')).at(-1)![1]).to.equal('3');

    // Hidden from sight but read by screen readers; 'View as table' shows it in place of the chart.
    const trend = card(el, 'Scope Trend');
    const holder = trend.querySelector('table')!.parentElement!;
    expect(holder.getBoundingClientRect().width).to.be.lessThan(2);
    expect(getComputedStyle(holder).overflow).to.equal('hidden');
    await click(buttonIn(trend, 'View as table')!);
    await until(() => holder.getBoundingClientRect().width > 100, 'the visible table');
    expect((trend.querySelector('.pnr-chart-body') as HTMLElement).hidden).to.equal(true);
    expect(buttonIn(trend, 'View as chart')!.getAttribute('aria-pressed')).to.equal('true');
    await click(buttonIn(trend, 'View as chart')!);
    await until(
      () => !(trend.querySelector('.pnr-chart-body') as HTMLElement).hidden && trend.querySelectorAll('svg rect.pnr-bar').length > 0,
      'the chart again',
    );
  });

  it('shows a tooltip on hovering or focusing a day of a chart', async () => {
    const el = await mount();
    const trend = card(el, 'Scope Trend');
    const day = await until(() => trend.querySelector<SVGGElement>('g.pnr-day[tabindex="0"]'), 'a day with messages');
    await new Promise((r) => setTimeout(r, 700));
    await hover(day.querySelector('rect.pnr-hit')!);
    const tip = await until(() => trend.querySelector('.pnr-tooltip'), 'the tooltip on hover');
    expect(text(tip)).to.contain(`Scoped: ${scoped().length}`);
    expect(text(tip)).to.contain(`Non-scoped: ${nonScoped().length}`);
    await sendMouse({ type: 'move', position: [0, 0] });
    await until(() => !trend.querySelector('.pnr-tooltip'), 'the tooltip to go');

    const point = card(el, 'Active Users').querySelector<SVGGElement>('g.pnr-day[tabindex="0"]')!;
    point.focus();
    const usersTip = await until(() => card(el, 'Active Users').querySelector('.pnr-tooltip'), 'the tooltip on focus');
    expect(text(usersTip)).to.contain('3 active users');
    expect(point.getAttribute('aria-label')).to.contain('3 active users');
  });

  it('lists the Top Intents with their counts, as the API does', async () => {
    const el = await mount();
    const top = await api('POST', 'nlp/topIntent', defaultRange());
    await until(() => el.querySelectorAll('.pnr-intent').length > 0, 'the top intents');
    const shown = [...el.querySelectorAll('.pnr-intent')].map((li) => [
      text(li.querySelector('.pnr-intent-name')),
      text(li.querySelector('.pnr-intent-count')),
    ]);
    expect(shown).to.deep.equal(top.map((t: { intentName: string; count: number }) => [t.intentName, String(t.count)]));
    expect(shown.map(([name]) => name)).to.have.members(Object.keys(PHRASES));
  });

  it('lists the messages in User Conversations: Yes/No, the date, an emoji, and no more pages', async () => {
    const el = await mount();
    expect(buttonIn(el, 'Download')).to.equal(undefined);
    await openConversations(el);
    expect(tab(el, 'User Conversations')!.getAttribute('aria-selected')).to.equal('true');
    expect(buttonIn(el, 'Download')).to.not.equal(undefined);
    const list = rows(el);
    expect(list).to.have.length(12);
    expect(list.map((r) => text(cell(r, 'Message')))).to.have.members(sent.map((s) => s.text));
    const emojis = Object.values(EMOTION_EMOJI);
    for (const row of list) {
      const message = sent.find((s) => s.text === text(cell(row, 'Message')))!;
      expect(text(cell(row, 'Intent Identified'))).to.equal(message.intent ? 'Yes' : 'No');
      expect(text(cell(row, 'Intent'))).to.equal(message.intent ?? '–');
      expect(text(cell(row, 'Date'))).to.match(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
      expect(text(cell(row, 'Confidence'))).to.match(/^\d{1,3}\.\d{2}%$/);
      const response = cell(row, 'Response');
      expect(text(response)).to.not.contain('**');
      if (message.intent) expect(text(response.querySelector('strong'))).to.equal('About');
      const emoji = cell(row, 'Emotion').querySelector('[role="img"]')!;
      expect(emojis).to.include(text(emoji));
      expect(EMOTIONS as readonly string[]).to.include(emoji.getAttribute('aria-label'));
    }
    const today = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(text(cell(list[0]!, 'Date')).slice(0, 10)).to.equal(`${pad(today.getDate())}-${pad(today.getMonth() + 1)}-${today.getFullYear()}`);
    const noMore = buttonIn(el, 'No More Data to Show')!;
    expect(noMore.disabled).to.equal(true);
    expect(buttonIn(el, 'Next')).to.equal(undefined);
    expect(buttonIn(el, 'Previous')!.disabled).to.equal(true);

    await click(tab(el, 'Overview')!);
    await until(() => !buttonIn(el, 'Download'), 'Download to leave with the tab');
  });

  it("filters by scope: 'Non Scopped' shows only the out-of-scope messages, 'Scopped' only the others", async () => {
    const el = await mount();
    await openConversations(el);
    // Both scopes hold six messages: wait for the messages themselves, not a count the old list already has.
    const shown = () =>
      rows(el)
        .map((r) => text(cell(r, 'Message')))
        .sort()
        .join('|');
    const of = (sent: Sent[]) =>
      sent
        .map((s) => s.text)
        .sort()
        .join('|');
    await choose(scopePicker(el), 'Non Scopped');
    await until(() => shown() === of(nonScoped()), 'the non-scoped rows');
    expect(rows(el).every((r) => text(cell(r, 'Intent Identified')) === 'No')).to.equal(true);
    await choose(scopePicker(el), 'Scopped');
    await until(() => shown() === of(scoped()), 'the scoped rows');
    await choose(scopePicker(el), 'All');
    await until(() => rows(el).length === 12, 'every row');
  });

  it('opens Total Scoped Messages as User Conversations filtered to Scopped', async () => {
    const el = await mount();
    await click(totalOf(el, 'Total Scoped Messages')!);
    await until(() => tab(el, 'User Conversations')?.getAttribute('aria-selected') === 'true', 'the conversations tab');
    await until(() => rows(el).length === scoped().length && rows(el).every((r) => text(cell(r, 'Intent Identified')) === 'Yes'), 'the scoped rows');
    expect(text(scopePicker(el))).to.contain('Scopped');
  });

  it('opens a row in a dialog: the identified intent, or the other intents, with confidence and training phrase', async () => {
    const el = await mount();
    const opened: { sessionId: string; message: string }[] = [];
    el.addEventListener('parley-conversation-open', (e) => opened.push((e as CustomEvent).detail));
    await openConversations(el);

    const hit = sent.find((s) => s.intent)!;
    const hitCell = cell(
      rows(el).find((r) => text(cell(r, 'Message')) === hit.text)!,
      'Message',
    );
    // The table ignores the pointer while the page scrolls (300 ms after the last scroll), as a user's click waits for the page to stop.
    hitCell.scrollIntoView({ block: 'center' });
    await new Promise((r) => setTimeout(r, 400));
    await click(hitCell);
    let box = await until(() => dialog(), 'the dialog');
    expect(text(box.querySelector('h2, [role="heading"]'))).to.equal('Identified intent');
    const [intentRow] = gridRows(box.querySelector('[role="grid"]'));
    expect(intentRow![0]).to.equal(hit.intent);
    expect(intentRow![1]).to.match(/^\d{1,3}\.\d{2}%$/);
    expect((PHRASES as Record<string, string[]>)[hit.intent!]).to.include(intentRow![2]);
    expect(opened).to.have.length(1);
    expect(opened[0]).to.include({ sessionId: hit.sessionId, message: hit.text });
    const dismiss = box.querySelector<HTMLButtonElement>('button[aria-label="Dismiss"]')!;
    expect(dismiss, 'the close button').to.not.equal(null);
    await click(dismiss);
    await until(() => !dialog(), 'the dialog to close');

    // The keyboard opens a row too.
    const miss = sent.find((s) => !s.intent)!;
    const row = rows(el).find((r) => text(cell(r, 'Message')) === miss.text)!;
    row.focus();
    await sendKeys({ press: 'Enter' });
    box = await until(() => dialog(), 'the dialog of a missed message');
    expect(text(box.querySelector('h2, [role="heading"]'))).to.equal('Other intents');
    const others = gridRows(box.querySelector('[role="grid"]'));
    expect(others.length).to.be.greaterThan(0);
    expect(others.map((r) => r[0])).to.satisfy((names: string[]) => names.every((n) => n in PHRASES));
    await sendKeys({ press: 'Escape' });
    await until(() => !dialog(), 'Escape to close the dialog');
  });

  it("downloads the CSV through an object URL under the server's file name", async () => {
    const el = await mount();
    await openConversations(el);
    const blobs: Blob[] = [];
    const anchors: HTMLAnchorElement[] = [];
    const realCreate = URL.createObjectURL;
    const realClick = HTMLAnchorElement.prototype.click;
    URL.createObjectURL = (obj: Blob | MediaSource) => {
      blobs.push(obj as Blob);
      return realCreate.call(URL, obj);
    };
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      anchors.push(this);
    };
    try {
      await click(buttonIn(el, 'Download')!);
      await until(() => anchors.length > 0, 'the download');
    } finally {
      URL.createObjectURL = realCreate;
      HTMLAnchorElement.prototype.click = realClick;
    }
    expect(anchors[0]!.download).to.match(/^conversation_report_\d{2}-\d{2}-\d{4} \d{2}:\d{2}\.csv$/);
    expect(anchors[0]!.href).to.match(/^blob:/);
    expect(blobs[0]!.type).to.match(/^text\/csv/);
    const csv = await blobs[0]!.text();
    for (const s of sent) expect(csv).to.contain(s.text);
  });

  it('Submit shows the period asked for; an End Date before the Start Date is refused', async () => {
    const el = await mount();
    const filter = el.querySelector<HTMLElement>('.pnr-filter')!;
    /** The year segment of a date picker, found by the picker's visible label. */
    const yearOf = (label: string) => {
      const id = [...filter.querySelectorAll('label, span')].find((l) => text(l) === label)?.id;
      const group = [...filter.querySelectorAll('[role="group"]')].find((g) => id && (g.getAttribute('aria-labelledby') ?? '').split(' ').includes(id));
      return [...(group?.querySelectorAll<HTMLElement>('[role="spinbutton"]') ?? [])].find((s) => /year/i.test(s.getAttribute('aria-label') ?? ''));
    };
    const error = 'End Date should not be before Start Date';
    const calls = performance.getEntriesByType('resource').length;

    // End Date a year back: before the Start Date, so Submit asks for nothing.
    yearOf('End Date')!.focus();
    await sendKeys({ press: 'ArrowDown' });
    await until(() => text(filter).includes(error), 'the period error');
    expect(buttonIn(el, 'Submit')!.disabled).to.equal(true);
    await click(buttonIn(el, 'Submit')!);
    await new Promise((r) => setTimeout(r, 300));
    expect(
      performance
        .getEntriesByType('resource')
        .slice(calls)
        .filter((e) => /conversationsReport/.test(e.name)),
    ).to.have.length(0);
    expect(stat(el, 'Total Conversation')).to.equal('3');

    // The Start Date a year back too: a week of last year, without any message.
    yearOf('Start Date')!.focus();
    await sendKeys({ press: 'ArrowDown' });
    await until(() => !text(filter).includes(error), 'the error to go');
    await click(buttonIn(el, 'Submit')!);
    await until(() => loaded(el) && stat(el, 'Total Conversation') === '0', 'the empty period');
    expect(text(card(el, 'Scope Trend'))).to.contain('No messages in this period');
    expect(text(card(el, 'Scope'))).to.contain('No messages in this period');
    expect(text(card(el, 'Active Users'))).to.contain('No active users in this period');
    expect(text(card(el, 'Top Intents'))).to.contain('No Record');
    await click(tab(el, 'User Conversations')!);
    await until(
      () => [...el.querySelectorAll('[role="grid"][aria-label="User Conversations"] [role="row"]')].some((r) => text(r) === 'No Record'),
      "'No Record'",
    );
    expect(buttonIn(el, 'No More Data to Show')!.disabled).to.equal(true);
  });

  it('keeps its look on a partner page whose own rules style header, h2, h3 and section elements', async () => {
    const pageRules = document.createElement('style');
    pageRules.textContent = `header { padding: 14px 24px; background: rgb(31, 58, 95); color: rgb(255, 255, 255); text-transform: uppercase; }
      h2, h3 { color: rgb(255, 0, 0); font-size: 40px; font-family: serif; } section { margin: 50px; } dt { color: rgb(255, 0, 0); }`;
    document.head.append(pageRules);
    try {
      const el = await mount();
      const header = el.querySelector<HTMLElement>('section.pnr-card .pnr-card-header')!;
      const style = getComputedStyle(header);
      expect([style.backgroundColor, style.paddingTop, style.paddingLeft, style.textTransform]).to.deep.equal(['rgba(0, 0, 0, 0)', '0px', '0px', 'none']);
      const title = getComputedStyle(header.querySelector('h3')!);
      expect([title.fontSize, title.color === 'rgb(255, 0, 0)', title.fontFamily.includes('serif') && !title.fontFamily.includes('sans')]).to.deep.equal([
        '15px',
        false,
        false,
      ]);
      expect(getComputedStyle(el.querySelector('h2.pnr-title')!).fontSize).to.equal('22px');
      expect(getComputedStyle(el.querySelector('section.pnr-card')!).marginTop).to.equal('0px');
      expect(getComputedStyle(el.querySelector('.pnr-stat dt')!).color).to.not.equal('rgb(255, 0, 0)');
    } finally {
      pageRules.remove();
    }
  });

  it('redraws its charts to fit from 360 px to 1400 px wide', async () => {
    const el = await mount({ width: '360px' });
    const svgWidth = () => Number(card(el, 'Scope Trend').querySelector('svg')?.getAttribute('width') ?? 0);
    await until(() => svgWidth() > 0, 'the narrow chart');
    const narrow = svgWidth();
    expect(narrow).to.be.at.most(360);
    expect(el.scrollWidth, 'no sideways scrolling at 360 px').to.be.at.most(el.clientWidth + 1);
    (el.parentElement as HTMLElement).style.width = '1400px';
    await until(() => svgWidth() > narrow + 300, 'the wide chart');
    expect(el.scrollWidth).to.be.at.most(el.clientWidth + 1);
  });

  it('shows a failed load as a toast with its message', async () => {
    await mount({ token: 'not-a-session', wait: false });
    const refused = await fetch(`${API_BASE}/nlp/v2/agent?from=0&perPage=-1`, { headers: { 'authentication-token': 'not-a-session' } }).then((r) => r.json());
    expect(refused.status).to.equal(false);
    await until(() => toasts().includes(refused.message), 'the toast', 8000);
  });

  // Last: it adds a fourth conversation, which the tests above do not expect.
  it('pages 50 rows at a time with Previous and Next', async function () {
    this.timeout(60_000);
    await talk([Array.from({ length: 40 }, (_, i) => `where is my order number ${i}`)], `report-pager-${agentName}`);
    const el = await mount({ wait: false });
    await until(() => loaded(el) && stat(el, 'Total Conversation') === '4', 'the fourth conversation', 10_000);
    await openConversations(el);
    expect(rows(el)).to.have.length(50);
    const next = buttonIn(el, 'Next')!;
    expect(next.disabled).to.equal(false);
    expect(buttonIn(el, 'No More Data to Show')).to.equal(undefined);
    await click(next);
    await until(() => rows(el).length === sent.length - 50 && buttonIn(el, 'No More Data to Show'), 'the second page');
    expect(buttonIn(el, 'Previous')!.disabled).to.equal(false);
    await click(buttonIn(el, 'Previous')!);
    await until(() => rows(el).length === 50 && buttonIn(el, 'Next'), 'the first page again');
  });
});
