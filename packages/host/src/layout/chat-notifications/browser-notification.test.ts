import { afterEach, describe, expect, it, vi } from 'vitest';
import { askNotificationPermission, notificationPermission, showBrowserNotification } from './browser-notification.js';

/** A browser with the Notification API at `permission`; `shown` collects what it put on screen. */
function browser(permission: NotificationPermission) {
  const shown: { title: string; body?: string; tag?: string; onclick?: () => void; close: () => void }[] = [];
  class FakeNotification {
    static permission = permission;
    static requestPermission = vi.fn(async () => 'granted' as const);
    onclick?: () => void;
    close = vi.fn();
    constructor(
      readonly title: string,
      options: NotificationOptions,
    ) {
      shown.push(Object.assign(this, options));
    }
  }
  const focus = vi.fn();
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('window', { Notification: FakeNotification, focus });
  return { shown, focus, FakeNotification };
}

afterEach(() => vi.unstubAllGlobals());

describe('browser notifications (platform-shell 2.11)', () => {
  it('says unsupported, and asks nothing, where the browser has no Notification API', async () => {
    expect(notificationPermission()).toBe('unsupported');
    expect(await askNotificationPermission()).toBe('unsupported');
  });

  it('shows nothing until the user has granted permission', () => {
    const { shown } = browser('default');
    showBrowserNotification('New chat', 'Ana: hello', 'chat-1', () => undefined);
    expect(shown).toEqual([]);
  });

  it('shows one notification per chat, and a click opens the conversation in this window and closes it', () => {
    const { shown, focus } = browser('granted');
    const open = vi.fn();
    showBrowserNotification('New chat', 'Ana: hello', 'chat-1', open);
    expect(shown).toMatchObject([{ title: 'New chat', body: 'Ana: hello', tag: 'chat-1' }]);
    shown[0]!.onclick!();
    expect(focus).toHaveBeenCalled();
    expect(open).toHaveBeenCalled();
    expect(shown[0]!.close).toHaveBeenCalled();
  });

  it("passes on the browser's answer to the permission prompt", async () => {
    const { FakeNotification } = browser('default');
    expect(await askNotificationPermission()).toBe('granted');
    expect(FakeNotification.requestPermission).toHaveBeenCalled();
  });
});
