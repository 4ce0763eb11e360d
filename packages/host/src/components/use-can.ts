import { may } from '@parley/sdk/contract/access';
import type { Permission } from '@parley/sdk/contract/permissions';
import { useSession } from '../stores/session-store.js';

/**
 * Whether the signed-in user may make a call that `wanted` admits: screens pass the same `ACCESS` list the server's
 * route checks, so they never offer an action the server would refuse (an agent saw Delete on Channels, then Access
 * Denied). False until the profile has answered.
 */
export function useCan(wanted: readonly Permission[]): boolean {
  return useSession((s) => may(s.profile?.permissions, wanted));
}
