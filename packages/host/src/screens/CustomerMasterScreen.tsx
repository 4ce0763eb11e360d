import { useChildMatches, useNavigate } from '@tanstack/react-router';
import { createElement, useCallback } from 'react';
import { useSession } from '../stores/session-store.js';
import { ScreenTitle } from './ScreenTitle.js';
import { useElement } from './use-element.js';

/** The menu's names for the area's screens (platform-shell 2.8), the page title of each view. */
const TITLES: [prefix: string, title: string][] = [
  ['uploads', 'Uploads'],
  ['uploadfile', 'Uploads'],
  ['definition', 'Customer Master'],
  ['', 'Customers'],
];

/**
 * Mounts `<parley-customer-master>` at the customer-master routes (customer-master 2): `/customer-master/customers`,
 * `/customer-master/uploads`, `/customer-master/definition`, ... The element's paths are relative to the area; the
 * host keeps them in the URL, and the open route (routes/customer-master-routes.ts) gives each back as `view`.
 */
export function CustomerMasterScreen() {
  const token = useSession((s) => s.token);
  const navigate = useNavigate();
  const view = useChildMatches({ select: (matches) => masterViewOf(matches.at(-1)?.context) });
  const go = useCallback((path: string) => void navigate({ to: `/customer-master/${path}` }), [navigate]);
  const { ref, ready } = useElement(() => import('@parley/elements/parley-customer-master/define'), go);
  if (!ready) return <div className="screen-loading" aria-busy="true" />;
  const title = TITLES.find(([prefix]) => view.startsWith(prefix))![1];
  return (
    <>
      <ScreenTitle>{title}</ScreenTitle>
      {createElement('parley-customer-master', { ref, 'api-base': '/api', token: token ?? '', view })}
    </>
  );
}

/** The open screen's spec path, from the context its route gave (every route under the area gives one). */
const masterViewOf = (context: unknown) =>
  typeof context === 'object' && context !== null && 'masterView' in context && typeof context.masterView === 'string' ? context.masterView : 'customers';
