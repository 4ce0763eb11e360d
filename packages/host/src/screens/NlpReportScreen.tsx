import { createElement } from 'react';
import { useSession } from '../stores/session-store.js';
import { ScreenTitle } from './ScreenTitle.js';
import { useElement } from './use-element.js';

/** Mounts `<parley-nlp-report>` at `/nlp-report/overview` (agent-designer 2); its code loads only when opened. */
export function NlpReportScreen() {
  const token = useSession((s) => s.token);
  const { ref, ready } = useElement(() => import('@parley/elements/parley-nlp-report/define'));
  if (!ready) return <div className="screen-loading" aria-busy="true" />;
  return (
    <>
      <ScreenTitle>Analytics</ScreenTitle>
      {createElement('parley-nlp-report', { ref, 'api-base': '/api', token: token ?? '' })}
    </>
  );
}
