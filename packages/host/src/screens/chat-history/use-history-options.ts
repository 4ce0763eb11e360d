import { useEffect, useState } from 'react';
import { forkJoin, of, catchError, map } from 'rxjs';
import { ChannelPageSizes } from '@parley/sdk/contract/channel-texts';
import { api } from '../../stores/session-store.js';

export interface Option {
  id: string;
  name: string;
}

/** The most agents the picker lists (the chat service's getAllAgents asks for 200). */
const MOST = 200;

/**
 * The agent and channel pickers' choices. Each list needs a permission of its own (agents: CHAT.HANDLE; channels:
 * CHANNELS.VIEW and others), which a history viewer may lack: a refused list leaves its picker out, silently.
 */
export function useHistoryOptions() {
  const [agents, setAgents] = useState<Option[] | null>(null);
  const [channels, setChannels] = useState<Option[] | null>(null);
  useEffect(() => {
    const sub = forkJoin({
      agents: api.chats.agents({ perPage: MOST }).pipe(
        map((list) => list.map((a) => ({ id: a.uId, name: a.name }))),
        catchError(() => of(null)),
      ),
      channels: api.channels.list({ perPage: ChannelPageSizes.max }).pipe(
        map((page) => page.channels.map((c) => ({ id: c.channelId, name: c.name }))),
        catchError(() => of(null)),
      ),
    }).subscribe((lists) => {
      setAgents(lists.agents);
      setChannels(lists.channels);
    });
    return () => sub.unsubscribe();
  }, []);
  return { agents, channels };
}
