import { and, eq, isNull, sql } from 'drizzle-orm';
import { ChatAction, ChatMessages, ChatState, NO_CHATS_TEXT, type ChatSocketEvent, type ChatSummary, type PickupBucket } from '@parley/sdk/contract/chats';
import { Codes } from '@parley/sdk/contract/envelope';
import type { Db } from '../../db/database.js';
import { chatMessages, chatParticipants, chats, users } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { isUuid } from '../customers/queries.js';
import { NO_FLAGS, permissionsOfUserRoles } from '../roles/role-permissions.js';
import { peopleOf, queueOf, type Audience, type ChatEvents } from './events.js';
import { customSelection, longestWaiting } from './pickup-order.js';
import { lockChat, type ChatRow } from './queries.js';
import { isSupervisor, servesQueue } from './reads.js';
import { shapeChat, shapeMessage } from './shape.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const refuse = (message: string) => new ApiError(Codes.CONFLICT, message, 200);
const PENDING_OF: Partial<Record<PickupBucket, string>> = { transferred: 'transfer', invited: 'invite', assigned: 'assign' };

/**
 * The chat lifecycle of platform-shell 4.4: pickup (and the accept actions of transfers, invitations and assignments),
 * transfer, invite, assign, decline, leave, close, suspend, resume. Every change reads its chat locked (`for update`)
 * and checks the state it expects inside the same transaction, so two agents picking one chat at the same moment
 * cannot both win: the second finds it taken and gets the server's message. Events go out after the commit.
 */
export class ChatActions {
  constructor(
    private readonly db: Db,
    private readonly events: ChatEvents,
  ) {}

  /** Runs a change on the locked chat; `change` throws to refuse, and nothing is written then. */
  private async change<T>(auth: AuthContext, id: string, change: (tx: Tx, chat: ChatRow, name: string) => Promise<T>): Promise<T> {
    if (!isUuid(id)) throw ApiError.notFound(ChatMessages.notFound);
    return this.db.transaction(async (tx) => {
      const chat = await lockChat(tx, auth.eId, id);
      if (!chat) throw ApiError.notFound(ChatMessages.notFound);
      const [me] = await tx.select({ name: users.name }).from(users).where(eq(users.id, auth.uId));
      return change(tx, chat, me?.name ?? '');
    });
  }

  private async record(tx: Tx, chat: ChatRow, actionType: number, by: string, userName: string, message: string) {
    const [row] = await tx
      .insert(chatMessages)
      .values({ chatId: chat.id, eId: chat.eId, channelId: chat.channelId, actionType, actionBy: by, userName, message, kind: 'system' })
      .returning();
    return shapeMessage(row!);
  }

