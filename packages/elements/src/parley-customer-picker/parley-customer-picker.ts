import r2wc from '@r2wc/react-to-web-component';
import { CustomerPicker } from './CustomerPicker.js';

// `open` is not an r2wc prop: r2wc cannot express an HTML boolean attribute, so the class below owns it.
const ReactElement = r2wc(CustomerPicker, {
  props: { apiBase: 'string', token: 'string', segmentId: 'string' },
});

/**
 * The customer picker (customer-master 2, 3 and 9): a modal titled "Customer's List" with a search box, 15 customers
 * a page with a checkbox each and one for the whole page, Previous/Next, and No/Yes. Ticks are kept across pages and
 * searches until the modal closes. React Spectrum in light DOM; the modal portals to the document body.
 *
 * @tag parley-customer-picker
 * @summary Choose customers of the customer master, e.g. for a broadcast's mobile numbers.
 *
 * @attr {string} api-base - The API base, `/api` in the console or `https://parley.example.com/api` on a partner page.
 * @attr {string} token - The signed-in user's session token (the user needs CUSTOMER.VIEW; without it the server's refusal shows in place of the list).
 * @attr {boolean} open - The modal shows while this attribute is present; the picker removes it when it closes.
 * @attr {string} segment-id - Lists only the customers of this segment (tag).
 *
 * @fires {CustomEvent<CustomersSelectedDetail>} parley-customers-selected - Yes was pressed: `detail.customers` holds `{ name, phoneNumber }` of every ticked customer. The modal then closes.
 * @fires {CustomEvent<PickerCloseDetail>} parley-close - The modal was dismissed without a choice (No or Escape).
 *
 * @cssprop --parley-primary - Tint of hovered and ticked rows.
 * @cssprop --parley-surface-muted - Background of the table header.
 * @cssprop --parley-border - Lines around the table and between rows.
 * @cssprop --parley-text - Text colour.
 * @cssprop --parley-muted - Column headings, the page number and the empty-list text.
 * @cssprop --parley-danger - The server's refusal shown in place of the list.
 * @cssprop --parley-radius - Corner radius of the table and the refusal.
 * @cssprop --parley-font-family - Text font.
 */
export class ParleyCustomerPicker extends ReactElement {
  constructor() {
    super();
    // A framework may set `open` before the tag is defined; that own value would hide the accessor below.
    const early = Object.getOwnPropertyDescriptor(this, 'open');
    if (early) {
      delete (this as { open?: unknown }).open;
      this.open = Boolean(early.value);
    }
  }

  /** Mirrors the `open` attribute: setting it true shows the modal, false closes it without an event. */
  get open(): boolean {
    return (this as unknown as HTMLElement).hasAttribute('open');
  }

  set open(value: boolean) {
    (this as unknown as HTMLElement).toggleAttribute('open', Boolean(value));
  }
}
export type { CustomersSelectedDetail, PickedCustomer, PickerCloseDetail } from './events.js';
