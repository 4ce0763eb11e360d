import { useEffect, useRef, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { chatMonitorApi, MONITOR_EVENT, type MonitorAgent, type MonitorQueue } from '@parley/sdk/contract/chat-monitor';
import { realtimeEvents$ } from '../../stores/realtime.js';
import { api } from '../../stores/session-store.js';
import { showRefusal } from '../../components/show-refusal.js';

/** Chat events that change a queue or an agent's load; the monitor event covers the queues the supervisor is not in. */
const REFRESHING = new Set([
  MONITOR_EVENT,
  'ready',
  'customerStartChat',
  'chatMissed',
  'agentPickupChat',
  'agentEndChat',
  'updateChatCount',
  'waitingAssignAccept',
]);

/**
 * The monitor's figures, fetched on mount, after every event that changes them and after each reconnection (events
 * may have been lost meanwhile). A burst of events makes at most one request in flight and one after it.
 */
export function useMonitor() {
  const [queues, setQueues] = useState<MonitorQueue[]>([]);
  const [agents, setAgents] = useState<MonitorAgent[]>([]);
  const [at, setAt] = useState<string | null>(null);
  const state = useRef({ running: false, again: false, alive: true });

  useEffect(() => {
    const s = state.current;
    s.alive = true;
    const fetchNow = async (): Promise<void> => {
      if (s.running) {
        s.again = true;
        return;
      }
      s.running = true;
      try {
        const data = await firstValueFrom(api.call(chatMonitorApi.get, {}));
        if (!s.alive) return;
        setQueues(data.queues);
        setAgents(data.agents);
        setAt(data.at);
      } catch (error) {
        showRefusal(error);
      } finally {
        s.running = false;
        if (s.again && s.alive) {
          s.again = false;
          void fetchNow();
        }
      }
    };
    void fetchNow();
    const sub = realtimeEvents$.subscribe((event) => {
      if (REFRESHING.has(event.type)) void fetchNow();
    });
    return () => {
      s.alive = false;
      sub.unsubscribe();
    };
  }, []);

  return { queues, agents, at };
}
