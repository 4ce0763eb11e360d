import type { Parley } from '../app.js';
import type { EnvelopeReply } from './harness.js';

export interface FilePart {
  /** Form field; the upload route reads `files`. */
  field?: string;
  name: string;
  content: string | Uint8Array;
  type?: string;
}

/** Posts a multipart form the way a browser's FormData does (the harness `call` only speaks form and JSON). */
export async function postMultipart<T = any>(
  parley: Parley,
  path: string,
  opts: { token?: string; fields?: Record<string, string>; files?: FilePart[] },
): Promise<EnvelopeReply<T>> {
  const form = new FormData();
  for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, v);
  for (const f of opts.files ?? []) form.append(f.field ?? 'files', new Blob([f.content], { type: f.type ?? 'application/pdf' }), f.name);
  const encoded = new Response(form);
  const res = await parley.app.inject({
    method: 'POST',
    url: `/api/${path.replace(/^\//, '')}`,
    headers: {
      'content-type': encoded.headers.get('content-type')!,
      ...(opts.token ? { 'authentication-token': opts.token } : {}),
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return { httpStatus: res.statusCode, ...(res.json() as Omit<EnvelopeReply<T>, 'httpStatus'>) };
}

/** A small but well-formed one-page PDF (header, objects, a correct xref table, trailer), saying `text`. */
export function minimalPdf(text = 'Opening hours: 9 to 5'): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 12 Tf 10 50 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 12 Tf 10 50 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}
