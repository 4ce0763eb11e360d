import { randomUUID } from 'node:crypto';
import { hashPassword } from '../domains/account/secrets.js';
import { enterprises, users } from '../db/schema.js';
import type { Parley } from '../app.js';
import { login } from './harness.js';

/** A second tenant with its own administrator, signed in: for checking that ids do not cross enterprises. */
export async function loginToOtherEnterprise(parley: Parley): Promise<string> {
  const { db } = parley.database;
  const [other] = await db
    .insert(enterprises)
    .values({ name: `Other ${randomUUID().slice(0, 8)}` })
    .returning();
  const email = `admin-${other!.id.slice(0, 8)}@other.example`;
  await db.insert(users).values({ eId: other!.id, name: 'Other Admin', email, passwordHash: await hashPassword('other-password'), roles: [1] });
  return login(parley, email, 'other-password');
}
