import type { FastifyInstance } from 'fastify';
import { chatMonitorApi } from '@parley/sdk/contract/chat-monitor';
import { ChatMessages, chatsApi } from '@parley/sdk/contract/chats';
import { webChatApi } from '@parley/sdk/contract/web-chat';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import type { Mailer } from '../../mail/mailer.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { page, reply } from '../../http/reply.js';
import { API_PREFIX, authorize, defineRoute, routeTable } from '../../http/route.js';
import { mediaKey } from './media.js';
import { monitorFor } from './monitor.js';
import { messagesOf } from './queries.js';
import { chatAgents, chatDetail, countsFor, customerPanel, historyFor, loadChat, notificationsFor, summaryFor } from './reads.js';
import type { ChatService } from './service.js';
import type { WebChat } from './web-chat.js';

const HANDLE = ['CHAT.HANDLE'] as const;
const READ = ['CHAT.HANDLE', 'CHAT.VIEW_CHATHISTORY', 'CHAT.VIEW_MONITOR'] as const;
const HISTORY = ['CHAT.VIEW_CHATHISTORY', 'CHAT.VIEW_MONITOR'] as const;

/** Live chat's calls (platform-shell 7.3); the socket's client messages (typing, read receipts) are `socketMessage`. */
export function chatRoutes(app: FastifyInstance, service: ChatService, mailer: Mailer, web: WebChat) {
  const { db } = service.deps;
  const { actions, replies } = service;

  // The customer's side of a web chat, for an embed key of scope `chat` (which grants CHAT.HANDLE for these alone).
  defineRoute(app, webChatApi.start, HANDLE, async (input, { auth }) => web.start(auth, input));
  defineRoute(app, webChatApi.send, HANDLE, async (input, { auth }) => web.send(auth, input));
  defineRoute(app, webChatApi.poll, HANDLE, async (input, { auth }) => web.poll(auth, input));
  defineRoute(app, webChatApi.typing, HANDLE, async (input, { auth }) => web.typingFrom(auth, input));

  defineRoute(app, chatsApi.summary, HANDLE, async ({ scope }, { auth }) => summaryFor(db, auth, scope === 'all'));
  defineRoute(app, chatsApi.history, HISTORY, async (q, { auth }) => {
    const { rows, more } = await historyFor(
      db,
      auth,
      {
        customer: q.customer,
        agentId: q.agentId,
        channelId: q.channelId,
        fromDate: q.fromDate ? new Date(q.fromDate) : undefined,
        toDate: q.toDate ? new Date(q.toDate) : undefined,
      },
      q.from,
      q.perPage,
    );
    return page(rows, more);
  });
  defineRoute(app, chatsApi.count, HANDLE, async (_input, { auth }) => countsFor(db, auth));
  defineRoute(app, chatsApi.notifications, HANDLE, async ({ State }, { auth }) => notificationsFor(db, auth, State));
  defineRoute(app, chatsApi.get, READ, async ({ id }, { auth }) => chatDetail(db, auth, await loadChat(db, auth, id)));
  defineRoute(app, chatsApi.pickup, HANDLE, async ({ id, type }, { auth }) => chatDetail(db, auth, await actions.pickup(auth, id, type)));
  defineRoute(app, chatsApi.decline, HANDLE, async ({ id }, { auth }) => actions.decline(auth, id));
  defineRoute(app, chatsApi.reply, HANDLE, async ({ id, message, artifactId }, { auth }) => replies.reply(auth, id, message, artifactId));
  defineRoute(app, chatsApi.transfer, HANDLE, async ({ id, uId }, { auth }) => actions.request(auth, id, 'transfer', uId));
  defineRoute(app, chatsApi.invite, HANDLE, async ({ id, uId }, { auth }) => actions.request(auth, id, 'invite', uId));
  defineRoute(app, chatsApi.assign, ['CHAT.VIEW_MONITOR'], async ({ id, uId }, { auth }) => actions.request(auth, id, 'assign', uId));
  defineRoute(app, chatsApi.leave, HANDLE, async ({ id }, { auth }) => actions.leave(auth, id));
  defineRoute(app, chatsApi.close, HANDLE, async ({ id, feedback }, { auth }) => actions.close(auth, id, feedback));
  defineRoute(app, chatsApi.suspend, HANDLE, async ({ id }, { auth }) => actions.update(auth, id, 'suspend'));
  defineRoute(app, chatsApi.resume, HANDLE, async ({ id }, { auth }) => actions.update(auth, id, 'resume'));
  defineRoute(app, chatsApi.pin, HANDLE, async ({ id }, { auth }) => actions.update(auth, id, 'pin'));
  defineRoute(app, chatsApi.unpin, HANDLE, async ({ id }, { auth }) => actions.update(auth, id, 'unpin'));
  defineRoute(app, chatsApi.updateTag, HANDLE, async ({ id, tag, note }, { auth }) => actions.update(auth, id, { tags: tag, note }));
  defineRoute(app, chatsApi.read, HANDLE, async ({ id, actionIds }, { auth }) => ({ updated: await service.markRead(auth, id, actionIds) }));
  defineRoute(app, chatsApi.agentStatus, HANDLE, async (_input, { auth }) => {
    const [me] = await db.select({ agentStatus: users.agentStatus }).from(users).where(eq(users.id, auth.uId));
    return { agentStatus: me?.agentStatus ?? 0 };
  });
  defineRoute(app, chatsApi.updateAgentStatus, HANDLE, async ({ agentStatus }, { auth }) => {
    await db.update(users).set({ agentStatus }).where(eq(users.id, auth.uId));
    await service.deps.events.monitorChanged(auth.eId);
    return { agentStatus };
  });
  defineRoute(app, chatsApi.agents, HANDLE, async (q, { auth }) => {
    const { rows, more } = await chatAgents(db, auth.eId, q);
    return page(rows, more);
  });
  defineRoute(app, chatMonitorApi.get, ['CHAT.VIEW_MONITOR'], async (_input, { auth }) => monitorFor(db, auth.eId));
  defineRoute(app, chatsApi.customerDetails, READ, async ({ data }, { auth }) => customerPanel(db, auth, await loadChat(db, auth, data.chatId)));
  defineRoute(app, chatsApi.sendTranscript, READ, async ({ chatId, emailId }, { auth }) => {
    const chat = await loadChat(db, auth, chatId);
    const lines = (await messagesOf(db, chat.id)).map(
      (m) => `[${m.actedOn.toISOString().replace('T', ' ').slice(0, 19)} UTC] ${m.userName || m.actionBy}: ${m.message || m.kind}`,
    );
    await mailer.send({ eId: auth.eId, to: emailId, subject: `Chat transcript: ${chat.customerName || chat.customerNumber}`, text: lines.join('\n') });
    return reply({ sent: true }, ChatMessages.transcriptSent);
  });

  // Media a customer sent, kept in our storage: served to those who may read the chat, never inline-executable.
  const mediaUrl = `${API_PREFIX}/e/enterprise/chat/:id/media/:actionId`;
  routeTable.push({ method: 'GET', url: mediaUrl, access: READ });
  app.get<{ Params: { id: string; actionId: string } }>(mediaUrl, async (request, res) => {
    const auth = authorize(request, READ) as AuthContext;
    const chat = await loadChat(db, auth, request.params.id);
    const message = (await messagesOf(db, chat.id)).find((m) => String(m.actionId) === request.params.actionId);
    const mime = typeof message?.attachment?.mimeType === 'string' ? message.attachment.mimeType : 'application/octet-stream';
    if (!message?.attachment?.url) throw ApiError.notFound('File not found');
    const inline = /^image\/(png|jpeg|webp|gif)$/.test(mime);
    return res
      .header('content-type', inline ? mime : 'application/octet-stream')
      .header('content-disposition', inline ? 'inline' : 'attachment')
      .header('cache-control', 'private, max-age=3600')
      .send(service.deps.files.read(mediaKey(chat.eId, message.actionId)));
  });
}

