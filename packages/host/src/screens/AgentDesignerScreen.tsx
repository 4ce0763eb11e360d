import { useBlocker, useChildMatches, useNavigate } from '@tanstack/react-router';
import { createElement, useCallback, useEffect, useRef } from 'react';
import type { UnsavedChangesDetail } from '@parley/elements/parley-agent-designer/events';
import { agentList, designerArea } from '../routes/agent-designer-routes.js';
import { useApp } from '../stores/app-store.js';
import { useSession } from '../stores/session-store.js';
import { toast } from '../stores/toast-store.js';
import { ScreenTitle } from './ScreenTitle.js';
import { useElement } from './use-element.js';

/**
 * Mounts `<parley-agent-designer>` at the agent area's routes (agent-designer 2). The URL is the designer's state:
 * the element announces where it goes, the host routes there, and the open route (routes/agent-designer-routes.ts)
 * gives the new spec path back as `view`.
 */
export function AgentDesignerScreen() {
  const token = useSession((s) => s.token);
  const analyticsUrl = useApp((s) => s.config?.analyticsUrl ?? null);
  const navigate = useNavigate();
  const view = useChildMatches({ select: (matches) => designerViewOf(matches.at(-1)?.context) });
  const unsaved = useRef(false);

  // agent-designer 4: leaving through the menu or the browser is refused while the open intent is unsaved.
  useBlocker({
    shouldBlockFn: ({ next }) => {
      if (!unsaved.current || staysInAgent(next.routeId)) return false;
      toast('please save the intent', 'error');
      return true;
    },
    enableBeforeUnload: () => unsaved.current,
  });

  const go = useCallback((path: string) => void navigate({ to: `/${path}` }), [navigate]);
  // The designer (React Spectrum screens, Quill) loads only when the agent area is opened.
  const { ref, ready } = useElement(() => import('@parley/elements/parley-agent-designer/define'), go);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onUnsaved = (e: Event) => {
      unsaved.current = (e as CustomEvent<UnsavedChangesDetail>).detail.unsaved;
    };
    el.addEventListener('parley-unsaved-changes', onUnsaved);
    return () => el.removeEventListener('parley-unsaved-changes', onUnsaved);
  }, [ready, ref]);

  if (!ready) return <div className="screen-loading" aria-busy="true" />;
  return (
    <>
      <ScreenTitle>Skills</ScreenTitle>
      {createElement('parley-agent-designer', {
        ref,
        'api-base': '/api',
        token: token ?? '',
        view,
        ...(analyticsUrl ? { 'analytics-url': analyticsUrl } : {}),
      })}
    </>
  );
}

/** The open screen's spec path, from the context its route gave (every route under the area gives one). */
const designerViewOf = (context: unknown) =>
  typeof context === 'object' && context !== null && 'designerView' in context && typeof context.designerView === 'string' ? context.designerView : 'bots';

/** Moving between an agent's screens keeps the unsaved intent at hand; the agents list and other areas leave it. */
const staysInAgent = (routeId: string) => routeId.startsWith(`${designerArea.id}/`) && routeId !== agentList.id;
