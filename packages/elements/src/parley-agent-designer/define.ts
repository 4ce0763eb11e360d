import '@parley/sdk/strict-csp';
import { ParleyAgentDesigner } from './parley-agent-designer.js';

if (!customElements.get('parley-agent-designer')) customElements.define('parley-agent-designer', ParleyAgentDesigner);

declare global {
  interface HTMLElementTagNameMap {
    'parley-agent-designer': HTMLElement & { apiBase?: string; token?: string; agentId?: string; view?: string; basePath?: string; analyticsUrl?: string };
  }
}
