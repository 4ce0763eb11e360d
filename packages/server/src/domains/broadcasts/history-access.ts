import type { Permission } from '@parley/sdk/contract/permissions';

/**
 * Reading broadcasts (history, details, messages, a message's status, the expression lookup): campaign makers and
 * whoever may view campaigns. The spec leaves permissions "not shown" (customer-master-and-broadcast 6).
 */
export const BROADCAST_READ_ACCESS: Permission[] = ['CAMPAIGNS.CREATE', 'CAMPAIGNS.VIEW'];

/** The expression lookup also serves the broadcast form in a chat (agents map a URL variable there). */
export const BROADCAST_EXPRESSION_ACCESS: Permission[] = [...BROADCAST_READ_ACCESS, 'CHAT.HANDLE'];
