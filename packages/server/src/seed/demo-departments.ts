import { and, eq } from 'drizzle-orm';
import { ALWAYS_OPEN } from '@parley/sdk/contract/working-hours';
import type { Db } from '../db/database.js';
import { channels, chatLabels, departmentUsers, departments, users } from '../db/schema.js';

export const DEMO_DEPARTMENT = 'Support';
const AGENT_EMAIL = 'agent@parley.dev';
const LABELS = [
  { name: 'Order status', color: 'blue' },
  { name: 'Refund', color: 'orange' },
  { name: 'Complaint', color: 'red' },
] as const;

/**
 * The demo's Support department: agent@parley.dev in it, the sandbox channel routed to it, open every day all day
 * (so the demo never misses a chat for the hour), an hour's patience before a chat is missed, and a few labels.
 */
export async function seedDemoDepartment(db: Db, eId: string, adminId: string, channelId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [dept] = await tx
      .insert(departments)
      .values({
        eId,
        name: DEMO_DEPARTMENT,
        desc: 'Customers writing to the WhatsApp sandbox number',
        manager: adminId,
        missedAfterSeconds: 3600,
        workingHours: ALWAYS_OPEN('Asia/Kolkata'),
      })
      .returning({ id: departments.id });
    const [agent] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.eId, eId), eq(users.email, AGENT_EMAIL)));
    if (agent) await tx.insert(departmentUsers).values({ deptId: dept!.id, uId: agent.id });
    await tx.update(channels).set({ deptId: dept!.id }).where(eq(channels.id, channelId));
    await tx.insert(chatLabels).values(LABELS.map((l, position) => ({ eId, deptId: dept!.id, name: l.name, color: l.color, position })));
    return dept!.id;
  });
}
