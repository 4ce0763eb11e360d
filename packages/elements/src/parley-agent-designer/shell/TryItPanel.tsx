import { ActionButton, Heading } from '@adobe/react-spectrum';
import Close from '@spectrum-icons/workflow/Close';
import { createElement, useEffect, useState } from 'react';
import type { Agent } from '@parley/sdk/contract/nlp-agents';
import { RuntimeMessages } from '@parley/sdk/contract/nlp-runtime';
import { useDesigner } from '../designer-context.js';

/** The Try-it panel (agent-designer 2): the `<parley-try-it>` element beside the dimmed designer. */
export function TryItPanel({ agent, onClose }: { agent: Agent | undefined; onClose(): void }) {
  const { apiBase, token } = useDesigner();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void import('../../parley-try-it/define.js').then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  const notTrained = agent && agent.type !== 'prompt' && agent.training.status === 'not-trained';
  return (
    <>
      <div className="pad-dim" onClick={onClose} aria-hidden="true" />
      <aside className="pad-try-it" role="dialog" aria-label="Try it">
        <header className="pad-try-it-header">
          <Heading level={3} margin={0}>
            Try it{agent ? `: ${agent.name}` : ''}
          </Heading>
          <ActionButton isQuiet aria-label="Close Try it" onPress={onClose}>
            <Close />
          </ActionButton>
        </header>
        {notTrained && <p className="pad-try-it-note">{RuntimeMessages.notTrained}</p>}
        {ready && agent && createElement('parley-try-it', { 'api-base': apiBase, 'agent-id': agent.id, token: token ?? '', class: 'pad-try-it-chat' })}
      </aside>
    </>
  );
}
