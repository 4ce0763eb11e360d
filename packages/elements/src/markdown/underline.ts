/**
 * Markdown has no underline, but the response editor offers one (agent-designer 2). It is stored as `++text++`, the
 * markdown-it "ins" convention, so the text stays readable as plain markdown everywhere else.
 */
export const UNDERLINE = /\+\+(?=\S)([\s\S]*?\S)\+\+/;
