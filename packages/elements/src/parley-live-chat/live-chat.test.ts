import { expect } from '@esm-bundle/chai';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import axe from 'axe-core';
import './define.js';
import { ChatMessages } from '@parley/sdk/contract/chat-texts';
import { signIn, until } from '../test-support/demo-session.js';
import '../parley-attachment-dialog/define.js';
import { toasts } from '../test-support/toasts.js';
import { click, steady, text, typeInto } from '../test-support/ui.js';
import { AGENT, api, bubbles, uploadPicture, button, chatDetail, chatOf, customerWrites, dialog, mount, row, tab, unmountAll, useToken } from './test-kit.js';

// An agent's inbox driven as an agent drives it, against the real server: a sandbox WhatsApp customer asks for a
// person, the chat waits in New, the agent picks it up, answers, hears back live, and closes it with feedback.

const run = Date.now().toString().slice(-7);
const customer = { waId: `91977${run}`, name: `Tara ${run}` };
const number = `+${customer.waId}`;
let agentToken = '';

before(async function () {
  this.timeout(20_000);
  useToken((agentToken = await signIn(AGENT)));
  await setViewport({ width: 1400, height: 900 });
  await customerWrites(customer, 'I want to talk to a human');
  await chatOf(number, 'new');
});

afterEach(unmountAll);

