import { ParleyTryIt } from './parley-try-it.js';

if (!customElements.get('parley-try-it')) customElements.define('parley-try-it', ParleyTryIt);

declare global {
  interface HTMLElementTagNameMap {
    'parley-try-it': ParleyTryIt;
  }
}
