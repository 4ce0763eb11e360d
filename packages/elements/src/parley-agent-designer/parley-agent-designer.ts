import r2wc from '@r2wc/react-to-web-component';
import { AgentDesigner } from './AgentDesigner.js';

const ReactElement = r2wc(AgentDesigner, {
  props: { apiBase: 'string', token: 'string', agentId: 'string', view: 'string', basePath: 'string', analyticsUrl: 'string' },
});

/**
 * The agent designer (agent-designer spec section 2): agents list, agent details with stories and intents, entities,
 * model, gen-AI and prompt configuration, training and the Try-it panel. React Spectrum in light DOM (its overlays
 * portal to the document body, which a shadow root would break).
 *
 * @tag parley-agent-designer
 * @summary Build, train and try NLP and prompt agents.
 *
 * @attr {string} api-base - The API base, `/api` in the console or `https://parley.example.com/api` on a partner page.
 * @attr {string} token - The signed-in user's session token.
 * @attr {string} agent-id - Opens this agent instead of the agents list (when `view` is not given).
 * @attr {string} view - The spec path to show: `bots`, `bots/{id}/intents`, `bots/{id}/entity-list/create`, ...
 * @attr {string} analytics-url - The analytics page the Designer, Sentiment and Call Classification tabs frame (PARLEY_ANALYTICS_URL); without it they say it is not configured.
 * @attr {string} base-path - On a plain page, where the designer lives: navigation then updates the address bar.
 *
 * @fires {CustomEvent<NavigateDetail>} parley-navigate - The designer moves to another screen; cancel it to route yourself and set `view`.
 * @fires {CustomEvent<UnsavedChangesDetail>} parley-unsaved-changes - The open intent now has (or no longer has) unsaved changes.
 *
 * @cssprop --parley-primary - Accent colour of buttons, links and the training progress.
 * @cssprop --parley-surface-muted - Background of the three columns.
 * @cssprop --parley-border - Lines between columns and around cards.
 * @cssprop --parley-radius - Corner radius of cards and panels.
 * @cssprop --parley-font-family - Text font.
 * @cssprop --parley-text - Text colour.
 * @cssprop --parley-muted - Hints, dates and column headings.
 * @cssprop --parley-surface - Background of the cards, the header and the Try-it drawer.
 * @cssprop --parley-danger - Validation messages; --parley-danger-text where the message sits on a tint.
 * @cssprop --parley-warning-surface - The note in the Try-it drawer and pending badges; --parley-warning-text their text.
 * @cssprop --parley-highlight - An entity marked in a training phrase; --parley-highlight-border its underline.
 * @cssprop --parley-focus - Focus ring of the crawl report's details.
 * @cssprop --parley-backdrop - Behind the Try-it drawer.
 * @cssprop --parley-shadow-small - Cards at rest; --parley-shadow on hover; --parley-shadow-drawer the Try-it drawer.
 */
export class ParleyAgentDesigner extends ReactElement {}
export type { NavigateDetail, UnsavedChangesDetail } from './events.js';
