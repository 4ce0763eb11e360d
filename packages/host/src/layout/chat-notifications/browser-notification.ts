/** Browser notifications (platform-shell 2.11): only with the Notification API, permission granted, and the user's wish. */
export const notificationsSupported = () => typeof window !== 'undefined' && 'Notification' in window;

export const notificationPermission = (): NotificationPermission | 'unsupported' => (notificationsSupported() ? Notification.permission : 'unsupported');

/** Asks for permission; browsers allow the prompt only from a click, so this is called from one. */
export async function askNotificationPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (!notificationsSupported()) return 'unsupported';
  return Notification.requestPermission();
}

/** Shows one notification; clicking it brings this window forward and runs `onClick` (which opens the conversation). */
export function showBrowserNotification(title: string, body: string, tag: string, onClick: () => void) {
  if (notificationPermission() !== 'granted') return;
  // One notification per chat: a second event of the same chat replaces the first instead of stacking up.
  const notification = new Notification(title, { body, tag });
  notification.onclick = () => {
    window.focus();
    onClick();
    notification.close();
  };
}
