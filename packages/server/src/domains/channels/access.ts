import type { Permission } from '@parley/sdk/contract/permissions';

/** Configuration → Channels (platform-shell 6): the CHANNELS group's items, one per kind of call. */
export const CHANNELS_VIEW: Permission[] = ['CHANNELS.VIEW'];
export const CHANNELS_CREATE: Permission[] = ['CHANNELS.CREATE'];
export const CHANNELS_EDIT: Permission[] = ['CHANNELS.EDIT'];
export const CHANNELS_DELETE: Permission[] = ['CHANNELS.DELETE'];
