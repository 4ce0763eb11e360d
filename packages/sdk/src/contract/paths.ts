/** Paths that are not endpoints of a contract group (a file, not an envelope), kept apart from the zod schemas. */
export const CONVERSATIONS_CSV_PATH = 'nlp/download/conversations/csv';
/** The sample CSV of the upload screen, built from the enterprise's current definitions (customer-master 2, 7). */
export const CUSTOMER_SAMPLE_CSV_PATH = 'customer/upload/sample';
/** The audit trail as a CSV file, with the list's filters (issue 36 item 5). */
export const AUDIT_TRAIL_CSV_PATH = 'e/enterprise/audit_trail/csv';
/** The delivery report as a CSV file, with the report's filters (issue 36 item 6). */
export const DELIVERY_REPORT_CSV_PATH = 'chatbird/api/reports/messages/status/csv';
/** Chat analytics per agent and department as CSV (`/chat/analytics` Export CSV). */
export const CHAT_ANALYTICS_CSV_PATH = 'e/enterprise/chat/analytics/csv';
