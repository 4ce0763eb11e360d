import r2wc from '@r2wc/react-to-web-component';
import { CustomerMaster } from './CustomerMaster.js';

const ReactElement = r2wc(CustomerMaster, {
  props: { apiBase: 'string', token: 'string', view: 'string', basePath: 'string' },
});

/**
 * The customer master (customer-master spec sections 2-9): customers with their segments and groups, the customer
 * form, the attribute definitions, CSV uploads with column mapping and live progress, and each upload's error list.
 * React Spectrum in light DOM (its overlays portal to the document body, which a shadow root would break).
 *
 * @tag parley-customer-master
 * @summary Customers, segments, attribute definitions and CSV uploads.
 *
 * @attr {string} api-base - The API base, `/api` in the console or `https://parley.example.com/api` on a partner page.
 * @attr {string} token - The signed-in user's session token.
 * @attr {string} view - The spec path to show: `customers`, `customers/view/{id}`, `definition`, `uploads`, `uploadfile/{segmentId}`, `error/{uploadId}`.
 * @attr {string} base-path - On a plain page, where the element lives: navigation then updates the address bar.
 *
 * @fires {CustomEvent<NavigateDetail>} parley-navigate - The element moves to another screen; cancel it to route yourself and set `view`.
 *
 * @cssprop --parley-primary - Accent colour of buttons, links, the selected segment and the upload progress.
 * @cssprop --parley-surface-muted - Background of the Segments panel and table headers.
 * @cssprop --parley-border - Lines between rows and around panels.
 * @cssprop --parley-radius - Corner radius of panels and cards.
 * @cssprop --parley-font-family - Text font.
 * @cssprop --parley-surface - Background of tables and of the customer form's sections.
 * @cssprop --parley-primary-contrast - Text on the selected segment.
 * @cssprop --parley-danger - The server errors listed above the customer form.
 * @cssprop --parley-text - Text colour.
 * @cssprop --parley-muted - Hints, column headings and empty texts.
 * @cssprop --parley-success - Finished uploads; --parley-warning uploads in progress.
 * @cssprop --parley-border-strong - The dashed outline of the upload drop area.
 * @cssprop --parley-backdrop - Behind the attribute drawer and the map dialog.
 * @cssprop --parley-shadow-small - Cards at rest; --parley-shadow-drawer the attribute drawer.
 */
export class ParleyCustomerMaster extends ReactElement {}
export type { NavigateDetail } from './events.js';
