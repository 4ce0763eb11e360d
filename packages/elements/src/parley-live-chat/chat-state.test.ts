import { expect } from '@esm-bundle/chai';
import type { ChatDetail, ChatMessage, ChatSummary } from '@parley/sdk/contract/chats';
import { effectsOf, emptyInbox, inboxReducer, sortedChats, unreadCustomerIds, type InboxState } from './chat-state.js';

// The inbox's reducer as the socket drives it (platform-shell 4.5): pure, so every event's effect is stated here.

const summary = (chatId: string, over: Partial<ChatSummary> = {}): ChatSummary => ({
  chatId,
  state: 1,
  bucket: 'new',
  channelId: 'ch',
  channelName: 'Sandbox',
  channelType: 1,
  customerId: null,
  customerName: `Customer ${chatId}`,
  customerNumber: '+9100000',
  handlingAgent: null,
  handlingAgentName: '',
  pendingType: null,
  pendingTo: null,
  transferringAgent: null,
  transferringAgentName: '',
  participants: [],
  lastMessage: 'hi',
  lastMessageTime: '2026-01-01T10:00:00.000Z',
  messageCount: 1,
  newMsgCount: 1,
  pinned: false,
  tags: [],
  note: '',
  isJITRequired: false,
  botActive: false,
  missedReason: null,
  feedback: null,
  createdOn: '2026-01-01T10:00:00.000Z',
  closedOn: null,
  ...over,
});

const message = (chatId: string, actionId: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  actionId,
  chatId,
  actionBy: 'customer',
  actionType: 1,
  kind: 'text',
  message: `message ${actionId}`,
  attachment: null,
  status: null,
  currentDeliveryStatus: '',
  actedOn: `2026-01-01T10:0${actionId % 10}:00.000Z`,
  userName: '',
  channelErrorCode: null,
  channelErrorDesc: null,
  transId: null,
  messageStatuses: [],
  ...over,
});

const detail = (chatId: string, messages: ChatMessage[], over: Partial<ChatSummary> = {}): ChatDetail => ({ ...summary(chatId, over), messages });
const event = (state: InboxState, type: string, data: Record<string, unknown>) => inboxReducer(state, { type: 'event', event: { type, data }, now: 1000 });
const loaded = (...chats: ChatSummary[]) => inboxReducer(emptyInbox, { type: 'summary', chats });

