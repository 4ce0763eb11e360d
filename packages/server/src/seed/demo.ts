import { and, eq, sql } from 'drizzle-orm';
import { Roles, ROLE_NAMES, type RoleId } from '@parley/sdk/contract/permissions';
import type { Db } from '../db/database.js';
import { agents, channels, enterprises, users } from '../db/schema.js';
import { hashPassword } from '../domains/account/secrets.js';
import type { JobQueue } from '../jobs/queue.js';
import type { EventBus } from '../realtime/event-bus.js';
import { seedDemoConversations } from './demo-conversations.js';
import { seedDemoBilling } from './demo-billing.js';
import type { DocumentStore } from '../domains/nlp-genai/document-store.js';
import { createDemoAgent, DEMO_AGENT, requestDemoTraining } from './demo-agent.js';
import { seedDemoKnowledgeBase } from './demo-knowledge-base.js';
import { seedDemoPromptAgent } from './demo-prompt-agent.js';
import type { SealedBox } from '../secrets/sealed-box.js';
import { ChannelTypes, Vendors } from '@parley/sdk/contract/channels';
import { seedDemoChats } from './demo-chats.js';
import { seedDemoDepartment } from './demo-departments.js';
import { seedDemoChannels, type SandboxCredentials } from './demo-channels.js';
import { seedDemoCustomers } from './demo-customers.js';
import { demoMediaUrls, seedDemoArtifacts } from './demo-artifacts.js';
import type { FileStore } from '../storage/file-store.js';

export const DEMO_ADMIN_EMAIL = 'admin@parley.dev';
const DEFAULT_DEMO_PASSWORD = 'parley-admin';

/**
 * The sign-in the first start tells the operator. Said once, when the demo is seeded: a log kept for months (or
 * shipped elsewhere) should not repeat a password at every start, and after the first the password may have changed.
 * A password chosen with PARLEY_ADMIN_PASSWORD is never written out.
 */
export const demoSignInNote = (password: string) =>
  `Demo sign-in: ${DEMO_ADMIN_EMAIL} / ${password === DEFAULT_DEMO_PASSWORD ? DEFAULT_DEMO_PASSWORD : '(PARLEY_ADMIN_PASSWORD)'}`;

/** One demo user per role; every one signs in with the admin password. */
export const DEMO_WEB_CHANNEL = 'Website chat';

export const DEMO_USERS: { email: string; role: RoleId }[] = [
  { email: DEMO_ADMIN_EMAIL, role: Roles.ADMINISTRATOR },
  { email: 'developer@parley.dev', role: Roles.DEVELOPMENT },
  { email: 'agent@parley.dev', role: Roles.HANDLE_CHATS },
  { email: 'maker@parley.dev', role: Roles.CAMPAIGN_MAKER },
  { email: 'checker@parley.dev', role: Roles.CAMPAIGN_CHECKER },
  { email: 'viewer@parley.dev', role: Roles.REPORT_VIEWER },
];

/** What a first start seeded: the demo enterprise and its agent, whose training `train` requests once jobs run. */
export interface DemoSeed {
  eId: string;
  agentId: string;
  adminId: string;
  /** The demo's sandbox WhatsApp channel, when one was made. */
  channelId: string | null;
  /** Queues the agent's training (the job queue must have started); it does not wait for the training. */
  train(deps: { db: Db; jobs: JobQueue; events: EventBus }): Promise<string>;
}

/**
 * Seeds enterprise "Demo" on an empty database only, so it is idempotent and never touches real data. The demo agent
 * (demo-agent.ts) is saved after the users' transaction, one save after another as the designer saves it, so that its
 * stories and intents keep their order (rows of one transaction share one creation time); one that fails half way is
 * removed whole. `sealed` seals the demo WhatsApp channel's credentials (`sandboxCredentials`, the sandbox's own);
 * without them (seed tests) no channel is made.
 */
export async function seedDemo(
  db: Db,
  password: string,
  opts: {
    customers?: boolean;
    sealed?: SealedBox;
    sandboxCredentials?: SandboxCredentials;
    files?: FileStore;
    documents?: DocumentStore;
    /** The server's sandbox LLM (`{publicUrl}/sandbox/openai/v1`), when mounted: the demo prompt agent answers through it. */
    sandboxLlmUrl?: string | undefined;
  } = {},
): Promise<DemoSeed | null> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(enterprises);
  if ((row?.n ?? 0) > 0) return null;
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(password)));
  const { eId, adminId } = await db.transaction(async (tx) => {
    const [demo] = await tx
      .insert(enterprises)
      .values({ name: 'Demo', config: { campaign: { recordExtCampaign: true }, chat: { customChatSelection: true, missedAfterSeconds: 3600 } } })
      .returning();
    const created = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((u, i) => ({
          eId: demo!.id,
          name: u.role === Roles.ADMINISTRATOR ? 'Demo Admin' : `Demo ${ROLE_NAMES[u.role]}`,
          email: u.email,
          passwordHash: hashes[i]!,
          roles: [u.role],
        })),
      )
      .returning({ id: users.id, email: users.email });
    return { eId: demo!.id, adminId: created.find((u) => u.email === DEMO_ADMIN_EMAIL)!.id };
  });
  let agentId: string;
  try {
    agentId = await createDemoAgent(db, { eId, uId: adminId });
    if (opts.documents) await seedDemoKnowledgeBase(db, opts.documents, eId, agentId);
    await seedDemoConversations(db, eId, agentId);
  } catch (err) {
    await db.delete(agents).where(and(eq(agents.eId, eId), eq(agents.name, DEMO_AGENT.name)));
    throw new Error('the demo agent could not be created', { cause: err });
  }
  if (opts.customers !== false) await seedDemoCustomers(db, eId, adminId);
  const channelId =
    opts.sealed && opts.sandboxCredentials
      ? await seedDemoChannels(db, eId, adminId, opts.sealed, opts.sandboxCredentials, opts.files ? demoMediaUrls() : {})
      : null;
  if (channelId) {
    // The Demo Pizza Bot answers the sandbox number first; "agent please" hands a chat to people.
    await db
      .update(channels)
      .set({ data: sql`${channels.data} || ${JSON.stringify({ botAgentId: agentId })}::jsonb` })
      .where(eq(channels.id, channelId));
    const deptId = await seedDemoDepartment(db, eId, adminId, channelId);
    // Their customers join the customer master, which the customer tests start empty (demoCustomers off).
    if (opts.customers !== false) await seedDemoChats(db, eId, channelId, deptId);
    // A Web channel for the partner page's live chat (examples/live-chat.html), with the same bot.
    await db
      .insert(channels)
      .values({ eId, name: DEMO_WEB_CHANNEL, type: ChannelTypes.Web, vendor: Vendors['Parley Web Chat'], data: { botAgentId: agentId }, createdBy: adminId });
  }
  if (opts.files) await seedDemoArtifacts(db, opts.files, eId, adminId);
  // After the conversations: their bot turns are metered; the prepaid wallet is there before the demo broadcast goes.
  await seedDemoBilling(db, eId);
  if (opts.sealed && opts.sandboxLlmUrl) await seedDemoPromptAgent(db, opts.sealed, eId, adminId, opts.sandboxLlmUrl);
  return { eId, agentId, adminId, channelId, train: (deps) => requestDemoTraining(deps, eId, agentId) };
}
