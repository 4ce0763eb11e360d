import r2wc from '@r2wc/react-to-web-component';
import { NlpReport } from './NlpReport.js';

const ReactElement = r2wc(NlpReport, {
  props: { apiBase: 'string', token: 'string', embedKey: 'string', agentId: 'string', agentName: 'string', days: 'number' },
});

/**
 * The conversation report of an NLP agent (agent-designer spec section 2, "NLP report screen"): a filter (agent,
 * start and end date-time), an Overview tab of figures and charts (Scope Trend, Scope, Active Users, Top Intents)
 * and a User Conversations tab of every message, 50 a page, with a CSV download. React Spectrum in light DOM (its
 * overlays portal to the document body, which a shadow root would break).
 *
 * @tag parley-nlp-report
 * @summary Conversation figures, charts and messages of an NLP agent.
 *
 * @attr {string} api-base - The API base, `/api` in the console or `https://parley.example.com/api` on a partner page.
 * @attr {string} token - The signed-in user's session token.
 * @attr {string} embed-key - A partner page's embed key with the `report` scope, instead of `token`: the report then shows the `agent-id` agent alone (a key never lists agents).
 * @attr {string} agent-name - With `embed-key`: the name Data Source shows for `agent-id`.
 * @attr {number} days - The period the report opens on: this many days back to now (default 7, at most 366).
 * @attr {string} agent-id - The agent to report on first (Data Source); by default the first agent.
 *
 * @fires {CustomEvent<ConversationOpenDetail>} parley-conversation-open - A message row of User Conversations was opened.
 *
 * @cssprop --parley-primary - Scoped bars, the Scope donut's scoped slice, the Active Users line and links.
 * @cssprop --parley-warning - Non-scoped bars and slice.
 * @cssprop --parley-surface - Background of the cards.
 * @cssprop --parley-surface-muted - Background behind the cards and of table headers.
 * @cssprop --parley-border - Lines around cards and between table rows.
 * @cssprop --parley-text - Text colour.
 * @cssprop --parley-muted - Axis labels, notes and captions.
 * @cssprop --parley-radius - Corner radius of cards.
 * @cssprop --parley-font-family - Text font.
 * @cssprop --parley-surface-inverse - Background of the charts' tooltip; --parley-text-inverse its text.
 * @cssprop --parley-success-text - A 'yes' pill; --parley-danger-text a 'no' pill.
 */
export class ParleyNlpReport extends ReactElement {}
export type { ConversationOpenDetail } from './events.js';