describe('the inbox reducer', () => {
  it('adds a new chat from customerStartChat and moves a picked one into mine', () => {
    let s = event(loaded(), 'customerStartChat', { chatId: 'a', chat: summary('a') });
    expect(s.chats.map((c) => [c.chatId, c.bucket])).to.deep.equal([['a', 'new']]);
    s = event(s, 'agentPickupChat', { chatId: 'a', chat: summary('a', { state: 2, bucket: 'mine', handlingAgent: 'me' }) });
    expect(s.chats.map((c) => [c.chatId, c.bucket])).to.deep.equal([['a', 'mine']]);
  });

  it('drops a chat another agent picked up (its bucket is others for this reader)', () => {
    const s = event(loaded(summary('a')), 'agentPickupChat', { chatId: 'a', chat: summary('a', { state: 2, bucket: 'others', handlingAgent: 'them' }) });
    expect(s.chats).to.deep.equal([]);
  });

  it('removes the chat on youTransferredToAgent, youLeft and agentEndChat, keeping the open thread read-only', () => {
    const start = inboxReducer(loaded(summary('a', { bucket: 'mine', state: 2 }), summary('b'), summary('c')), {
      type: 'detail',
      chat: detail('a', [], { bucket: 'mine', state: 2 }),
    });
    let s = event(start, 'youLeft', { chatId: 'a', message: 'You left the chat!' });
    expect(s.chats.map((c) => c.chatId)).to.deep.equal(['b', 'c']);
    expect(s.open?.bucket).to.equal('others');
    s = event(s, 'youTransferredToAgent', { chatId: 'b', chat: summary('b', { bucket: 'others', state: 2 }) });
    s = event(s, 'agentEndChat', { chatId: 'c', chat: summary('c', { state: 3, bucket: 'mine' }) });
    expect(s.chats).to.deep.equal([]);
  });

  it('appends a message to the open thread once, however often its event arrives', () => {
    let s = inboxReducer(loaded(summary('a', { bucket: 'mine' })), { type: 'detail', chat: detail('a', [message('a', 1)], { bucket: 'mine' }) });
    const incoming = { chatId: 'a', chat: summary('a', { bucket: 'mine', lastMessage: 'message 2', newMsgCount: 2 }), message: message('a', 2) };
    s = event(s, 'customerReplyChat', incoming);
    s = event(s, 'customerReplyChat', incoming);
    expect(s.open?.messages.map((m) => m.actionId)).to.deep.equal([1, 2]);
    expect(s.chats[0]!.newMsgCount).to.equal(2);
  });

  it("keeps the server's order when a reply's HTTP answer and its event cross", () => {
    let s = inboxReducer(loaded(summary('a', { bucket: 'mine' })), { type: 'detail', chat: detail('a', [message('a', 1)], { bucket: 'mine' }) });
    s = event(s, 'agentReplyChat', { chatId: 'a', message: message('a', 3, { actionType: 3, actedOn: '2026-01-01T11:00:00.000Z' }) });
    s = inboxReducer(s, { type: 'message', chatId: 'a', message: message('a', 2, { actionType: 3 }) });
    s = inboxReducer(s, { type: 'message', chatId: 'a', message: message('a', 3, { actionType: 3, actedOn: '2026-01-01T11:00:00.000Z' }) });
    expect(s.open?.messages.map((m) => m.actionId)).to.deep.equal([1, 2, 3]);
    expect(s.chats[0]!.lastMessage).to.equal('message 3');
  });

  it('updates the ticks from chatMessageStatus and raises the just-in-time flag only when the server says so', () => {
    let s = inboxReducer(loaded(summary('a', { bucket: 'mine' })), {
      type: 'detail',
      chat: detail('a', [message('a', 5, { actionType: 3, currentDeliveryStatus: 'sent' })], { bucket: 'mine' }),
    });
    s = event(s, 'chatMessageStatus', {
      chatId: 'a',
      message: message('a', 5, { actionType: 3, status: 1, currentDeliveryStatus: 'delivered' }),
      isJITRequired: false,
    });
    expect(s.open?.messages[0]!.currentDeliveryStatus).to.equal('delivered');
    expect(s.open?.isJITRequired).to.equal(false);
    s = event(s, 'chatMessageStatus', {
      chatId: 'a',
      message: message('a', 5, { actionType: 3, status: 3, currentDeliveryStatus: 'failed', channelErrorCode: 470 }),
      isJITRequired: true,
    });
    expect(s.open?.messages[0]!.currentDeliveryStatus).to.equal('failed');
    expect(s.open?.isJITRequired).to.equal(true);
    expect(s.chats[0]!.isJITRequired).to.equal(true);
  });

  it('replaces a media message when its file has arrived (systemMessage, updated)', () => {
    let s = inboxReducer(loaded(summary('a', { bucket: 'mine' })), {
      type: 'detail',
      chat: detail('a', [message('a', 7, { kind: 'image', attachment: { type: 'image' } })], { bucket: 'mine' }),
    });
    s = event(s, 'systemMessage', { chatId: 'a', updated: true, message: message('a', 7, { kind: 'image', attachment: { type: 'image', url: '/api/x' } }) });
    expect(s.open?.messages).to.have.length(1);
    expect(s.open?.messages[0]!.attachment?.url).to.equal('/api/x');
  });

  it('shows typing for its chat and clears it when the customer writes', () => {
    let s = inboxReducer(loaded(summary('a', { bucket: 'mine' })), { type: 'detail', chat: detail('a', [], { bucket: 'mine' }) });
    s = event(s, 'chatTyping', { chatId: 'a', actor: 'customer', name: 'Asha' });
    expect(s.typing).to.deep.equal({ chatId: 'a', name: 'Asha', at: 1000 });
    s = event(s, 'customerReplyChat', { chatId: 'a', message: message('a', 9) });
    expect(s.typing).to.equal(null);
  });

  it('ignores failure events for its state and names their effects', () => {
    const before = loaded(summary('a'));
    expect(event(before, 'agentPickupChatFailed', { chatId: 'a', message: 'This chat was picked up by another agent' })).to.deep.equal(before);
    expect(effectsOf({ type: 'agentPickupChatFailed', data: { chatId: 'a', message: 'This chat was picked up by another agent' } }).notice).to.deep.equal({
      text: 'This chat was picked up by another agent',
      variant: 'error',
    });
    expect(effectsOf({ type: 'customerReplyChat', data: { chatId: 'a', reload: true } }).reloadChat).to.equal('a');
    expect(effectsOf({ type: 'updateChatCount', data: { chatId: 'a' } }).reloadCounts).to.equal(true);
    expect(effectsOf({ type: 'youTransferredToAgent', data: { chatId: 'a' } }).notice?.text).to.equal('You transferred the chat!');
  });

  it('lists pinned chats first, then the latest message first', () => {
    const chats = [
      summary('old', { lastMessageTime: '2026-01-01T09:00:00.000Z' }),
      summary('new', { lastMessageTime: '2026-01-01T12:00:00.000Z' }),
      summary('pinned', { pinned: true, lastMessageTime: '2026-01-01T08:00:00.000Z' }),
    ];
    expect(sortedChats(chats).map((c) => c.chatId)).to.deep.equal(['pinned', 'new', 'old']);
  });

  it('asks read receipts for customer messages only, once each', () => {
    const chat = detail('a', [message('a', 1), message('a', 2, { actionType: 3 }), message('a', 3, { actionType: 0 })]);
    expect(unreadCustomerIds(chat, new Set())).to.deep.equal([1, 3]);
    expect(unreadCustomerIds(chat, new Set([1]))).to.deep.equal([3]);
  });
});
