import { ParleyLiveChat } from './parley-live-chat.js';

if (!customElements.get('parley-live-chat')) customElements.define('parley-live-chat', ParleyLiveChat);

declare global {
  interface HTMLElementTagNameMap {
    'parley-live-chat': HTMLElement & { apiBase?: string; token?: string; chatId?: string };
  }
}
