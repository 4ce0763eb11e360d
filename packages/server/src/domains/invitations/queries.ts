import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { enterprises, invitations, users } from '../../db/schema.js';

export type InvitationRow = typeof invitations.$inferSelect;
export type InvitationListRow = InvitationRow & { inviterName: string | null };

const UUID = /^[0-9a-f-]{36}$/i;

export async function listInvitations(db: Db, eId: string, from: number, limit: number): Promise<InvitationListRow[]> {
  const rows = await db
    .select({ invitation: invitations, inviterName: users.name })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(eq(invitations.eId, eId))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(limit)
    .offset(from);
  return rows.map((r) => ({ ...r.invitation, inviterName: r.inviterName }));
}

/** Scoped: another enterprise's invitation id finds nothing. */
export async function findInvitation(db: Db, eId: string, id: string): Promise<InvitationListRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({ invitation: invitations, inviterName: users.name })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.id, id), eq(invitations.eId, eId)));
  return row ? { ...row.invitation, inviterName: row.inviterName } : null;
}

/** The link's invitation with its enterprise's name, whatever its state: the accept page says which state it is in. */
export async function findForLink(db: Db, id: string) {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({ invitation: invitations, enterpriseName: enterprises.name })
    .from(invitations)
    .innerJoin(enterprises, eq(enterprises.id, invitations.eId))
    .where(eq(invitations.id, id));
  return row ?? null;
}

/** Pending invitations of one address in one enterprise: a new one replaces them. */
export async function revokePendingFor(db: Db, eId: string, email: string) {
  await db
    .update(invitations)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(invitations.eId, eId),
        eq(invitations.email, email),
        isNull(invitations.revokedAt),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    );
}

/** Marks the invitation accepted, atomically: of two accepts of one link, one wins. */
export async function claim(db: Db, id: string, secretHash: string): Promise<InvitationRow | null> {
  const [row] = await db
    .update(invitations)
    .set({ acceptedAt: new Date() })
    .where(
      and(
        eq(invitations.id, id),
        eq(invitations.secretHash, secretHash),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}
