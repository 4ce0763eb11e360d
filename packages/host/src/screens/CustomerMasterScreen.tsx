import { useLocation, useNavigate } from '@tanstack/react-router';
import { createElement, useCallback } from 'react';
import { useSession } from '../stores/session-store.js';
import { ScreenTitle } from './ScreenTitle.js';
import { useElement } from './use-element.js';

const AREA = '/customer-master';
/** The menu's names for the area's screens (platform-shell 2.8), the page title of each view. */
const TITLES: [prefix: string, title: string][] = [['uploads', 'Uploads'], ['uploadfile', 'Uploads'], ['definition', 'Customer Master'], ['', 'Customers']];

/**
 * Mounts `<parley-customer-master>` at the customer-master routes (customer-master 2): `/customer-master/customers`,
 * `/customer-master/uploads`, `/customer-master/definition`, ... The element's paths are relative to the area; the
 * host keeps them in the URL and passes them back as `view`.
 */
export function CustomerMasterScreen() {
  const token = useSession((s) => s.token);
  const navigate = useNavigate();
  const view = useLocation({ select: (l) => l.pathname.slice(AREA.length).replace(/^\/+/, '') });
  const go = useCallback((path: string) => void navigate({ to: `${AREA}/${path}` }), [navigate]);
  const { ref, ready } = useElement(() => import('@parley/elements/parley-customer-master/define'), go);
  if (!ready) return <div className="screen-loading" aria-busy="true" />;
  const title = TITLES.find(([prefix]) => view.startsWith(prefix))![1];
  return (
    <>
      <ScreenTitle>{title}</ScreenTitle>
      {createElement('parley-customer-master', { ref, 'api-base': '/api', token: token ?? '', view: view || 'customers' })}
    </>
  );
}
