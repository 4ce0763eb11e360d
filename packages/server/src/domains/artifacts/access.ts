import type { Permission } from '@parley/sdk/contract/permissions';

/**
 * Attachments are the Creatives library (platform-shell 6): VIEW reads, CREATE uploads and adds, EDIT files them into
 * buckets and renames, DELETE removes. Agents pick attachments in chat (CHAT.HANDLE), so they may list, read and
 * validate media without the library itself.
 */
export const VIEW_ACCESS: Permission[] = ['CREATIVES.VIEW', 'CHAT.HANDLE'];
export const CREATE_ACCESS: Permission[] = ['CREATIVES.CREATE'];
export const EDIT_ACCESS: Permission[] = ['CREATIVES.EDIT'];
export const DELETE_ACCESS: Permission[] = ['CREATIVES.DELETE'];
