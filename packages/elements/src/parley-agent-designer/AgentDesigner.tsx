import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ElementRoot, useRootConfirm } from '../internal/element-root.js';
import { ParleyClient } from '@parley/sdk/client';
import { ACCESS, may } from '@parley/sdk/contract/access';
import { AgentsList } from './agents/AgentsList.js';
import { IntegrationForm } from './config/IntegrationForm.js';
import { DesignerContext, type Designer } from './designer-context.js';
import { parseView } from './designer-routes.js';
import { AgentShell } from './shell/AgentShell.js';
import { ensureDesignerStyles } from '../internal/styles.js';
import { showToastSoon as showToast } from '../internal/lazy-toasts.js';
import { useLoad } from '../internal/use-call.js';
import type { NavigateDetail, UnsavedChangesDetail } from './events.js';

export interface AgentDesignerProps {
  apiBase?: string;
  token?: string;
  agentId?: string;
  view?: string;
  basePath?: string;
  analyticsUrl?: string;
  /** The custom element itself (given by r2wc): events are dispatched from it. */
  container?: HTMLElement;
}

/** The spec path a standalone element starts on: `view`, else the agent's page when `agent-id` is set, else the list. */
const startPath = (view?: string, agentId?: string) => view || (agentId ? `bots/${agentId}` : 'bots');

export function AgentDesigner(props: AgentDesignerProps) {
  ensureDesignerStyles();
  return (
    <ElementRoot className="pad-root" container={props.container}>
      <Designer {...props} />
    </ElementRoot>
  );
}

function Designer({ apiBase = '/api', token, agentId, view, basePath, analyticsUrl, container }: AgentDesignerProps) {
  const client = useMemo(() => new ParleyClient({ baseUrl: apiBase, token: token ?? null }), [apiBase, token]);
  const [path, setPath] = useState(() => startPath(view, agentId));
  const [navState, setNavState] = useState<unknown>(undefined);
  const [unsaved, setUnsavedState] = useState(false);
  const confirm = useRootConfirm();

  // Until the profile answers, nothing that changes data is offered: a viewer never sees a button flash by.
  const profile = useLoad(() => client.profile.get({}), [client]);
  const canEdit = may(profile.data?.permissions, ACCESS.nlp.write);
  const readOnly = profile.data !== undefined && !canEdit;

  // The host owns the URL: a new `view` from it is where the designer is.
  useEffect(() => setPath(startPath(view, agentId)), [view, agentId]);

  // Stable, and announced outside React's state updates, so a host hears each change once and in order.
  const unsavedRef = useRef(false);
  const setUnsaved = useCallback(
    (next: boolean) => {
      if (unsavedRef.current === next) return;
      unsavedRef.current = next;
      setUnsavedState(next);
      container?.dispatchEvent(new CustomEvent<UnsavedChangesDetail>('parley-unsaved-changes', { detail: { unsaved: next }, bubbles: true, composed: true }));
    },
    [container],
  );

  const designer = useMemo<Designer>(() => {
    const emit = <T,>(type: string, detail: T, cancelable = false) =>
      container?.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true, cancelable })) ?? true;
    return {
      client,
      apiBase,
      token: token ?? null,
      analyticsUrl: analyticsUrl || null,
      route: parseView(path),
      navState,
      unsaved,
      toast: showToast,
      confirm,
      canEdit,
      readOnly,
      navigate(next, state) {
        setNavState(state);
        // A host that keeps real URLs cancels the event and sets `view`; on a plain page the element moves itself.
        const handled = !emit<NavigateDetail>('parley-navigate', { path: next, state }, true);
        if (handled) return;
        setPath(next);
        if (basePath !== undefined) history.pushState(null, '', `${basePath.replace(/\/$/, '')}/${next}`);
      },
      setUnsaved,
    };
  }, [client, apiBase, token, path, navState, unsaved, confirm, canEdit, readOnly, container, basePath, analyticsUrl, setUnsaved]);

  const { route } = designer;
  return (
    <DesignerContext.Provider value={designer}>
      {route.screen === 'agents' ? (
        <AgentsList />
      ) : route.screen === 'integration' ? (
        <IntegrationForm agentId={route.agentId} from={route.from} />
      ) : (
        <AgentShell key={route.agentId} />
      )}
    </DesignerContext.Provider>
  );
}