/** Typing and read receipts from an agent's socket (4.5): `chatTyping` {chatId}, `chatMessageStatus` {chatId, actionIds, state 2}. */
export function chatSocketMessages(service: ChatService) {
  return async (auth: AuthContext, message: { type: string; data?: unknown }) => {
    const data = (message.data ?? {}) as { chatId?: unknown; actionIds?: unknown; state?: unknown };
    if (typeof data.chatId !== 'string' || !auth.permissions.has('CHAT.HANDLE')) return;
    if (message.type === 'chatMessageStatus' && Number(data.state) === 2 && Array.isArray(data.actionIds)) {
      await service.markRead(auth, data.chatId, data.actionIds.map(Number));
    } else if (message.type === 'chatTyping') {
      const chat = await loadChat(service.deps.db, auth, data.chatId).catch(() => null);
      if (!chat) return;
      const [me] = await service.deps.db.select({ name: users.name }).from(users).where(eq(users.id, auth.uId));
      // Published even when no other agent is in the chat: a web visitor's widget hears of it (web-chat.ts).
      const people = [chat.agentId].filter((u): u is string => Boolean(u) && u !== auth.uId);
      await service.deps.events.emit('chatTyping', auth.eId, { toUsers: people }, { chatId: chat.id, actor: 'agent', name: me?.name ?? '' });
    }
  };
}
