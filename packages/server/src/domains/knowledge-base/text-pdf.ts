/**
 * A PDF of plain text pages (the demo's menu, the tests' documents): one standard font, one text object per page,
 * a correct cross-reference table, so any reader (pdf.js included) opens it. Latin-1 text only.
 */
export function textPdf(pages: { title?: string; lines: string[] }[], info: { title?: string } = {}): Uint8Array {
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\xff]/g, '?');
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) - 1;
  const catalog = add('');
  const pageTree = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const pageIds: number[] = [];
  for (const page of pages) {
    const ops = ['BT'];
    let y = 790;
    if (page.title) {
      ops.push(`/F2 18 Tf 56 ${y} Td (${escape(page.title)}) Tj`);
      y -= 34;
      ops.push(`0 -34 Td`);
    } else ops.push(`56 ${y} Td`);
    ops.push('/F1 12 Tf 16 TL');
    for (const line of page.lines) ops.push(`(${escape(line)}) Tj T*`);
    ops.push('ET');
    const stream = ops.join('\n');
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pageTree + 1} 0 R /MediaBox [0 0 595 842] /Contents ${content + 1} 0 R /Resources << /Font << /F1 ${font + 1} 0 R /F2 ${bold + 1} 0 R >> >> >>`,
      ),
    );
  }
  objects[catalog] = `<< /Type /Catalog /Pages ${pageTree + 1} 0 R >>`;
  objects[pageTree] = `<< /Type /Pages /Kids [${pageIds.map((i) => `${i + 1} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  const infoId = info.title ? add(`<< /Title (${escape(info.title)}) >>`) : -1;

  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog + 1} 0 R${infoId >= 0 ? ` /Info ${infoId + 1} 0 R` : ''} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}
