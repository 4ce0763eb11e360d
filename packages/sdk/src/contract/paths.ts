/** Paths that are not endpoints of a contract group (a file, not an envelope), kept apart from the zod schemas. */
export const CONVERSATIONS_CSV_PATH = 'nlp/download/conversations/csv';