describe('<parley-live-chat>', () => {
  it('lists the waiting chat under New with its unread count, and says when a section is empty', async function () {
    this.timeout(10_000);
    const el = mount();
    await click(await until(() => tab(el, 'New'), 'the New section'));
    const waiting = await until(() => row(el, customer.name), 'the waiting chat');
    expect(text(waiting.querySelector('.plc-unread'))).to.match(/^\d+$/);
    expect(text(waiting.querySelector('.plc-row-channel'))).to.not.equal('');
    expect(text(tab(el, 'New')!.querySelector('.plc-tab-count'))).to.match(/^[1-9]\d*$/);
    await click(tab(el, 'Assigned')!);
    await until(() => text(el.querySelector('.plc-empty')) === ChatMessages.noAssigned, 'the empty text of Assigned');
  });

  it('picks the chat up: it moves to Mine and the reply box opens', async function () {
    this.timeout(15_000);
    const el = mount();
    await click(await until(() => tab(el, 'New'), 'the New section'));
    await click(await until(() => row(el, customer.name), 'the waiting chat'));
    const pickup = await until(() => button(el, 'Pick up'), 'the Pick up button');
    expect(el.querySelector('textarea[aria-label=Reply]')).to.equal(null);
    await click(pickup);
    const reply = await until(() => el.querySelector<HTMLTextAreaElement>('textarea[aria-label=Reply]'), 'the reply box', 8000);
    expect(reply.disabled).to.equal(false);
    await until(() => tab(el, 'Mine')!.getAttribute('aria-pressed') === 'true', 'the Mine section to show');
    await until(() => row(el, customer.name), 'the chat under Mine');
    expect((await chatOf(number, 'mine')).handlingAgentName).to.not.equal('');
  });

  it('sends a reply with Enter: the bubble shows with its tick, and Shift+Enter only starts a line', async function () {
    this.timeout(15_000);
    const { chatId } = await chatOf(number, 'mine');
    const el = mount({ 'chat-id': chatId });
    const reply = await until(() => el.querySelector<HTMLTextAreaElement>('textarea[aria-label=Reply]'), 'the reply box', 8000);
    await click(reply);
    await sendKeys({ type: 'Hello Tara' });
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ up: 'Shift' });
    await sendKeys({ type: 'how can I help?' });
    expect(reply.value).to.equal('Hello Tara\nhow can I help?');
    await sendKeys({ press: 'Enter' });
    const mine = await until(() => bubbles(el).find((b) => b.dataset.actor === 'agent' && text(b).includes('how can I help?')), 'our bubble', 8000);
    await until(() => reply.value === '', 'the box to empty');
    const tick = await until(() => mine.querySelector('.plc-tick'), 'its tick');
    expect(['Sending', 'Sent', 'Delivered', 'Read']).to.include(tick.getAttribute('aria-label'));
    await until(() => ['Delivered', 'Read'].includes(mine.querySelector('.plc-tick')?.getAttribute('aria-label') ?? ''), 'the delivered tick', 8000);
  });

  it("shows the customer's next message without a reload, markup as plain text", async function () {
    this.timeout(15_000);
    const { chatId } = await chatOf(number, 'mine');
    const el = mount({ 'chat-id': chatId });
    await until(() => bubbles(el).length > 0, 'the thread');
    const markup = '<b>bold</b> <img src=x onerror="window.__pwned=1">';
    await customerWrites(customer, markup);
    const theirs = await until(
      () => bubbles(el).find((b) => b.dataset.actor === 'customer' && text(b).includes('<b>bold</b>')),
      'the customer message',
      10_000,
    );
    expect(theirs.querySelector('b, img')).to.equal(null);
    expect((window as unknown as { __pwned?: number }).__pwned).to.equal(undefined);
    expect(el.querySelector('[role=log]')!.getAttribute('aria-live')).to.equal('polite');
  });

  it('has no serious or critical axe violations with a thread and the customer panel open', async function () {
    this.timeout(15_000);
    const { chatId } = await chatOf(number, 'mine');
    const el = mount({ 'chat-id': chatId });
    await until(() => bubbles(el).length > 0 && el.querySelector('.plc-panel') && !el.querySelector('[aria-busy=true]'), 'the thread and panel');
    const results = await axe.run(el, { resultTypes: ['violations'] });
    const bad = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(bad).to.deep.equal([]);
  });

  it('attaches a picture from the library: a chip until Send, then an image bubble', async function () {
    this.timeout(25_000);
    const name = `menu-${run}.png`;
    await uploadPicture(await signIn(), name);
    const { chatId } = await chatOf(number, 'mine');
    const el = mount({ 'chat-id': chatId });
    await click(await until(() => el.querySelector<HTMLButtonElement>('button[aria-label="Attach a file"]'), 'the Attach button', 8000));
    const search = await until(() => dialog()?.querySelector<HTMLInputElement>('input[aria-label="Search attachments"]'), 'the attachment dialog', 8000);
    await typeInto(search, name);
    const picked = await until(
      () =>
        [...(dialog()?.querySelectorAll<HTMLElement>('.pat-list .pat-row') ?? [])].find((r) => r.querySelector('.pat-name')?.getAttribute('title') === name),
      'our picture in the library',
      8000,
    );
    await click(picked);
    await until(() => text(el.querySelector('.plc-composer-file')).includes(name), 'the chip');
    await click(button(el, 'Send')!);
    const sent = await until(() => bubbles(el).find((b) => b.dataset.actor === 'agent' && b.querySelector('img')), 'the picture bubble', 10_000);
    expect(el.querySelector('.plc-composer-file')).to.equal(null);
    expect((await chatDetail(chatId)).messages.at(-1)).to.include({ kind: 'image' });
    expect(sent).to.not.equal(undefined);
  });

  it('asks an invited agent before they leave: Stay keeps them in with focus back on the menu, Leave leaves', async function () {
    this.timeout(25_000);
    const { chatId } = await chatOf(number, 'mine');
    const adminToken = await signIn();
    useToken(adminToken);
    const admin = await api<{ uId: string }>('GET', 'e/enterprise/profile/');
    useToken(agentToken);
    await api('POST', `e/enterprise/chat/${chatId}/invite`, { uId: admin.uId });
    useToken(adminToken);
    await api('POST', `e/enterprise/chat/${chatId}/pickup`, { type: 'invited' }).finally(() => useToken(agentToken));
    const el = mount({ 'chat-id': chatId, token: adminToken });
    const leave = async () => {
      const more = await until(() => button(el, 'More actions'), 'the More actions button', 8000);
      await click(more);
      await click(await steady(await until(() => [...document.querySelectorAll('[role=menuitem]')].find((i) => text(i) === 'Leave chat'), 'Leave chat')));
      return { more, ask: await steady(await until(dialog, 'the leave question')) };
    };
    const first = await leave();
    expect(text(first.ask.querySelector('h1, h2, h3'))).to.equal('Leave this chat?');
    expect(text(first.ask)).to.include('You will no longer see its new messages.');
    await click(button(first.ask, 'Stay')!);
    await until(() => !dialog(), 'the question to close');
    await until(() => document.activeElement === first.more || first.more.contains(document.activeElement), 'focus back on More actions');
    expect((await chatDetail(chatId)).participants.map((p) => p.uId)).to.include(admin.uId);

    const second = await leave();
    await click(button(second.ask, 'Leave')!);
    await until(() => toasts().includes(ChatMessages.youLeft), 'the left toast', 8000);
    expect((await chatDetail(chatId)).participants.map((p) => p.uId)).to.not.include(admin.uId);
  });

  it('closes the chat with feedback: focus goes into the dialog and back, the chat leaves the list', async function () {
    this.timeout(15_000);
    const { chatId } = await chatOf(number, 'mine');
    const el = mount({ 'chat-id': chatId });
    const close = await until(() => button(el, 'Close chat'), 'the Close chat button', 8000);
    await click(close);
    const modal = await steady(await until(dialog, 'the close dialog'));
    await until(() => modal.contains(document.activeElement), 'focus inside the dialog');
    await sendKeys({ type: 'Sorted out on the first reply' });
    await click(button(modal, 'Close chat')!);
    await until(() => !dialog(), 'the dialog to close');
    await until(() => text(el.querySelector('.plc-composer')) === ChatMessages.closed, 'the closed note');
    await until(() => !row(el, customer.name), 'the chat to leave the list');
    expect((await chatDetail(chatId)).feedback).to.equal('Sorted out on the first reply');
  });
});
