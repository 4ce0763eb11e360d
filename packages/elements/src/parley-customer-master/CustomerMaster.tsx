import { ProgressCircle } from '@adobe/react-spectrum/ProgressCircle';
import { ACCESS, may } from '@parley/sdk/contract/access';
import { ElementRoot, useRootConfirm } from '../internal/element-root.js';
import { useEffect, useMemo, useState } from 'react';
import { ensureDesignerStyles } from '../internal/styles.js';
import { showToastSoon as showToast } from '../internal/lazy-toasts.js';
import { useDeferredModule } from '../internal/deferred-module.js';
import { useLoad } from '../internal/use-call.js';
import { CustomerForm } from './customers/CustomerForm.js';
import { CustomerList } from './customers/CustomerList.js';
import { MasterClient } from './master-client.js';
import { MasterContext, type Master } from './master-context.js';
import { parseView } from './master-routes.js';
import { ErrorList } from './uploads/ErrorList.js';
import { MyUploads } from './uploads/MyUploads.js';
import { UploadData } from './uploads/UploadData.js';
import type { NavigateDetail } from './events.js';

/**
 * The attribute definitions (reordered by dragging): Spectrum's drag and drop and its announcements in 34 languages,
 * 150 kB minified, fetched after the first render instead of with the customer list.
 */
const loadAttributes = () => import('./attributes/AttributesScreen.js');

export interface CustomerMasterProps {
  apiBase?: string;
  token?: string;
  view?: string;
  basePath?: string;
  /** The custom element itself (given by r2wc): events are dispatched from it. */
  container?: HTMLElement;
}

export function CustomerMaster(props: CustomerMasterProps) {
  ensureDesignerStyles();
  return (
    <ElementRoot className="pad-root" container={props.container}>
      <Screens {...props} />
    </ElementRoot>
  );
}

function Screens({ apiBase = '/api', token, view, basePath, container }: CustomerMasterProps) {
  const client = useMemo(() => new MasterClient({ baseUrl: apiBase, token: token ?? null }), [apiBase, token]);
  const [path, setPath] = useState(() => view || 'customers');
  const confirm = useRootConfirm();
  const attributes = useDeferredModule(loadAttributes);
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
      toast: showToast,
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
    [client, apiBase, token, path, confirm, canManageDefinitions, canChangeCustomers, container, basePath],
  );

  const { route } = master;
  return (
    <MasterContext.Provider value={master}>
      {route.screen === 'customers' || (readOnly && route.screen === 'customer-form' && route.customerId === null) ? (
        <CustomerList />
      ) : route.screen === 'customer-form' ? (
        <CustomerForm key={route.customerId ?? 'new'} customerId={route.customerId} scope={route.scope} />
      ) : route.screen === 'definitions' ? (
        attributes ? (
          <attributes.AttributesScreen adding={route.adding} />
        ) : (
          <ProgressCircle aria-label="Loading the attributes" isIndeterminate size="S" />
        )
      ) : route.screen === 'uploads' ? (
        <MyUploads segmentId={route.segmentId} />
      ) : route.screen === 'upload-file' ? (
        readOnly ? (
          <MyUploads segmentId={route.segmentId} />
        ) : (
          <UploadData key={route.segmentId} segmentId={route.segmentId} />
        )
      ) : (
        <ErrorList key={route.uploadId} uploadId={route.uploadId} />
      )}
    </MasterContext.Provider>
  );
}
