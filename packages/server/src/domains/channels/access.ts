import type { Permission } from '@parley/sdk/contract/permissions';

/** Configuration → Channels (platform-shell 6): the CHANNELS group's items, one per kind of call. */
/** Reading channels: also whoever sends a broadcast (campaign makers, and agents in a chat's template send) picks one. */
export const CHANNELS_VIEW: Permission[] = ['CHANNELS.VIEW', 'CAMPAIGNS.CREATE', 'CHAT.HANDLE'];
export const CHANNELS_CREATE: Permission[] = ['CHANNELS.CREATE'];
export const CHANNELS_EDIT: Permission[] = ['CHANNELS.EDIT'];
export const CHANNELS_DELETE: Permission[] = ['CHANNELS.DELETE'];
