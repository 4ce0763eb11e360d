import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { pageFrom } from './paging.js';
import { TRASH_PAGE, TRASH_TYPES } from './trash-texts.js';

/**
 * Manage → Trash (platform-shell 2.8, TRASH.VIEW; the spec names no calls, so these paths are ours and
 * docs/administration.md records them): deleted agents, customers, templates, channels and attachments, kept
 * TRASH_RETENTION_DAYS days, restorable, then purged.
 */
export * from './trash-texts.js';

export const trashItem = z.object({
  id: z.string(),
  type: z.enum(TRASH_TYPES),
  /** The deleted object's own id, which a restore gives back. */
  objectId: z.string(),
  name: z.string(),
  /** Null when the user who deleted it has since been removed. */
  deletedBy: z.string().nullable(),
  deletedAt: z.string(),
  purgeAfter: z.string(),
  /** Whole days until the purge, 0 on its last day. */
  daysLeft: z.number(),
});
export type TrashItem = z.infer<typeof trashItem>;

const itemId = z.object({ id: z.string().min(1) });

export const trashApi = {
  list: endpoint({
    method: 'GET',
    path: 'e/enterprise/trash',
    input: z.object({
      from: pageFrom(),
      perPage: z.coerce.number().int().min(1).max(100).default(TRASH_PAGE),
      type: z.enum(TRASH_TYPES, { error: 'Unknown type' }).optional(),
      name: z
        .string()
        .max(100)
        .transform((v) => v.trim() || undefined)
        .optional(),
    }),
    reply: z.array(trashItem),
  }),
  /** Puts the object back with its own id; refused (and kept in the trash) when something now conflicts with it. */
  restore: endpoint({
    method: 'POST',
    path: 'e/enterprise/trash/:id/restore',
    input: itemId,
    reply: z.object({ type: z.enum(TRASH_TYPES), objectId: z.string() }),
  }),
  deleteForever: endpoint({
    method: 'DELETE',
    path: 'e/enterprise/trash/:id',
    input: itemId,
    reply: z.null(),
  }),
} as const;
