import { createElement, useEffect, useState } from 'react';
import { useSession } from '../stores/session-store.js';

/** Mounts `<parley-nlp-report>` at `/nlp-report/overview` (agent-designer 2); its code loads only when opened. */
export function NlpReportScreen() {
  const token = useSession((s) => s.token);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void import('@parley/elements/parley-nlp-report/define').then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  if (!ready) return <div className="screen-loading" aria-busy="true" />;
  return createElement('parley-nlp-report', { 'api-base': '/api', token: token ?? '' });
}
