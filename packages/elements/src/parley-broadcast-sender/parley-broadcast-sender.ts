import r2wc from '@r2wc/react-to-web-component';
import { BroadcastSender } from './BroadcastSender.js';

const ReactElement = r2wc(BroadcastSender, {
  props: {
    apiBase: 'string',
    token: 'string',
    mode: 'string',
    broadcastId: 'string',
    channelId: 'string',
    templateId: 'string',
    phoneNumber: 'string',
    resourceType: 'string',
    resourceId: 'string',
  },
});

/**
 * The broadcast screen (broadcast spec 2, 4, 5, 8, 9): choose a WhatsApp channel (20 a page, search 300 ms) and an
 * APPROVED template; the template's media through `<parley-attachment-dialog>` (per card for a carousel); mobile
 * numbers typed or taken from `<parley-customer-picker>`; the variable mapping (constant, customer column, or an
 * expression for URL variables) beside a live preview; Send. In view mode the form shows a sent broadcast, disabled,
 * over its messages (From, To, Sent Date, Status) whose statuses move live; a row opens the message status dialog.
 * React Spectrum in light DOM; dialogs portal to the document body.
 *
 * @tag parley-broadcast-sender
 * @summary Send a WhatsApp template to many numbers, or view a sent broadcast and its delivery statuses.
 *
 * @attr {string} api-base - The API base, `/api` in the console or `https://parley.example.com/api` on a partner page.
 * @attr {string} token - The signed-in user's session token (sending needs CAMPAIGNS.CREATE; CHAT.HANDLE's chat-test send to a chat it handles arrives with live chat; viewing CAMPAIGNS.VIEW).
 * @attr {string} mode - `create` (default), `view` (needs `broadcast-id`), `campaign-test` or `chat-test`.
 * @attr {string} broadcast-id - The broadcast a `view` shows.
 * @attr {string} channel-id - campaign-test and chat-test: the channel, preset and locked.
 * @attr {string} template-id - campaign-test and chat-test: the template (its id or name), preset and locked with the channel.
 * @attr {string} phone-number - chat-test: the chat's number, preset and locked.
 * @attr {string} resource-type - `CAMPAIGN` or `CHAT`, sent with the broadcast (the test modes default to theirs).
 * @attr {string} resource-id - The campaign's or chat's id, sent with the broadcast.
 *
 * @fires {CustomEvent<BroadcastSentDetail>} parley-broadcast-sent - The server took the broadcast: `detail.id` is its id, `detail.message` the server's message (also shown in the element's toast). The form has reset; in create mode the host goes to the history.
 * @fires {CustomEvent<BroadcastCloseDetail>} parley-close - campaign-test and chat-test only: `{ reason: 'sent', id }` after sending, `{ reason: 'failed', message }` when the server refused it.
 *
 * @cssprop --parley-primary - Accent of the section titles, focused rows and the URL badge.
 * @cssprop --parley-surface - Background of the form's panels and the tables.
 * @cssprop --parley-surface-muted - Background of table headers and the media boxes.
 * @cssprop --parley-border - Lines around panels and between rows.
 * @cssprop --parley-text - Text colour.
 * @cssprop --parley-muted - Hints, empty texts and column headings.
 * @cssprop --parley-success-text - Delivered and read statuses, and a completed broadcast (on --parley-success-surface).
 * @cssprop --parley-warning-text - Queued and sending statuses (on --parley-warning-surface).
 * @cssprop --parley-danger-text - Failed statuses and a failed broadcast (on --parley-danger-surface).
 * @cssprop --parley-danger - Validation messages and the server's refusal.
 * @cssprop --parley-radius - Corner radius of panels and tables.
 * @cssprop --parley-font-family - Text font.
 * @cssprop --parley-preview-chat - The template preview's chat background; the other --parley-preview-* tokens its
 *   bubbles, text, links and media (WhatsApp's light theme by default).
 * @cssprop --parley-text-inverse - Text on the preview's play button.
 * @cssprop --parley-backdrop - Behind the side panels.
 */
export class ParleyBroadcastSender extends ReactElement {}
export type { BroadcastCloseDetail, BroadcastSentDetail, SenderMode } from './events.js';
