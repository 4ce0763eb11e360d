import { ACCESS, may } from '@parley/sdk/contract/access';
import { ElementProvider } from '../internal/element-provider.js';
import { useEffect, useMemo, useState } from 'react';
import { useConfirm } from '../internal/confirm-dialog.js';
import { ensureDesignerStyles } from '../internal/styles.js';
import { ToastList, useToastList } from '../internal/toasts.js';
import { useLoad } from '../internal/use-call.js';
import { AttributesScreen } from './attributes/AttributesScreen.js';
import { CustomerForm } from './customers/CustomerForm.js';
import { CustomerList } from './customers/CustomerList.js';
import { MasterClient } from './master-client.js';
import { MasterContext, type Master } from './master-context.js';
import { parseView } from './master-routes.js';
import { ErrorList } from './uploads/ErrorList.js';
import { MyUploads } from './uploads/MyUploads.js';
import { UploadData } from './uploads/UploadData.js';
import type { NavigateDetail } from './events.js';

export interface CustomerMasterProps {
  apiBase?: string;
  token?: string;
  view?: string;
  basePath?: string;
  /** The custom element itself (given by r2wc): events are dispatched from it. */
  container?: HTMLElement;
}

export function CustomerMaster({ apiBase = '/api', token, view, basePath, container }: CustomerMasterProps) {
  ensureDesignerStyles();
  const client = useMemo(() => new MasterClient({ baseUrl: apiBase, token: token ?? null }), [apiBase, token]);
  const [path, setPath] = useState(() => view || 'customers');
  const { toasts, show, dismiss } = useToastList();
  const { confirm, dialog } = useConfirm();
  const profile = useLoad(() => client.profile.get({}), [client]);
  // The server's own lists (ACCESS), so the screens offer exactly what the routes allow.
  const canManageDefinitions = may(profile.data?.permissions, ACCESS.customerDefinitions.write);
  const canChangeCustomers = may(profile.data?.permissions, ACCESS.customers.write);
  // A reader sent to a writing screen (a bookmark, a typed URL) lands on what it may see instead.
  const readOnly = profile.data !== undefined && !canChangeCustomers;

  // The host owns the URL: a new `view` from it is where the element is.
  useEffect(() => setPath(view || 'customers'), [view]);

  const master = useMemo<Master>(
    () => ({
      client,
      apiBase,
      token: token ?? null,
      route: parseView(path),
      toast: show,
      confirm,
      canManageDefinitions,
      canChangeCustomers,
      navigate(next) {
        // A host that keeps real URLs cancels the event and sets `view`; on a plain page the element moves itself.
        const event = new CustomEvent<NavigateDetail>('parley-navigate', { detail: { path: next }, bubbles: true, composed: true, cancelable: true });
        if (container && !container.dispatchEvent(event)) return;
        setPath(next);
        if (basePath !== undefined) history.pushState(null, '', `${basePath.replace(/\/$/, '')}/${next}`);
      },
    }),
    [client, apiBase, token, path, show, confirm, canManageDefinitions, canChangeCustomers, container, basePath],
  );

  const { route } = master;
  return (
    <ElementProvider className="pad-root" locale="en-US">
      <MasterContext.Provider value={master}>
        {route.screen === 'customers' || (readOnly && route.screen === 'customer-form' && route.customerId === null) ? (
          <CustomerList />
        ) : route.screen === 'customer-form' ? (
          <CustomerForm key={route.customerId ?? 'new'} customerId={route.customerId} scope={route.scope} />
        ) : route.screen === 'definitions' ? (
          <AttributesScreen adding={route.adding} />
        ) : route.screen === 'uploads' ? (
          <MyUploads segmentId={route.segmentId} />
        ) : route.screen === 'upload-file' ? (
          readOnly ? <MyUploads segmentId={route.segmentId} /> : <UploadData key={route.segmentId} segmentId={route.segmentId} />
        ) : (
          <ErrorList key={route.uploadId} uploadId={route.uploadId} />
        )}
        {dialog}
        <ToastList toasts={toasts} dismiss={dismiss} />
      </MasterContext.Provider>
    </ElementProvider>
  );
}