  private async participantOf(tx: Tx, chatId: string, uId: string): Promise<boolean> {
    const [row] = await tx
      .select({ uId: chatParticipants.uId })
      .from(chatParticipants)
      .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.uId, uId), isNull(chatParticipants.leftAt)));
    return Boolean(row);
  }

  /**
   * An agent's maxChats (user chat settings, 0 for no limit) caps the chats they own at once: picking up, or accepting
   * a transfer or assignment, beyond it is refused. Joining as an invited participant does not count.
   */
  private async checkRoomFor(tx: Tx, auth: AuthContext) {
    const [me] = await tx.select({ settings: users.chatSettings }).from(users).where(eq(users.id, auth.uId));
    const max = me?.settings.maxChats ?? 0;
    if (!max) return;
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(chats)
      .where(and(eq(chats.eId, auth.eId), eq(chats.agentId, auth.uId), sql`${chats.state} in (${ChatState.ONGOING}, ${ChatState.SUSPEND})`));
    if (Number(held?.n ?? 0) >= max) throw refuse(ChatMessages.atMaxChats(max));
  }

  private emit(type: ChatSocketEvent, eId: string, to: string[] | Audience, data: Record<string, unknown> & { chatId: string }) {
    void this.events.emit(type, eId, Array.isArray(to) ? { toUsers: to } : to, data);
  }

  private summary(chat: ChatRow, uId = '', runner: Db | Tx = this.db) {
    return shapeChat(runner, chat.eId, uId, chat);
  }

  async pickup(auth: AuthContext, id: string, type: PickupBucket): Promise<ChatRow> {
    let previousAgent: string | null = null;
    let note: ReturnType<typeof shapeMessage> | undefined;
    try {
      const chat = await this.change(auth, id, async (tx, chat, name) => {
        previousAgent = chat.agentId;
        const pending = PENDING_OF[type];
        if (pending) {
          if (chat.pendingType !== pending || chat.pendingTo !== auth.uId || chat.state === ChatState.CLOSED) throw refuse(NO_CHATS_TEXT[type]);
          if (pending === 'invite') {
            await tx
              .insert(chatParticipants)
              .values({ chatId: chat.id, uId: auth.uId })
              .onConflictDoUpdate({ target: [chatParticipants.chatId, chatParticipants.uId], set: { leftAt: null } });
            note = await this.record(tx, chat, ChatAction.ACCEPTED_INVITE, auth.uId, name, `${name} joined the chat`);
            const [row] = await tx.update(chats).set({ pendingType: null, pendingTo: null, pendingBy: null }).where(eq(chats.id, chat.id)).returning();
            return row!;
          }
          await this.checkRoomFor(tx, auth);
          note = await this.record(
            tx,
            chat,
            pending === 'transfer' ? ChatAction.TRANSFERRED : ChatAction.AGENT_PICKED,
            auth.uId,
            name,
            pending === 'transfer' ? `${name} accepted the transfer` : `${name} accepted the assignment`,
          );
        } else {
          const expected = type === 'missed' ? ChatState.MISSED : ChatState.STARTED;
          if (chat.state !== expected || chat.agentId) throw refuse(chat.agentId ? ChatMessages.pickedByOther : NO_CHATS_TEXT[type]);
          // Supervisors may take a chat from any queue; agents from their departments' (and from no department's).
          if (!isSupervisor(auth) && !(await servesQueue(tx, chat, auth.uId))) throw refuse(ChatMessages.otherQueue);
          if (type === 'new' && !(await customSelection(tx, auth.eId)) && !(await longestWaiting(tx, chat, auth.uId))) throw refuse(ChatMessages.oldestFirst);
          await this.checkRoomFor(tx, auth);
          note = await this.record(tx, chat, ChatAction.AGENT_PICKED, auth.uId, name, `${name} picked up the chat`);
        }
        const [row] = await tx
          .update(chats)
          .set({ state: ChatState.ONGOING, agentId: auth.uId, pickedAt: new Date(), pendingType: null, pendingTo: null, pendingBy: null, botActive: false })
          .where(eq(chats.id, chat.id))
          .returning();
        return row!;
      });
      const summary = await this.summary(chat);
      const events: Record<PickupBucket, ChatSocketEvent> = {
        new: 'agentPickupChat',
        missed: 'agentPickupChat',
        transferred: 'youAcceptedTransfer',
        assigned: 'youAcceptedAssign',
        invited: 'youAcceptedInvite',
      };
      this.emit(events[type], chat.eId, [auth.uId], { chatId: chat.id, chat: summary, message: note });
      if (type === 'new' || type === 'missed') this.emit('agentPickupChat', chat.eId, queueOf(chat), { chatId: chat.id, chat: summary, message: note });
      if (type === 'transferred' && previousAgent && previousAgent !== auth.uId) {
        this.emit('youTransferredToAgent', chat.eId, [previousAgent], { chatId: chat.id, chat: summary, message: ChatMessages.youTransferred });
      }
      if (type === 'invited')
        this.emit(
          'acceptInvite',
          chat.eId,
          peopleOf(summary).filter((u) => u !== auth.uId),
          { chatId: chat.id, chat: summary, message: note },
        );
      else
        this.emit(
          'systemMessage',
          chat.eId,
          peopleOf(summary).filter((u) => u !== auth.uId),
          { chatId: chat.id, chat: summary, message: note },
        );
      this.emit('updateChatCount', chat.eId, queueOf(chat), { chatId: chat.id });
      return chat;
    } catch (err) {
      if (err instanceof ApiError) {
        const failed: ChatSocketEvent = err.message === NO_CHATS_TEXT[type] && type === 'new' ? 'noChatPicked' : 'agentPickupChatFailed';
        this.emit(failed, auth.eId, [auth.uId], { chatId: id, message: err.message });
      }
      throw err;
    }
  }

  /** Transfer, invite or assign: the chat waits for the named agent's answer (accepted through pickup, or declined). */
  async request(auth: AuthContext, id: string, kind: 'transfer' | 'invite' | 'assign', target: string): Promise<ChatSummary> {
    const failedEvent: ChatSocketEvent = kind === 'invite' ? 'inviteAgentFailed' : 'transferToAgentFailed';
    try {
      const chat = await this.change(auth, id, async (tx, chat, name) => {
        if (chat.state === ChatState.CLOSED) throw refuse(ChatMessages.closed);
        const supervisor = isSupervisor(auth);
        if (kind === 'assign') {
          if (!supervisor) throw ApiError.accessDenied();
        } else if (chat.agentId !== auth.uId && !supervisor) throw refuse(ChatMessages.notYours);
        if (kind !== 'assign' && chat.state !== ChatState.ONGOING && chat.state !== ChatState.SUSPEND) throw refuse(ChatMessages.notYours);
        if (target === auth.uId || target === chat.agentId || (kind === 'invite' && (await this.participantOf(tx, chat.id, target)))) {
          throw refuse('That agent is already in this chat');
        }
        const [agent] = isUuid(target)
          ? await tx
              .select({ name: users.name, roles: users.roles, state: users.state })
              .from(users)
              .where(and(eq(users.eId, auth.eId), eq(users.id, target)))
          : [];
        if (!agent || agent.state !== 1 || !(await permissionsOfUserRoles(tx, auth.eId, agent.roles, NO_FLAGS)).includes('CHAT.HANDLE')) {
          throw refuse(ChatMessages.agentUnavailable);
        }
        // The monitor offers the department's agents; the server holds to the same rule.
        if (kind === 'assign' && !(await servesQueue(tx, chat, target))) throw refuse(ChatMessages.notInDepartment);
        const words = { transfer: 'transfer the chat to', invite: 'invited', assign: 'assigned the chat to' }[kind];
        const note = await this.record(
          tx,
          chat,
          kind === 'invite' ? ChatAction.INVITED : ChatAction.TRANSFERRED,
          auth.uId,
          name,
          `${name} ${kind === 'transfer' ? 'asked to ' : ''}${words} ${agent.name}`,
        );
        const [row] = await tx.update(chats).set({ pendingType: kind, pendingTo: target, pendingBy: auth.uId }).where(eq(chats.id, chat.id)).returning();
        return { row: row!, note };
      });
      const summary = await this.summary(chat.row);
      const waiting = { transfer: 'waitingTransferAccept', invite: 'waitingInviteAccept', assign: 'waitingAssignAccept' } as const;
      this.emit(waiting[kind], chat.row.eId, [target], { chatId: chat.row.id, chat: summary, message: chat.note });
      this.emit(
        kind === 'invite' ? 'inviteAgent' : 'transferToAgent',
        chat.row.eId,
        peopleOf(summary).filter((u) => u !== target),
        { chatId: chat.row.id, chat: summary, message: chat.note },
      );
      void this.events.monitorChanged(chat.row.eId, chat.row.id);
      return this.summary(chat.row, auth.uId);
    } catch (err) {
      if (err instanceof ApiError) this.emit(failedEvent, auth.eId, [auth.uId], { chatId: id, message: err.message });
      throw err;
    }
  }

  async decline(auth: AuthContext, id: string): Promise<ChatSummary> {
    let by: string | null = null;
    let kind: string | null = null;
    const chat = await this.change(auth, id, async (tx, chat, name) => {
      if (chat.pendingTo !== auth.uId) throw refuse(ChatMessages.noPending);
      by = chat.pendingBy;
      kind = chat.pendingType;
      await this.record(tx, chat, ChatAction.ERROR, auth.uId, name, `${name} declined the ${kind === 'invite' ? 'invitation' : kind}`);
      const [row] = await tx.update(chats).set({ pendingType: null, pendingTo: null, pendingBy: null }).where(eq(chats.id, chat.id)).returning();
      return row!;
    });
    const summary = await this.summary(chat);
    if (by)
      this.emit(kind === 'invite' ? 'inviteAgentFailed' : 'transferToAgentFailed', chat.eId, [by], {
        chatId: chat.id,
        chat: summary,
        message: `The ${kind === 'invite' ? 'invitation' : kind} was declined`,
      });
    this.emit('updateChatCount', chat.eId, [auth.uId], { chatId: chat.id });
    void this.events.monitorChanged(chat.eId, chat.id);
    return this.summary(chat, auth.uId);
  }

  async leave(auth: AuthContext, id: string): Promise<ChatSummary> {
    const { row, note } = await this.change(auth, id, async (tx, chat, name) => {
      if (chat.agentId === auth.uId) throw refuse('The handling agent transfers or closes the chat instead of leaving it');
      const left = await tx
        .update(chatParticipants)
        .set({ leftAt: new Date() })
        .where(and(eq(chatParticipants.chatId, chat.id), eq(chatParticipants.uId, auth.uId), isNull(chatParticipants.leftAt)))
        .returning();
      if (!left.length) throw refuse(ChatMessages.notYours);
      return { row: chat, note: await this.record(tx, chat, ChatAction.AGENT_LEFT, auth.uId, name, `${name} left the chat`) };
    });
    const summary = await this.summary(row);
    this.emit('youLeft', row.eId, [auth.uId], { chatId: row.id, message: ChatMessages.youLeft });
    this.emit('agentLeave', row.eId, peopleOf(summary), { chatId: row.id, chat: summary, message: note });
    return this.summary(row, auth.uId);
  }

  async close(auth: AuthContext, id: string, feedback: string | undefined): Promise<ChatSummary> {
    const { row, note, people } = await this.change(auth, id, async (tx, chat, name) => {
      if (chat.state === ChatState.CLOSED) throw refuse(ChatMessages.closed);
      if (chat.agentId !== auth.uId && !isSupervisor(auth)) throw refuse(ChatMessages.notYours);
      const before = await this.summary(chat, '', tx);
      const note = await this.record(tx, chat, ChatAction.AGENT_CLOSED, auth.uId, name, `${name} closed the chat`);
      const [row] = await tx
        .update(chats)
        .set({
          state: ChatState.CLOSED,
          closedAt: new Date(),
          feedback: feedback?.trim() || null,
          pendingType: null,
          pendingTo: null,
          pendingBy: null,
          botActive: false,
        })
        .where(eq(chats.id, chat.id))
        .returning();
      await tx
        .update(chatParticipants)
        .set({ leftAt: new Date() })
        .where(and(eq(chatParticipants.chatId, chat.id), isNull(chatParticipants.leftAt)));
      return { row: row!, note, people: peopleOf(before) };
    });
    const summary = await this.summary(row);
    this.emit('agentEndChat', row.eId, people.length ? people : [auth.uId], { chatId: row.id, chat: summary, message: note });
    this.emit('updateChatCount', row.eId, queueOf(row), { chatId: row.id });
    return this.summary(row, auth.uId);
  }

  /** Suspend, resume, pin, unpin, tags and note: small changes by the chat's own people (or a supervisor). */
  async update(auth: AuthContext, id: string, what: 'suspend' | 'resume' | 'pin' | 'unpin' | { tags: string[]; note: string }): Promise<ChatSummary> {
    const row = await this.change(auth, id, async (tx, chat) => {
      const mine = chat.agentId === auth.uId || (await this.participantOf(tx, chat.id, auth.uId)) || isSupervisor(auth);
      if (!mine) throw refuse(ChatMessages.notYours);
      if (chat.state === ChatState.CLOSED && (what === 'suspend' || what === 'resume')) throw refuse(ChatMessages.closed);
      if (what === 'suspend' && chat.state !== ChatState.ONGOING) throw refuse('Only an ongoing chat can be suspended');
      if (what === 'resume' && chat.state !== ChatState.SUSPEND) throw refuse('Only a suspended chat can be resumed');
      const set =
        what === 'suspend'
          ? { state: ChatState.SUSPEND }
          : what === 'resume'
            ? { state: ChatState.ONGOING }
            : what === 'pin' || what === 'unpin'
              ? { pinned: what === 'pin' }
              : { tags: [...new Set(what.tags)], note: what.note };
      const [row] = await tx.update(chats).set(set).where(eq(chats.id, chat.id)).returning();
      return row!;
    });
    const summary = await this.summary(row);
    this.emit('systemMessage', row.eId, peopleOf(summary), { chatId: row.id, chat: summary });
    return this.summary(row, auth.uId);
  }

  /** Read receipts: the customer messages an agent of the chat has seen (4.5 chatMessageStatus, from 1, state 2). */
  async markRead(auth: AuthContext, id: string, actionIds: number[]): Promise<{ updated: number; newestVendorId: string | null }> {
    if (!isUuid(id)) throw ApiError.notFound(ChatMessages.notFound);
    const ids = actionIds.filter((n) => Number.isSafeInteger(n));
    const updated = await this.db
      .update(chatMessages)
      .set({ seen: true })
      .where(
        and(
          eq(chatMessages.chatId, id),
          eq(chatMessages.eId, auth.eId),
          eq(chatMessages.seen, false),
          ids.length ? sql`${chatMessages.actionId} = any(${sql.param(ids)}::bigint[])` : undefined,
          sql`${chatMessages.actionType} in (${ChatAction.CUSTOMER_START}, ${ChatAction.CUSTOMER_REPLY})`,
          sql`exists (select 1 from chats c where c.id = ${id} and c.e_id = ${auth.eId} and (c.agent_id = ${auth.uId}
            or exists (select 1 from chat_participants p where p.chat_id = c.id and p.u_id = ${auth.uId} and p.left_at is null)))`,
        ),
      )
      .returning({ actionId: chatMessages.actionId, vendorMessageId: chatMessages.vendorMessageId });
    const newest = updated.filter((r) => r.vendorMessageId).sort((a, b) => b.actionId - a.actionId)[0];
    return { updated: updated.length, newestVendorId: newest?.vendorMessageId ?? null };
  }
}
