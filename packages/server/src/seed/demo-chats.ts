import { and, eq } from 'drizzle-orm';
import { ChannelTypes } from '@parley/sdk/contract/channels';
import { ChatAction, ChatMessageStatus, ChatState } from '@parley/sdk/contract/chats';
import type { Db } from '../db/database.js';
import { chatMessages, chats, customers, users } from '../db/schema.js';
import { searchVector } from '../domains/customers/search-words.js';

type Line = { by: 'customer' | 'agent' | 'system'; text: string; minutesAgo: number; action?: number; status?: number; seen?: boolean };
interface DemoChat {
  name: string;
  number: string;
  state: number;
  agent?: boolean;
  missedReason?: number;
  feedback?: string;
  tags?: string[];
  /** The customer's 24-hour window has closed: only a template reaches them now. */
  jit?: boolean;
  lines: Line[];
}

const AGENT_EMAIL = 'agent@parley.dev';

/**
 * Chats an agent finds on the first start: two waiting, one missed, two of their own going on (one whose customer
 * last wrote more than 24 hours ago, so it needs a template), two closed.
 */
export const DEMO_CHATS: DemoChat[] = [
  {
    name: 'Priya Sharma',
    number: '+919820011001',
    state: ChatState.STARTED,
    lines: [
      { by: 'customer', text: 'Hi, I ordered a large Margherita 40 minutes ago', minutesAgo: 6 },
      { by: 'customer', text: 'Can someone check where it is?', minutesAgo: 5 },
    ],
  },
  {
    name: 'Rahul Verma',
    number: '+919820011002',
    state: ChatState.STARTED,
    lines: [{ by: 'customer', text: 'Do you have gluten-free bases?', minutesAgo: 2 }],
  },
  {
    name: 'Meera Iyer',
    number: '+919820011003',
    state: ChatState.MISSED,
    missedReason: 1,
    lines: [
      { by: 'customer', text: 'I was charged twice for order #4821', minutesAgo: 45 },
      { by: 'system', text: 'No agent picked up the chat in time', minutesAgo: 35, action: ChatAction.MISSED },
    ],
  },
  {
    name: 'Arjun Nair',
    number: '+919820011004',
    state: ChatState.ONGOING,
    agent: true,
    tags: ['delivery'],
    lines: [
      { by: 'customer', text: 'My pizza arrived cold 😞', minutesAgo: 14, seen: true },
      { by: 'system', text: 'Demo Handle Chats picked up the chat', minutesAgo: 13, action: ChatAction.AGENT_PICKED },
      {
        by: 'agent',
        text: "I'm sorry about that, Arjun. I've asked the store to send a fresh one right away.",
        minutesAgo: 12,
        status: ChatMessageStatus.READ,
      },
      { by: 'customer', text: 'Thank you! How long will it take?', minutesAgo: 3 },
    ],
  },
  {
    name: 'Kavya Menon',
    number: '+919820011007',
    state: ChatState.ONGOING,
    agent: true,
    jit: true,
    tags: ['catering'],
    lines: [
      { by: 'customer', text: 'Can I get the catering menu for 30 people on Saturday?', minutesAgo: 27 * 60, seen: true },
      { by: 'system', text: 'Demo Handle Chats picked up the chat', minutesAgo: 27 * 60 - 1, action: ChatAction.AGENT_PICKED },
      { by: 'agent', text: "Of course! I'll check with the kitchen and come back to you.", minutesAgo: 27 * 60 - 3, status: ChatMessageStatus.READ },
    ],
  },
  {
    name: 'Sneha Kulkarni',
    number: '+919820011005',
    state: ChatState.CLOSED,
    agent: true,
    feedback: 'Refund issued for a missing dip',
    lines: [
      { by: 'customer', text: 'My order came without the garlic dip', minutesAgo: 26 * 60, seen: true },
      { by: 'agent', text: "Sorry! I've refunded ₹49 to your card.", minutesAgo: 26 * 60 - 3, status: ChatMessageStatus.READ },
      { by: 'system', text: 'Demo Handle Chats closed the chat', minutesAgo: 26 * 60 - 5, action: ChatAction.AGENT_CLOSED },
    ],
  },
  {
    name: 'Vikram Singh',
    number: '+919820011006',
    state: ChatState.CLOSED,
    agent: true,
    lines: [
      { by: 'customer', text: 'Are you open on Sunday night?', minutesAgo: 50 * 60, seen: true },
      { by: 'agent', text: 'Yes, until midnight every day.', minutesAgo: 50 * 60 - 2, status: ChatMessageStatus.READ },
      { by: 'system', text: 'Demo Handle Chats closed the chat', minutesAgo: 50 * 60 - 4, action: ChatAction.AGENT_CLOSED },
    ],
  },
];

/** The demo's live chats on its sandbox channel, with their customers in the customer master. */
export async function seedDemoChats(db: Db, eId: string, channelId: string, deptId: string | null = null, now = Date.now()): Promise<void> {
  const [agent] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.eId, eId), eq(users.email, AGENT_EMAIL)));
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
  await db.transaction(async (tx) => {
    for (const c of DEMO_CHATS) {
      const [customer] = await tx
        .insert(customers)
        .values({ eId, name: c.name, phoneNumber: c.number, whatsAppNumber: c.number, search: searchVector([c.name]) })
        .onConflictDoNothing()
        .returning({ id: customers.id });
      const last = c.lines.at(-1)!;
      const lastCustomer = [...c.lines].reverse().find((l) => l.by === 'customer')!;
      const agentId = c.agent ? (agent?.id ?? null) : null;
      const [chat] = await tx
        .insert(chats)
        .values({
          eId,
          channelId,
          channelType: ChannelTypes.WhatsApp,
          deptId,
          customerId: customer?.id ?? null,
          customerNumber: c.number,
          customerName: c.name,
          state: c.state,
          missedReason: c.missedReason ?? null,
          agentId,
          isJitRequired: c.jit ?? false,
          tags: c.tags ?? [],
          feedback: c.feedback ?? null,
          messageCount: c.lines.filter((l) => l.by !== 'system').length,
          lastMessage: [...c.lines].reverse().find((l) => l.by !== 'system')!.text,
          lastMessageAt: at(last.minutesAgo),
          lastCustomerAt: at(lastCustomer.minutesAgo),
          createdAt: at(c.lines[0]!.minutesAgo),
          pickedAt: agentId ? at(c.lines[0]!.minutesAgo - 1) : null,
          closedAt: c.state === ChatState.CLOSED ? at(last.minutesAgo) : null,
        })
        .returning({ id: chats.id });
      await tx.insert(chatMessages).values(
        c.lines.map((l, i) => ({
          chatId: chat!.id,
          eId,
          channelId,
          actionType: l.action ?? (l.by === 'customer' ? (i === 0 ? ChatAction.CUSTOMER_START : ChatAction.CUSTOMER_REPLY) : ChatAction.AGENT_REPLY),
          actionBy: l.by === 'customer' ? c.number : l.by === 'agent' ? (agent?.id ?? 'system') : 'system',
          userName: l.by === 'customer' ? c.name : l.by === 'agent' ? (agent?.name ?? '') : '',
          message: l.text,
          kind: l.by === 'system' ? 'system' : 'text',
          status: l.status ?? null,
          transId: l.by === 'agent' ? `wamid.demo.${chat!.id.slice(0, 8)}.${i}` : null,
          seen: l.seen ?? c.state === ChatState.CLOSED,
          actedOn: at(l.minutesAgo),
        })),
      );
    }
  });
}
