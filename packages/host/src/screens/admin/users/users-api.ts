import { invitationsRoutes, usersRoutes } from '@parley/sdk/contract/routes';
import { bindApi } from '@parley/sdk/transport';
import { api } from '../../../stores/session-store.js';

/** The users and invitations calls, through the console's one client (so a lost session is seen as everywhere). */
export const userCalls = bindApi(api, usersRoutes);
export const invitationCalls = bindApi(api, invitationsRoutes);
