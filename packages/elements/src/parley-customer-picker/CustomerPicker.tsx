import { DialogContainer } from '@adobe/react-spectrum/DialogContainer';
import { ElementRoot } from '../internal/element-root.js';
import { useMemo } from 'react';
import { ensureStyles } from '../internal/styles.js';
import { useDeferredModule } from '../internal/deferred-module.js';
import type { CustomersSelectedDetail, PickedCustomer, PickerCloseDetail } from './events.js';
import { useBooleanAttribute } from '../internal/use-attribute.js';
import { PickerClient } from './picker-client.js';
import PICKER_CSS from './picker-styles.css?inline';

/** The modal's body (search, table, paging, No/Yes), fetched after the element first renders. */
const loadListDialog = () => import('./CustomerListDialog.js');

export interface CustomerPickerProps {
  apiBase?: string;
  token?: string;
  /** Lists only this segment's customers. */
  segmentId?: string;
  /** The custom element itself (given by r2wc): its `open` attribute shows the modal, events are dispatched from it. */
  container?: HTMLElement;
}

/** The customer picker of the broadcast screen (customer-master 2, "Customer picker modal titled Customer's List"). */
export function CustomerPicker({ apiBase = '/api', token, segmentId, container }: CustomerPickerProps) {
  ensureStyles('customer-picker', PICKER_CSS);
  const client = useMemo(() => new PickerClient({ baseUrl: apiBase, token: token || null }), [apiBase, token]);
  const open = useBooleanAttribute(container, 'open');
  const list = useDeferredModule(loadListDialog);

  const emit = <T,>(type: string, detail: T) => container?.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true }));
  // Closing drops the attribute: the dialog unmounts, and with it the ticks, the search and the page.
  const close = () => container?.removeAttribute('open');

  return (
    <ElementRoot container={container}>
      {/* No and Escape dismiss; Yes closes on its own after handing the choice over. */}
      <DialogContainer
        onDismiss={() => {
          close();
          emit<PickerCloseDetail>('parley-close', null);
        }}
      >
        {open && list && (
          <list.CustomerListDialog
            client={client}
            segmentId={segmentId || undefined}
            onYes={(customers: PickedCustomer[]) => {
              emit<CustomersSelectedDetail>('parley-customers-selected', { customers });
              close();
            }}
          />
        )}
      </DialogContainer>
    </ElementRoot>
  );
}
