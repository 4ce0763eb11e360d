import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Heading } from '@adobe/react-spectrum/Heading';
import Close from '@spectrum-icons/workflow/Close';
import { createElement, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Agent } from '@parley/sdk/contract/nlp-agents';
import { RuntimeMessages } from '@parley/sdk/contract/nlp-runtime';
import { useDesigner } from '../designer-context.js';
import { deepActiveElement, wrapTab } from './tab-stops.js';

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
  // A modal <dialog>: the browser keeps Tab inside it and makes the designer behind it inert; Escape is its `cancel`.
  const dialog = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const opener = deepActiveElement();
    const modal = dialog.current;
    modal?.showModal();
    return () => {
      modal?.close();
      // Back to what opened it ("Try it"), not to <body>.
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
  const chat = useRef<HTMLElement>(null);
  useEffect(() => {
    // Once the chat has drawn itself, its message input takes the focus (the element delegates it).
    const element = chat.current as (HTMLElement & { updateComplete?: Promise<unknown> }) | null;
    if (ready && element) void (element.updateComplete ?? Promise.resolve()).then(() => element.focus());
  }, [ready]);
  const notTrained = agent && agent.type !== 'prompt' && agent.training.status === 'not-trained';
  return (
    <>
      <dialog
        ref={dialog}
        className="pad-try-it"
        aria-label="Try it"
        onCancel={(e) => {
          e.preventDefault();
          onClose();
        }}
        onClick={(e) => e.target === e.currentTarget && onClose()}
        onKeyDown={(e) => dialog.current && wrapTab(e, dialog.current)}
      >
        <header className="pad-try-it-header">
          <Heading level={3} margin={0}>
            Try it{agent ? `: ${agent.name}` : ''}
          </Heading>
          <ActionButton isQuiet aria-label="Close Try it" onPress={onClose}>
            <Close />
          </ActionButton>
        </header>
        {notTrained && <p className="pad-try-it-note">{RuntimeMessages.notTrained}</p>}
        {ready &&
          agent &&
          createElement('parley-try-it', { ref: chat, 'api-base': apiBase, 'agent-id': agent.id, token: token ?? '', class: 'pad-try-it-chat' })}
      </dialog>
    </>
  );
}
