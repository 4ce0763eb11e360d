import r2wc from '@r2wc/react-to-web-component';
import { LiveChat } from './LiveChat.js';

const ReactElement = r2wc(LiveChat, {
  props: { apiBase: 'string', token: 'string', chatId: 'string' },
});

/**
 * The agents' live-chat inbox (platform-shell 2.11, 4.4-4.6, 7.3): chats by section (new, mine, transferred, invited,
 * assigned, missed) with search, pins and unread counts; the thread with delivery ticks, media, typing and read
 * receipts; the reply box with pickup, decline and the just-in-time template; the customer panel; transfer, invite,
 * close, suspend, tags, transcript and leave. Live over the realtime socket, refetched after a reconnect.
 * React Spectrum in light DOM (its overlays portal to the document body, which a shadow root would break), so the
 * parts below are `part` attributes to select as `parley-live-chat [part~="list"]`: `::part()` needs a shadow root.
 *
 * @tag parley-live-chat
 * @summary The agent's inbox: chat list, thread, reply box and customer panel.
 *
 * @attr {string} api-base - The API base, `/api` in the console or `https://parley.example.com/api` on a partner page.
 * @attr {string} token - The signed-in user's session token (needs CHAT.HANDLE).
 * @attr {string} chat-id - A chat to open, such as one a notification pointed at.
 * @attr {string} lang - The language times and Spectrum's own texts follow; else the nearest `lang` up the page, else the browser's.
 *
 * @fires {CustomEvent<OpenCustomerDetail>} parley-open-customer - The agent asked to see the chat's customer: `detail.customerId`.
 * @fires {CustomEvent<ChatOpenedDetail>} parley-chat-opened - A chat is now open: `detail.chatId` (keep it in the URL).
 * @fires {CustomEvent<ChatCountDetail>} parley-count - The live-chat counts (newChatCount, transferredChatCount, invitedChatCount, missedChatCount, assginedChatCount, totalChatCount) after every change.
 * @fires {CustomEvent<SendTemplateDetail>} parley-send-template - A just-in-time chat needs a template and `<parley-broadcast-sender>` is not defined on the page: `{chatId, channelId, customerNumber}`.
 *
 * @cssprop --parley-primary - Selected section and row, our bubbles' tint, buttons and focus rings.
 * @cssprop --parley-primary-contrast - Text on the selected section.
 * @cssprop --parley-surface - Background of the list rows, bubbles, header and reply box.
 * @cssprop --parley-surface-muted - Background of the list and the thread.
 * @cssprop --parley-border - Lines between the columns, rows and bubbles.
 * @cssprop --parley-text - Text colour.
 * @cssprop --parley-muted - Times, channels, last messages and system lines.
 * @cssprop --parley-danger - Failed messages and the unread count of a section.
 * @cssprop --parley-success - Unread badges of the rows.
 * @cssprop --parley-warning - The just-in-time and reconnecting banners.
 * @cssprop --parley-radius - Corner radius of the inbox.
 * @cssprop --parley-font-family - Text font.
 * @cssprop --parley-info - The read receipt's ticks.
 * @cssprop --parley-warning-text - Text of the just-in-time banner.
 * @cssprop --parley-text-inverse - Text on the unread counts.
 * @cssprop --parley-preview-chat - The template preview's chat background; the other --parley-preview-* tokens its
 *   bubbles, text, links and media.
 */
export class ParleyLiveChat extends ReactElement {}
export type { ChatCountDetail, ChatOpenedDetail, OpenCustomerDetail, SendTemplateDetail } from './events.js';
