import { useLocation, useNavigate } from '@tanstack/react-router';
import { createElement, useEffect, useRef, useState } from 'react';
import type { NavigateDetail } from '@parley/elements/parley-customer-master/events';
import { useSession } from '../stores/session-store.js';

const AREA = '/customer-master';

/**
 * Mounts `<parley-customer-master>` at the customer-master routes (customer-master 2): `/customer-master/customers`,
 * `/customer-master/uploads`, `/customer-master/definition`, ... The element's paths are relative to the area; the
 * host keeps them in the URL and passes them back as `view`.
 */
export function CustomerMasterScreen() {
  const token = useSession((s) => s.token);
  const navigate = useNavigate();
  const view = useLocation({ select: (l) => l.pathname.slice(AREA.length).replace(/^\/+/, '') });
  const ref = useRef<HTMLElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let live = true;
    void import('@parley/elements/parley-customer-master/define').then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onNavigate = (e: Event) => {
      e.preventDefault();
      void navigate({ to: `${AREA}/${(e as CustomEvent<NavigateDetail>).detail.path}` });
    };
    el.addEventListener('parley-navigate', onNavigate);
    return () => el.removeEventListener('parley-navigate', onNavigate);
  }, [ready, navigate]);

  if (!ready) return <div className="screen-loading" aria-busy="true" />;
  return createElement('parley-customer-master', { ref, 'api-base': '/api', token: token ?? '', view: view || 'customers' });
}
