import '@parley/sdk/strict-csp';
import { ParleyCustomerPicker } from './parley-customer-picker.js';

if (!customElements.get('parley-customer-picker')) customElements.define('parley-customer-picker', ParleyCustomerPicker);

declare global {
  interface HTMLElementTagNameMap {
    'parley-customer-picker': HTMLElement & { apiBase?: string; token?: string; segmentId?: string; open: boolean };
  }
}
