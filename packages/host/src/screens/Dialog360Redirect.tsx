import { useEffect } from 'react';

export const DIALOG360_CHANNEL = 'parley-dialog360';

/** platform-shell 2.1: relays its query to the opener over a broadcast channel and closes when told to. */
export function Dialog360Redirect() {
  useEffect(() => {
    const channel = new BroadcastChannel(DIALOG360_CHANNEL);
    channel.postMessage({ type: 'dialog360-params', params: Object.fromEntries(new URLSearchParams(window.location.search)) });
    channel.onmessage = (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type === 'close') window.close();
    };
    return () => channel.close();
  }, []);
  return (
    <main className="not-found">
      <h1>Thank you</h1>
    </main>
  );
}
