import { createContext, useContext } from 'react';
import type { Confirm } from '../internal/confirm-dialog.js';
import type { ToastVariant } from '../internal/toasts.js';
import type { MasterClient } from './master-client.js';
import type { MasterRoute } from './master-routes.js';

/** What every screen of the customer master gets: the API, the current route, and the ways to leave it. */
export interface Master {
  client: MasterClient;
  /** The API base the element was given (the realtime socket of upload progress). */
  apiBase: string;
  token: string | null;
  route: MasterRoute;
  /** Moves to another spec path (`customers/view/{id}`); see master-routes.ts `paths`. */
  navigate(path: string): void;
  toast(message: string, variant?: ToastVariant): void;
  /** Asks before a delete; resolves true when the user confirmed. */
  confirm: Confirm;
  /** The caller manages attribute definitions (CUSTOMER_MASTER.VIEW); others only read them. */
  canManageDefinitions: boolean;
  /**
   * The caller may add, edit, delete, map and import customers (CUSTOMER_MASTER.VIEW, SECURITY.md "Roles"); readers
   * (CUSTOMER.VIEW alone, such as Handle Chats) see no control the server would refuse. False until the profile answers.
   */
  canChangeCustomers: boolean;
}

export const MasterContext = createContext<Master | null>(null);

export function useMaster(): Master {
  const master = useContext(MasterContext);
  if (!master) throw new Error('useMaster outside <parley-customer-master>');
  return master;
}
