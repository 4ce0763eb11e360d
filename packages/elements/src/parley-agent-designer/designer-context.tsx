import { createContext, useContext } from 'react';
import type { ParleyClient } from '@parley/sdk/client';
import type { DesignerRoute } from './designer-routes.js';

export type { ToastVariant } from '../internal/toasts.js';
import type { Confirm } from '../internal/confirm-dialog.js';
import type { ToastVariant } from '../internal/toasts.js';

/** What every screen of the designer gets: the API, the current route, and the ways to leave it. */
export interface Designer {
  client: ParleyClient;
  /** The API base the element was given, for the realtime socket and the Try-it panel. */
  apiBase: string;
  token: string | null;
  /** The analytics page the analytics tabs frame (`analytics-url`), or null when none is configured. */
  analyticsUrl: string | null;
  route: DesignerRoute;
  /** Moves to another spec path (`bots/{id}/intents`); `state` carries an object the next screen may use at once. */
  navigate(path: string, state?: unknown): void;
  /** What the previous screen passed along (the agent, on opening an agent). */
  navState: unknown;
  toast(message: string, variant?: ToastVariant): void;
  /** Tells the host whether the open intent has unsaved changes (agent-designer 4). */
  setUnsaved(unsaved: boolean): void;
  unsaved: boolean;
  /** The caller may create, edit, delete and train (permission NLP.NLP); viewers (NLP.VIEW) only look. */
  canEdit: boolean;
  /** The profile has answered and the caller may only look: the screens then say so ("View only"). */
  readOnly: boolean;
  /** Asks before a delete; resolves true when the user confirmed. */
  confirm: Confirm;
}

export const DesignerContext = createContext<Designer | null>(null);

export function useDesigner(): Designer {
  const designer = useContext(DesignerContext);
  if (!designer) throw new Error('useDesigner outside <parley-agent-designer>');
  return designer;
}
