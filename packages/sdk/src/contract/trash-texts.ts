/**
 * Manage → Trash without zod (platform-shell 2.8, TRASH.VIEW): the kinds of object kept, how long, and the texts a
 * user reads. The spec shows none of these texts; docs/administration.md lists them.
 */

/** How long a deleted object stays restorable before the purge job removes it for good. */
export const TRASH_RETENTION_DAYS = 30;

/** Rows a page (the report screens' page size). */
export const TRASH_PAGE = 15;

export const TRASH_TYPES = ['agent', 'customer', 'template', 'channel', 'attachment'] as const;
export type TrashType = (typeof TRASH_TYPES)[number];

export const TRASH_TYPE_LABELS: Record<TrashType, string> = {
  agent: 'Agent',
  customer: 'Customer',
  template: 'Message template',
  channel: 'Channel',
  attachment: 'Attachment',
};

export const TrashTexts = {
  restored: (type: TrashType) => `${TRASH_TYPE_LABELS[type]} restored successfully`,
  deletedForever: 'Deleted permanently',
  notFound: 'This item is no longer in the trash',
  restoreConflict: 'Something with the same name or number was just created. Change it, then restore.',
  customerNumberTaken: 'A customer with this phone number exists. Delete or change it, then restore.',
  templateNameTaken: 'A template with this name and language exists on the channel. Delete it, then restore.',
  templateChannelGone: 'The template’s channel was deleted. Restore the channel first.',
  channelNameTaken: 'A channel with this name exists. Rename it, then restore.',
  channelNumberTaken: 'A channel with this phone number id exists. Delete it, then restore.',
  agentNameTaken: 'An agent with this name exists. Rename it, then restore.',
} as const;
