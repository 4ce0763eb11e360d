import { profileRoutes, rolesRoutes } from '@parley/sdk/contract/routes';
import { bindApi } from '@parley/sdk/transport';
import { api } from '../../../stores/session-store.js';

/** The roles calls and the role config, through the console's one client (so a lost session is seen as everywhere). */
export const roleCalls = bindApi(api, rolesRoutes);
export const roleConfigCall = () => bindApi(api, profileRoutes).roleConfig({});
