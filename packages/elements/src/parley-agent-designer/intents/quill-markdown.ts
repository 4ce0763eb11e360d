/** The subset of a Quill Delta the response editor produces (agent-designer 2: its toolbar's formats only). */
export interface DeltaOp {
  insert?: unknown;
  attributes?: { bold?: boolean; italic?: boolean; underline?: boolean; strike?: boolean; list?: string; link?: string };
}

const escapeText = (text: string) => text.replace(/([\\`*_~[\]])/g, '\\$1').replace(/\+\+/g, '\\+\\+');

function inline(text: string, a: DeltaOp['attributes'] = {}): string {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(text);
  const [, lead = '', core = '', trail = ''] = match ?? [];
  if (!core) return text;
  let out = escapeText(core);
  if (a.link && /^(https?:|mailto:|tel:)/i.test(a.link)) out = `[${out}](${a.link.replace(/[()\s]/g, encodeURIComponent)})`;
  if (a.strike) out = `~~${out}~~`;
  if (a.underline) out = `++${out}++`;
  if (a.italic) out = `*${out}*`;
  if (a.bold) out = `**${out}**`;
  return `${lead}${out}${trail}`;
}

/**
 * Quill's document as markdown, the form responses are stored in (agent-designer 2): bold, italic, underline
 * (`++x++`), strikethrough, links and ordered/bullet lists. Lines of one paragraph keep their breaks.
 */
export function deltaToMarkdown(ops: DeltaOp[]): string {
  const lines: { text: string; list?: string }[] = [];
  let current = '';
  for (const op of ops) {
    if (typeof op.insert !== 'string') continue;
    const parts = op.insert.split('\n');
    parts.forEach((part, i) => {
      if (i > 0) {
        // A newline's own attributes are its line's format.
        lines.push({ text: current, list: parts.length - 1 === i && part === '' ? op.attributes?.list : undefined });
        current = '';
      }
      if (part) current += inline(part, op.attributes);
    });
  }
  if (current) lines.push({ text: current });

  const blocks: string[] = [];
  let block: string[] = [];
  let kind: string | undefined;
  let n = 0;
  const flush = () => {
    if (block.length) blocks.push(block.join('\n'));
    block = [];
  };
  for (const line of lines) {
    const lineKind = line.list === 'ordered' || line.list === 'bullet' ? line.list : line.text.trim() ? 'text' : 'blank';
    if (lineKind !== kind) {
      flush();
      kind = lineKind;
      n = 0;
    }
    if (lineKind === 'blank') continue;
    if (lineKind === 'ordered') block.push(`${++n}. ${line.text}`);
    else if (lineKind === 'bullet') block.push(`- ${line.text}`);
    else block.push(line.text);
  }
  flush();
  return blocks.join('\n\n').trim();
}
