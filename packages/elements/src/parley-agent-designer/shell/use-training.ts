import { useEffect, useRef, useState } from 'react';
import { connectRealtime } from '@parley/sdk/realtime-socket';
import { RuntimeMessages, TRAINING_EVENT } from '@parley/sdk/contract/nlp-runtime';
import type { TrainingStatus } from '@parley/sdk/contract/nlp-agents';
import { useDesigner } from '../designer-context.js';
import { messageOf, once } from '../../internal/use-call.js';

/** While a training runs the status is also polled at this pace, so progress shows even where the socket is blocked. */
const POLL_MS = 1500;

/**
 * The agent's training state, live: the realtime socket's training events move it at once; a poll covers a proxy
 * that drops WebSockets. `train()` asks the server, warns first and announces the end (agent-designer 4 and 8).
 */
export function useTraining(agentId: string, initial: TrainingStatus | undefined) {
  const { client, apiBase, token, toast } = useDesigner();
  const [training, setTraining] = useState<TrainingStatus | undefined>(initial);
  const watching = useRef(false);
  useEffect(() => setTraining(initial), [initial]);

  const settle = (next: TrainingStatus) => {
    setTraining(next);
    if (!watching.current || next.status === 'training') return;
    watching.current = false;
    if (next.status === 'trained') toast(RuntimeMessages.trained, 'success');
    else if (next.status === 'failed') toast(next.error ?? 'Training failed', 'error');
  };
  const settleRef = useRef(settle);
  settleRef.current = settle;

  useEffect(() => {
    if (!token) return;
    const base = apiBase.startsWith('http') ? apiBase : `${location.origin}${apiBase.startsWith('/') ? '' : '/'}${apiBase}`;
    const socket = connectRealtime({ url: base, token });
    const sub = socket.events$.subscribe((event) => {
      const data = event.data as { agentId?: string; training?: TrainingStatus } | undefined;
      if (event.type === TRAINING_EVENT && data?.agentId === agentId && data.training) settleRef.current(data.training);
    });
    return () => {
      sub.unsubscribe();
      socket.close();
    };
  }, [agentId, apiBase, token]);

  const status = training?.status;
  useEffect(() => {
    if (status !== 'training') return;
    const timer = setInterval(() => {
      client.nlpRuntime.training({ id: agentId }).subscribe({ next: (t) => settleRef.current(t), error: () => undefined });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [status, agentId, client]);

  const train = async () => {
    toast(RuntimeMessages.trainingStarted, 'info');
    try {
      const started = await once(client.nlpRuntime.train({ id: agentId }));
      watching.current = true;
      settleRef.current(started.training);
    } catch (e) {
      toast(messageOf(e), 'error');
    }
  };
  return { training, train };
}
