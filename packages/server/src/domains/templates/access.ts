import type { Permission } from '@parley/sdk/contract/permissions';

/** Message Templates (platform-shell 6): the MSG_TEMPLATES group's items. Sync asks the vendor, as a create does. */
/** Reading templates: also agents, who send one from a chat (the broadcast form's chat-test mode). */
export const TEMPLATES_VIEW: Permission[] = ['MSG_TEMPLATES.VIEW', 'CHAT.HANDLE'];
export const TEMPLATES_CREATE: Permission[] = ['MSG_TEMPLATES.CREATE'];
export const TEMPLATES_DELETE: Permission[] = ['MSG_TEMPLATES.DELETE'];
