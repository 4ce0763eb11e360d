/** Paths that are not endpoints of a contract group (a file, not an envelope), kept apart from the zod schemas. */
export const CONVERSATIONS_CSV_PATH = 'nlp/download/conversations/csv';
/** The sample CSV of the upload screen, built from the enterprise's current definitions (customer-master 2, 7). */
export const CUSTOMER_SAMPLE_CSV_PATH = 'customer/upload/sample';
/** Chat analytics per agent and department as CSV (`/chat/analytics` Export CSV). */
export const CHAT_ANALYTICS_CSV_PATH = 'e/enterprise/chat/analytics/csv';
