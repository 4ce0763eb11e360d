import '@parley/sdk/strict-csp';
import { ParleyBroadcastSender } from './parley-broadcast-sender.js';

if (!customElements.get('parley-broadcast-sender')) customElements.define('parley-broadcast-sender', ParleyBroadcastSender);

declare global {
  interface HTMLElementTagNameMap {
    'parley-broadcast-sender': HTMLElement & {
      apiBase?: string;
      token?: string;
      mode?: string;
      broadcastId?: string;
      channelId?: string;
      templateId?: string;
      phoneNumber?: string;
      resourceType?: string;
      resourceId?: string;
    };
  }
}
