import { Messages } from '@parley/sdk/contract/messages';
import { INVITATION_TTL_DAYS, UserStates, UserTexts, type InvitationState } from '@parley/sdk/contract/user-texts';
import type { Invitation } from '@parley/sdk/contract/invitations';
import { and, eq } from 'drizzle-orm';
import { invitations, users } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import type { AccountDeps } from '../account/deps.js';
import { hashPassword, newToken, sameHash, sha256 } from '../account/secrets.js';
import { findUser, findUserByEmail } from '../account/users-queries.js';
import { checkRolesToGive, roleNamesOf } from '../roles/role-assignment.js';
import { claim, findForLink, findInvitation, revokePendingFor, type InvitationListRow, type InvitationRow } from './queries.js';

const TTL_MS = INVITATION_TTL_DAYS * 24 * 3_600_000;

export function stateOf(row: InvitationRow, now = new Date()): InvitationState {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

export const shapeInvitation = (row: InvitationListRow): Invitation => ({
  id: row.id,
  emailId: row.email,
  roles: row.roles,
  state: stateOf(row),
  invitedBy: row.inviterName ?? '',
  createdOn: row.createdAt.toISOString(),
  sentOn: row.sentAt.toISOString(),
  expiresOn: row.expiresAt.toISOString(),
});

/** Why a link no longer opens the door, in the words the accept page shows. */
const CLOSED: Record<Exclude<InvitationState, 'pending'>, string> = {
  accepted: UserTexts.invitationUsed,
  revoked: UserTexts.invitationRevoked,
  expired: UserTexts.invitationExpired,
};

/**
 * Invitations (platform-shell 3, 4.7, 7.4): an administrator invites an address with roles; the mailed link carries the
 * invitation's id and a random secret of which only the hash is kept; the invitee who opens it within seven days
 * chooses a name and a password and becomes an active user of the enterprise.
 */
export class InvitationsService {
  constructor(private readonly deps: Pick<AccountDeps, 'db' | 'mailer' | 'config' | 'sessions'>) {}

  async send(auth: AuthContext, emailId: string, roles: number[]) {
    if (await findUserByEmail(this.deps.db, emailId)) throw ApiError.conflict(Messages.emailTaken, 'emailId');
    const secret = newToken();
    const row = await this.deps.db.transaction(async (tx) => {
      await checkRolesToGive(tx, auth, roles, this.deps.sessions.enabledFlags);
      // A second invitation to the same address replaces the first: only the newest link works.
      await revokePendingFor(tx, auth.eId, emailId);
      const [created] = await tx
        .insert(invitations)
        .values({
          eId: auth.eId,
          email: emailId,
          roles: [...new Set(roles)].sort((a, b) => a - b),
          secretHash: sha256(secret),
          invitedBy: auth.uId,
          expiresAt: new Date(Date.now() + TTL_MS),
        })
        .returning();
      return created!;
    });
    await this.mail(auth, row, secret);
    return (await findInvitation(this.deps.db, auth.eId, row.id))!;
  }

  /** A new link (the old one stops working) and seven more days; not for an accepted or revoked invitation. */
  async resend(auth: AuthContext, id: string) {
    const row = await this.find(auth, id);
    const state = stateOf(row);
    if (state === 'accepted' || state === 'revoked') throw ApiError.conflict(UserTexts.invitationClosed);
    const secret = newToken();
    const now = new Date();
    await this.deps.db
      .update(invitations)
      .set({ secretHash: sha256(secret), sentAt: now, expiresAt: new Date(now.getTime() + TTL_MS) })
      .where(eqIdAndEnterprise(row));
    await this.mail(auth, row, secret);
    return (await findInvitation(this.deps.db, auth.eId, id))!;
  }

  async revoke(auth: AuthContext, id: string) {
    const row = await this.find(auth, id);
    if (stateOf(row) === 'accepted') throw ApiError.conflict(UserTexts.invitationUsed);
    if (!row.revokedAt) await this.deps.db.update(invitations).set({ revokedAt: new Date() }).where(eqIdAndEnterprise(row));
    return (await findInvitation(this.deps.db, auth.eId, id))!;
  }

  /** What the link invites to, or why it no longer does. */
  async preview(id: string, code: string) {
    const found = await findForLink(this.deps.db, id);
    if (!found || !sameHash(found.invitation.secretHash, sha256(code))) throw ApiError.field('code', UserTexts.invitationInvalid);
    const state = stateOf(found.invitation);
    if (state !== 'pending') throw ApiError.field('code', CLOSED[state]);
    const { email, eId, roles } = found.invitation;
    return { emailId: email, enterpriseName: found.enterpriseName, roles, roleNames: await roleNamesOf(this.deps.db, eId, roles) };
  }

  /** The invitee becomes an active user; the caller starts their session. */
  async accept(id: string, code: string, name: string, password: string) {
    await this.preview(id, code);
    const passwordHash = await hashPassword(password);
    return this.deps.db.transaction(async (tx) => {
      const invitation = await claim(tx, id, sha256(code));
      // Accepted, revoked or expired in the meantime: say which, as the preview would.
      if (!invitation) throw ApiError.field('code', UserTexts.invitationUsed);
      if (await findUserByEmail(tx, invitation.email)) throw ApiError.conflict(Messages.emailTaken, 'emailId');
      const [user] = await tx
        .insert(users)
        .values({ eId: invitation.eId, name: name.trim(), email: invitation.email, passwordHash, roles: invitation.roles, state: UserStates.ACTIVE })
        .returning();
      return user!;
    });
  }

  private async find(auth: AuthContext, id: string) {
    const row = await findInvitation(this.deps.db, auth.eId, id);
    if (!row) throw ApiError.notFound();
    return row;
  }

  private async mail(auth: AuthContext, row: InvitationRow, secret: string) {
    const inviter = await findUser(this.deps.db, auth.eId, auth.uId);
    const roles = (await roleNamesOf(this.deps.db, row.eId, row.roles)).join(', ');
    const link = `${this.deps.config.publicUrl}/invitation-accept?id=${row.id}&code=${secret}`;
    await this.deps.mailer.send({
      eId: row.eId,
      to: row.email,
      subject: 'You are invited to join Parley',
      text:
        `Hello,\n\nOpen this link within ${INVITATION_TTL_DAYS} days to join:\n${link}\n\n` +
        `${inviter?.name ?? 'An administrator'} invited you to the team with the role${row.roles.length > 1 ? 's' : ''} ${roles}. ` +
        `You will choose your name and password there.\n\nIf you did not expect this mail, you can ignore it.\n`,
    });
  }
}

const eqIdAndEnterprise = (row: InvitationRow) => and(eq(invitations.id, row.id), eq(invitations.eId, row.eId));
