import { Link, useNavigate } from '@tanstack/react-router';
import { createElement, useEffect } from 'react';
import { BroadcastMessages } from '@parley/sdk/contract/broadcast-texts';
import type { BroadcastSentDetail } from '@parley/elements/parley-broadcast-sender/events';
import { useSession } from '../../stores/session-store.js';
import { toast } from '../../stores/toast-store.js';
import { useElement } from '../use-element.js';

const HISTORY = '/campaigns/broadcast';

/**
 * Mounts `<parley-broadcast-sender>`: the send form (create) or a sent broadcast with its messages (view). A sent
 * broadcast takes create mode back to the history (spec 4: "message shown, form reset, ... otherwise goes to
 * campaigns/broadcast"); the message is the shell's toast, as the element's own leaves with the element.
 */
export function SenderScreen({ mode, broadcastId }: { mode: 'create' | 'view'; broadcastId?: string }) {
  const token = useSession((s) => s.token);
  const navigate = useNavigate();
  const { ref, ready } = useElement(() => import('@parley/elements/parley-broadcast-sender/define'));
  useEffect(() => {
    const el = ref.current;
    if (!el || mode !== 'create') return;
    const toHistory = (e: Event) => {
      toast((e as CustomEvent<BroadcastSentDetail>).detail?.message || BroadcastMessages.sent, 'success');
      void navigate({ to: HISTORY });
    };
    el.addEventListener('parley-broadcast-sent', toHistory);
    return () => el.removeEventListener('parley-broadcast-sent', toHistory);
  }, [ready, mode, navigate, ref]);
  if (!ready) return <div className="screen-loading" aria-busy="true" />;
  return (
    <section className="broadcast-sender" aria-labelledby="broadcast-sender-title">
      <header className="broadcast-sender-header">
        <Link to={HISTORY} className="broadcast-back">
          ← Broadcast History
        </Link>
        <h1 id="broadcast-sender-title">{mode === 'create' ? 'Send Template' : 'Broadcast Details'}</h1>
      </header>
      {createElement('parley-broadcast-sender', { ref, 'api-base': '/api', token: token ?? '', mode, ...(broadcastId ? { 'broadcast-id': broadcastId } : {}) })}
    </section>
  );
}
