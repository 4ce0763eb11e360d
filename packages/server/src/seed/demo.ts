import { sql } from 'drizzle-orm';
import { Roles, ROLE_NAMES, type RoleId } from '@parley/sdk/contract/permissions';
import type { Db } from '../db/database.js';
import { enterprises, users } from '../db/schema.js';
import { hashPassword } from '../domains/account/secrets.js';

export const DEMO_ADMIN_EMAIL = 'admin@parley.dev';

/** One demo user per role; every one signs in with the admin password. */
export const DEMO_USERS: { email: string; role: RoleId }[] = [
  { email: DEMO_ADMIN_EMAIL, role: Roles.ADMINISTRATOR },
  { email: 'developer@parley.dev', role: Roles.DEVELOPMENT },
  { email: 'agent@parley.dev', role: Roles.HANDLE_CHATS },
  { email: 'maker@parley.dev', role: Roles.CAMPAIGN_MAKER },
  { email: 'checker@parley.dev', role: Roles.CAMPAIGN_CHECKER },
  { email: 'viewer@parley.dev', role: Roles.REPORT_VIEWER },
];

/** Seeds enterprise "Demo" on an empty database only, so it is idempotent and never touches real data. */
export async function seedDemo(db: Db, password: string): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(enterprises);
  if ((row?.n ?? 0) > 0) return false;
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(password)));
  await db.transaction(async (tx) => {
    const [demo] = await tx.insert(enterprises).values({ name: 'Demo', config: { campaign: { recordExtCampaign: true }, chat: { customChatSelection: true } } }).returning();
    await tx.insert(users).values(
      DEMO_USERS.map((u, i) => ({
        eId: demo!.id,
        name: u.role === Roles.ADMINISTRATOR ? 'Demo Admin' : `Demo ${ROLE_NAMES[u.role]}`,
        email: u.email,
        passwordHash: hashes[i]!,
        roles: [u.role],
      })),
    );
  });
  return true;
}
