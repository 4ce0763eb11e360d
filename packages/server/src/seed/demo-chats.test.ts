import { describe, expect, it } from 'vitest';
import { call, login, startServer } from '../test/harness.js';

describe('the demo chats', async () => {
  const parley = await startServer({ demoCustomers: true });
  const agent = await login(parley, 'agent@parley.dev');

  it('give agent@parley.dev a working inbox at first start: waiting, missed and own chats, and closed ones in the history', async () => {
    const summary = await call(parley, 'GET', 'e/enterprise/chat/summary?perPage=-1&screenType=CHAT', { token: agent });
    const byName = Object.fromEntries(summary.data.map((c: { customerName: string; bucket: string }) => [c.customerName, c.bucket]));
    expect(byName).toMatchObject({ 'Priya Sharma': 'new', 'Rahul Verma': 'new', 'Meera Iyer': 'missed', 'Arjun Nair': 'mine', 'Kavya Menon': 'mine' });
    const kavya = summary.data.find((c: { customerName: string }) => c.customerName === 'Kavya Menon');
    expect(kavya.isJITRequired).toBe(true);
    const counts = await call(parley, 'GET', 'e/enterprise/chat_count', { token: agent });
    expect(counts.data).toMatchObject({ newChatCount: 2, missedChatCount: 1, totalChatCount: 3 });
    const history = await call(parley, 'GET', 'e/enterprise/chat/history', { token: agent });
    expect(history.data.map((c: { customerName: string }) => c.customerName)).toEqual(['Sneha Kulkarni', 'Vikram Singh']);
    const arjun = summary.data.find((c: { customerName: string }) => c.customerName === 'Arjun Nair');
    const detail = await call(parley, 'GET', `e/enterprise/chat/${arjun.chatId}`, { token: agent });
    expect(detail.data.messages.map((m: { message: string }) => m.message).at(-1)).toBe('Thank you! How long will it take?');
    expect(detail.data.newMsgCount).toBe(1);
  });
});
