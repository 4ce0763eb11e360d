import { Subject, throwError } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatCounts } from '@parley/sdk/contract/chats';

// Node 20 has no localStorage; the store reads the box's preferences from it at import.
const { stored } = vi.hoisted(() => {
  const stored = new Map<string, string>();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => void stored.set(k, v),
    removeItem: (k: string) => void stored.delete(k),
  };
  return { stored };
});

/** A fresh store, as after a page load, over the console's client. */
async function load() {
  vi.resetModules();
  const [{ useChatStore }, { api }] = await Promise.all([import('./chat-store.js'), import('./session-store.js')]);
  return { useChatStore, api };
}

const counts = (newChatCount: number) => ({ newChatCount }) as unknown as ChatCounts;

beforeEach(() => stored.clear());
afterEach(() => vi.restoreAllMocks());

describe('chat counts', () => {
  it('folds the refreshes asked while one is in flight into one more call, which has the last word', async () => {
    const { useChatStore, api } = await load();
    const replies: Subject<ChatCounts>[] = [];
    const count = vi.spyOn(api.chats, 'count').mockImplementation(() => {
      const reply = new Subject<ChatCounts>();
      replies.push(reply);
      return reply as never;
    });
    const { refresh } = useChatStore.getState();
    const done = Promise.all([refresh(), refresh(), refresh()]);
    replies[0]!.next(counts(1));
    await vi.waitFor(() => expect(replies).toHaveLength(2));
    replies[1]!.next(counts(4));
    await done;
    expect(count).toHaveBeenCalledTimes(2);
    expect(useChatStore.getState().counts).toEqual(counts(4));
  });

  it('keeps the last counts when a call fails, and asks again next time', async () => {
    const { useChatStore, api } = await load();
    useChatStore.setState({ counts: counts(3) });
    vi.spyOn(api.chats, 'count').mockReturnValue(throwError(() => new Error('offline')) as never);
    await useChatStore.getState().refresh();
    expect(useChatStore.getState().counts).toEqual(counts(3));
    await useChatStore.getState().refresh();
    expect(api.chats.count).toHaveBeenCalledTimes(2);
  });
});

describe('floating chat box', () => {
  it('is off until the user turns it on, and stays as they left it after a reload', async () => {
    const first = await load();
    expect(first.useChatStore.getState()).toMatchObject({ boxShown: false, boxCollapsed: false });
    first.useChatStore.getState().setBox({ boxShown: true });
    first.useChatStore.getState().setBox({ boxCollapsed: true });
    const reloaded = await load();
    expect(reloaded.useChatStore.getState()).toMatchObject({ boxShown: true, boxCollapsed: true });
  });

  it('falls back to off when the stored preferences are unreadable', async () => {
    stored.set('parley.chat.box', '{not json');
    expect((await load()).useChatStore.getState()).toMatchObject({ boxShown: false, boxCollapsed: false });
  });
});
