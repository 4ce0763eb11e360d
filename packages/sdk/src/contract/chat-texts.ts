/**
 * Live chat's enumerations, texts, limits and socket event names without zod, so screens (<parley-live-chat>) show
 * and decide with them without loading the contract's schemas; chats.ts re-exports them for the server.
 */

/** Chat state (spec 3). */
export const ChatState = { CREATED: 0, STARTED: 1, ONGOING: 2, CLOSED: 3, MISSED: 4, SUSPEND: 5 } as const;
/** Chat action (spec 3): also a message's `actionType`. */
export const ChatAction = {
  CUSTOMER_START: 0,
  CUSTOMER_REPLY: 1,
  AGENT_PICKED: 2,
  AGENT_REPLY: 3,
  TRANSFERRED: 4,
  INVITED: 5,
  ACCEPTED_INVITE: 6,
  CUSTOMER_RATING: 7,
  AGENT_CLOSED: 8,
  AGENT_LEFT: 9,
  MISSED: 10,
  /** Not in the spec's list (11 is unused there): the bot's own turns, shown marked in the thread. */
  BOT_REPLY: 11,
  ERROR: 12,
} as const;
/** Message status (spec 3); null while a message is only sent. */
export const ChatMessageStatus = { DELIVERED: 1, READ: 2, FAILED: 3 } as const;
export const MissedReason = { OUT_OF_HOURS: 0, TIMED_OUT: 1 } as const;
/** Agent availability (get_agent_status / update_agent_status). */
export const AgentStatus = { OFFLINE: 0, ONLINE: 1, AWAY: 2 } as const;

/** Which queue of the notification widget a chat is in, for the caller (spec 2.11). */
export const CHAT_BUCKETS = ['new', 'mine', 'transferred', 'invited', 'assigned', 'missed', 'suspended', 'others'] as const;
export type ChatBucket = (typeof CHAT_BUCKETS)[number];
/** The spec's pickup actions (4.4), by bucket. */
export const PICKUP_ACTIONS = {
  new: 'agentPickupChat',
  transferred: 'acceptTransfer',
  invited: 'acceptInvite',
  assigned: 'acceptAssign',
  missed: 'agentMissedChatPickup',
} as const;
export type PickupBucket = keyof typeof PICKUP_ACTIONS;

/** Section 8's texts. */
export const ChatMessages = {
  noNew: 'No New Chats to Accept!',
  noTransferred: 'No Transferred Chats to Accept!',
  noInvited: 'No Invited Chats to Accept!',
  noMissed: 'No missed chats to Accept!',
  noAssigned: 'No Assigned Chats to Accept!',
  youTransferred: 'You transferred the chat!',
  youLeft: 'You left the chat!',
  pickedByOther: 'This chat was picked up by another agent',
  otherQueue: "This chat waits in another department's queue",
  oldestFirst: 'Please pick up the chat that has waited longest first',
  notFound: 'Chat not found',
  closed: 'This chat is closed',
  notYours: 'You do not take part in this chat',
  emptyReply: 'Type a message to send',
  jitRequired: "The customer's 24-hour window has closed: send an approved template to reopen the conversation",
  agentUnavailable: 'That agent is not available for chats',
  // Not in the spec: a supervisor assigns within the chat's department; an agent holds at most their maxChats.
  notInDepartment: "That agent does not serve this chat's department",
  atMaxChats: (max: number) => `You already hold ${max} ${max === 1 ? 'chat' : 'chats'}, the most you may hold at once: close one first`,
  noPending: 'Nothing is waiting for your answer in this chat',
  transcriptSent: 'Transcript sent',
  invalidEmail: 'Please enter a valid email address',
} as const;

export const NO_CHATS_TEXT: Record<PickupBucket, string> = {
  new: ChatMessages.noNew,
  transferred: ChatMessages.noTransferred,
  invited: ChatMessages.noInvited,
  assigned: ChatMessages.noAssigned,
  missed: ChatMessages.noMissed,
};

export const MAX_REPLY_CHARS = 4096;

/** What a chat's tags, note, closing feedback and transcript address may hold. */
export const ChatLimits = { tags: 20, tagChars: 40, noteChars: 2000, feedbackChars: 1000, emailChars: 200 } as const;

/** What `bucketOf` reads of a chat (ChatSummary in chats.ts has these fields). */
export interface BucketFields {
  state: number;
  pendingTo: string | null;
  pendingType: string | null;
  handlingAgent: string | null;
  participants: { uId: string }[];
}

const PENDING_BUCKET: Record<string, ChatBucket> = { transfer: 'transferred', invite: 'invited', assign: 'assigned' };

/** Where a chat sits for one user: what waits for their answer first, then theirs, then the queue. */
export function bucketOf(chat: BucketFields, uId: string): ChatBucket {
  if (chat.pendingTo === uId && chat.pendingType) return PENDING_BUCKET[chat.pendingType] ?? 'others';
  if (chat.handlingAgent === uId || chat.participants.some((p) => p.uId === uId)) return chat.state === ChatState.SUSPEND ? 'suspended' : 'mine';
  if (chat.state === ChatState.STARTED) return 'new';
  if (chat.state === ChatState.MISSED) return 'missed';
  return 'others';
}

/** Socket events the server sends (4.5), by name; `data.chat` is a ChatSummary, `data.message` a ChatMessage. */
export const CHAT_SOCKET_EVENTS = [
  'customerStartChat',
  'waitingInviteAccept',
  'waitingTransferAccept',
  'waitingAssignAccept',
  'agentPickupChat',
  'youAcceptedInvite',
  'youAcceptedTransfer',
  'youAcceptedAssign',
  'inviteAgent',
  'transferToAgent',
  'acceptInvite',
  'customerReplyChat',
  'agentReplyChat',
  'agentLeave',
  'youTransferredToAgent',
  'youLeft',
  'agentEndChat',
  'inviteAgentFailed',
  'transferToAgentFailed',
  'agentPickupChatFailed',
  'noChatPicked',
  'chatMessageStatus',
  'chatTyping',
  'systemMessage',
  'updateChatCount',
  'chatMissed',
] as const;
export type ChatSocketEvent = (typeof CHAT_SOCKET_EVENTS)[number];
