import type { Permission } from '@parley/sdk/contract/permissions';

/**
 * Sending a broadcast: campaign makers, and agents (the chat-test mode sends one template from a chat). The spec
 * leaves permissions "not shown" (customer-master-and-broadcast 6).
 */
export const BROADCAST_SEND_ACCESS: Permission[] = ['CAMPAIGNS.CREATE', 'CHAT.HANDLE'];
