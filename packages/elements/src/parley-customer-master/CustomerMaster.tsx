import { Provider } from '@adobe/react-spectrum';
import { useEffect, useMemo, useState } from 'react';
import { PARLEY_SPECTRUM_CLASS, parleyTheme } from '@parley/theme/spectrum';
import { useConfirm } from '../parley-agent-designer/confirm-dialog.js';
import { ensureDesignerStyles } from '../parley-agent-designer/styles.js';
import { ToastList, useToastList } from '../parley-agent-designer/toasts.js';
import { useLoad } from '../parley-agent-designer/use-call.js';
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
  const canManageDefinitions = profile.data?.permissions.includes('CUSTOMER_MASTER.VIEW') ?? false;

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
      navigate(next) {
        // A host that keeps real URLs cancels the event and sets `view`; on a plain page the element moves itself.
        const event = new CustomEvent<NavigateDetail>('parley-navigate', { detail: { path: next }, bubbles: true, composed: true, cancelable: true });
        if (container && !container.dispatchEvent(event)) return;
        setPath(next);
        if (basePath !== undefined) history.pushState(null, '', `${basePath.replace(/\/$/, '')}/${next}`);
      },
    }),
    [client, apiBase, token, path, show, confirm, canManageDefinitions, container, basePath],
  );

  const { route } = master;
  return (
    <Provider theme={parleyTheme} colorScheme="light" UNSAFE_className={`${PARLEY_SPECTRUM_CLASS} pad-root`} locale="en-US">
      <MasterContext.Provider value={master}>
        {route.screen === 'customers' ? (
          <CustomerList />
        ) : route.screen === 'customer-form' ? (
          <CustomerForm key={route.customerId ?? 'new'} customerId={route.customerId} />
        ) : route.screen === 'definitions' ? (
          <AttributesScreen adding={route.adding} />
        ) : route.screen === 'uploads' ? (
          <MyUploads segmentId={route.segmentId} />
        ) : route.screen === 'upload-file' ? (
          <UploadData key={route.segmentId} segmentId={route.segmentId} />
        ) : (
          <ErrorList key={route.uploadId} uploadId={route.uploadId} />
        )}
        {dialog}
        <ToastList toasts={toasts} dismiss={dismiss} />
      </MasterContext.Provider>
    </Provider>
  );
}
