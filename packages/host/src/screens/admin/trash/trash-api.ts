import { trashRoutes } from '@parley/sdk/contract/routes';
import { bindApi } from '@parley/sdk/transport';
import { api } from '../../../stores/session-store.js';

/** The trash calls, through the console's one client (so a lost session is seen as everywhere). */
export const trashCalls = bindApi(api, trashRoutes);
