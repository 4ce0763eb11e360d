import { ParleyCustomerMaster } from './parley-customer-master.js';

if (!customElements.get('parley-customer-master')) customElements.define('parley-customer-master', ParleyCustomerMaster);

declare global {
  interface HTMLElementTagNameMap {
    'parley-customer-master': HTMLElement & { apiBase?: string; token?: string; view?: string };
  }
}
