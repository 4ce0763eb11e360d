import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UserTexts } from '@parley/sdk/contract/user-texts';
import { enterprises, invitations, mailOutbox, users } from '../../db/schema.js';
import { hashPassword } from '../account/secrets.js';
import { call, login, startServer } from '../../test/harness.js';

const RANDOM_ID = '00000000-0000-4000-8000-000000000000';

describe('invitations: an administrator invites, the invitee accepts from the mailed link', async () => {
  const parley = await startServer();
  const { db } = parley.database;
  const admin = await login(parley);
  const [beta] = await db.insert(enterprises).values({ name: 'Beta' }).returning();
  await db
    .insert(users)
    .values({ eId: beta!.id, name: 'Beta Admin', email: 'admin@beta.example', passwordHash: await hashPassword('beta-password'), roles: [1] });
  const betaToken = await login(parley, 'admin@beta.example', 'beta-password');

  const invite = (emailId: string, roles: string, token = admin) => call(parley, 'POST', 'e/enterprise/invitations', { token, form: { emailId, roles } });
  /** The newest mailed link to `to`, as the invitee opens it. */
  const mailedLink = async (to: string) => {
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)).limit(1);
    const url = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
    expect(url.pathname).toBe('/invitation-accept');
    return { id: url.searchParams.get('id')!, code: url.searchParams.get('code')! };
  };
  const accept = (link: { id: string; code: string }, name = 'Ines Invitee', password = 'ines-password') =>
    call(parley, 'POST', `account/enterprise/users/${link.id}`, { form: { code: link.code, name, password, confirmPassword: password } });

  it('validates in the spec’s words', async () => {
    const res = await call(parley, 'POST', 'e/enterprise/invitations', { token: admin, form: { emailId: 'nope' } });
    expect(res.errors).toEqual(
      expect.arrayContaining([
        { field: 'emailId', message: 'Please enter a valid email address' },
        { field: 'roles', message: 'This field is mandatory.' },
      ]),
    );
    expect(await invite('agent@parley.dev', '3')).toMatchObject({ code: 1409, message: 'This email is already registered' });
  });

  it('sends a mail with a link; the invitee sets name and password and is signed in with the roles', async () => {
    const sent = await invite('ines@example.com', '3');
    expect(sent).toMatchObject({
      code: 100,
      message: UserTexts.invitationSent,
      data: { emailId: 'ines@example.com', roles: [3], state: 'pending', invitedBy: 'Demo Admin' },
    });
    const link = await mailedLink('ines@example.com');
    // Only the hash is kept.
    const [row] = await db.select().from(invitations).where(eq(invitations.id, link.id));
    expect(row!.secretHash).not.toContain(link.code);
    expect(Math.round((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000)).toBe(7);

    const preview = await call(parley, 'GET', `account/enterprise/invitations/${link.id}`, { query: { code: link.code } });
    expect(preview.data).toEqual({ emailId: 'ines@example.com', enterpriseName: 'Demo', roles: [3], roleNames: ['Handle Chats'] });

    const mismatch = await call(parley, 'POST', `account/enterprise/users/${link.id}`, {
      form: { code: link.code, name: 'Ines', password: 'ines-password', confirmPassword: 'other-thing' },
    });
    expect(mismatch.errors).toEqual([{ field: 'confirmPassword', message: 'Your passwords do not match. Please try again.' }]);

    const accepted = await accept(link);
    expect(accepted).toMatchObject({ code: 100, data: { user: { name: 'Ines Invitee', emailId: 'ines@example.com', roles: [3] } } });
    const profile = await call(parley, 'GET', 'e/enterprise/profile/', { token: accepted.data.token });
    expect(profile.data.permissions).toContain('CHAT.HANDLE');
    await login(parley, 'ines@example.com', 'ines-password');

    // Used once: the link now says so, and the list shows it accepted.
    expect(await accept(link)).toMatchObject({ status: false, message: UserTexts.invitationUsed });
    expect((await call(parley, 'GET', `account/enterprise/invitations/${link.id}`, { query: { code: link.code } })).message).toBe(UserTexts.invitationUsed);
    const list = await call(parley, 'GET', 'e/enterprise/invitations', { token: admin });
    expect(list.data.find((i: { id: string }) => i.id === link.id).state).toBe('accepted');
    const trail = await call(parley, 'GET', 'e/enterprise/audit_trail', { token: admin, query: { perPage: '100' } });
    expect(trail.data.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['POST /api/e/enterprise/invitations', 'POST /api/account/enterprise/users/:id']),
    );
  });

  it('refuses a wrong code, an expired link and a revoked one in clear words', async () => {
    await invite('late@example.com', '6');
    const late = await mailedLink('late@example.com');
    expect((await accept({ id: late.id, code: 'guess' })).message).toBe(UserTexts.invitationInvalid);
    expect((await accept({ id: RANDOM_ID, code: late.code })).message).toBe(UserTexts.invitationInvalid);
    await db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, late.id));
    expect(await accept(late)).toMatchObject({ status: false, code: 1400, message: UserTexts.invitationExpired });
    expect((await call(parley, 'GET', 'e/enterprise/invitations', { token: admin })).data.find((i: { id: string }) => i.id === late.id).state).toBe('expired');

    // Resent: a new link for seven more days; the old one no longer works.
    const resent = await call(parley, 'POST', `e/enterprise/invitations/${late.id}/resend`, { token: admin });
    expect(resent).toMatchObject({ code: 100, data: { state: 'pending' } });
    const fresh = await mailedLink('late@example.com');
    expect(fresh.code).not.toBe(late.code);
    expect((await accept(late)).message).toBe(UserTexts.invitationInvalid);

    const revoked = await call(parley, 'DELETE', `e/enterprise/invitations/${late.id}`, { token: admin });
    expect(revoked).toMatchObject({ code: 100, message: UserTexts.invitationRevokedDone, data: { state: 'revoked' } });
    expect((await accept(fresh)).message).toBe(UserTexts.invitationRevoked);
    expect((await call(parley, 'POST', `e/enterprise/invitations/${late.id}/resend`, { token: admin })).message).toBe(UserTexts.invitationClosed);
    expect(await db.select().from(users).where(eq(users.email, 'late@example.com'))).toEqual([]);
  });

  it('a second invitation to one address replaces the first', async () => {
    await invite('twice@example.com', '4');
    const first = await mailedLink('twice@example.com');
    await invite('twice@example.com', '5');
    const second = await mailedLink('twice@example.com');
    expect((await accept(first)).message).toBe(UserTexts.invitationRevoked);
    expect((await accept(second, 'Twice')).data.user.roles).toEqual([5]);
  });

  it('keeps enterprises apart and refuses roles without USERS.*', async () => {
    await invite('mine@example.com', '3');
    const mine = await mailedLink('mine@example.com');
    for (const res of [
      await call(parley, 'POST', `e/enterprise/invitations/${mine.id}/resend`, { token: betaToken }),
      await call(parley, 'DELETE', `e/enterprise/invitations/${mine.id}`, { token: betaToken }),
      await call(parley, 'DELETE', `e/enterprise/invitations/${RANDOM_ID}`, { token: betaToken }),
    ])
      expect(res).toMatchObject({ httpStatus: 404, code: 1404 });
    expect((await call(parley, 'GET', 'e/enterprise/invitations', { token: betaToken })).data).toEqual([]);

    const agent = await login(parley, 'agent@parley.dev');
    for (const res of [
      await invite('x@example.com', '3', agent),
      await call(parley, 'GET', 'e/enterprise/invitations', { token: agent }),
      await call(parley, 'POST', `e/enterprise/invitations/${mine.id}/resend`, { token: agent }),
      await call(parley, 'DELETE', `e/enterprise/invitations/${mine.id}`, { token: agent }),
    ])
      expect(res).toMatchObject({ httpStatus: 200, code: 1403 });
    const [row] = await db
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, mine.id)));
    expect(row!.revokedAt).toBeNull();
  });
});
