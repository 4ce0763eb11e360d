/**
 * PostgreSQL's COPY text format (one row a line, tab between columns, `\N` for null). The import sends its rows this
 * way: the server reads COPY about three times faster than the same rows as JSON, which was a third of its work per row.
 */
const SPECIAL = /[\\\t\n\r]/;
const ESCAPED: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

export function copyField(value: string | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  return SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPED[c]!) : value;
}

export function copyLine(values: readonly (string | null | undefined)[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) line += (i ? '\t' : '') + copyField(values[i]);
  return line + '\n';
}
