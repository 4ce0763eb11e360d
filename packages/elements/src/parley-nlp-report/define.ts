import { ParleyNlpReport } from './parley-nlp-report.js';

if (!customElements.get('parley-nlp-report')) customElements.define('parley-nlp-report', ParleyNlpReport);

declare global {
  interface HTMLElementTagNameMap {
    'parley-nlp-report': HTMLElement & { apiBase?: string; token?: string; agentId?: string };
  }
}
