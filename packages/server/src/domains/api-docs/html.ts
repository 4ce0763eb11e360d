import { objectFields, type HttpMethod, type JsonSchema, type OpenApiDocument, type OpenApiOperation, type OpenApiResponse, type Ref } from './openapi.js';

/** Everything interpolated into the page goes through this: text and attribute values alike. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Escapes, then turns `code` spans into <code>: the one piece of markdown the descriptions use. */
function inline(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** Paragraphs separated by blank lines; a paragraph whose lines all start with "- " is a list. */
function prose(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const lines = block.split('\n');
      if (lines.every((l) => l.startsWith('- '))) return `<ul>${lines.map((l) => `<li>${inline(l.slice(2))}</li>`).join('')}</ul>`;
      return `<p>${inline(block)}</p>`;
    })
    .join('\n');
}

const METHODS: HttpMethod[] = ['get', 'post', 'put', 'delete', 'patch'];
const anchor = (prefix: string, name: string) => `${prefix}-${name.replace(/[^A-Za-z0-9_-]+/g, '-')}`;
const isRef = (v: unknown): v is Ref => typeof v === 'object' && v !== null && typeof (v as Ref).$ref === 'string';
const refName = (ref: string) => ref.split('/').pop() ?? ref;
const SAFE_LIMIT = Number.MAX_SAFE_INTEGER;

function typeText(s: JsonSchema): string {
  if (isRef(s)) return refName(s.$ref);
  if ('const' in s) return JSON.stringify(s.const);
  const variants = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (variants) return [...new Set(variants.map(typeText))].join(' | ');
  if (Array.isArray(s.allOf)) return (s.allOf as JsonSchema[]).map(typeText).join(' & ');
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];
  if (types.length === 0) return s.contentMediaType ? 'file' : 'any';
  return types
    .map((t) => {
      if (t === 'array') {
        const items = s.items as JsonSchema | undefined;
        const inner = items ? typeText(items) : 'any';
        return /[ |&]/.test(inner) ? `(${inner})[]` : `${inner}[]`;
      }
      if (t === 'object' && s.additionalProperties && typeof s.additionalProperties === 'object' && !s.properties) {
        return `map of ${typeText(s.additionalProperties as JsonSchema)}`;
      }
      if (t === 'string' && s.contentMediaType) return 'file';
      if (t === 'string' && typeof s.format === 'string') return `string (${s.format})`;
      return t;
    })
    .join(' | ');
}

const sizeNote = (min: unknown, max: unknown, unit: string) => {
  const lo = typeof min === 'number' && min > 0 ? min : undefined;
  const hi = typeof max === 'number' && max < SAFE_LIMIT ? max : undefined;
  const of = (n: number) => `${n} ${n === 1 ? unit.replace(/s$/, '') : unit}`;
  if (lo !== undefined && hi !== undefined) return `${lo}–${of(hi)}`;
  if (lo !== undefined) return `at least ${of(lo)}`;
  if (hi !== undefined) return `at most ${of(hi)}`;
  return undefined;
};

function notesOf(s: JsonSchema): string[] {
  const notes: string[] = [];
  if (typeof s.description === 'string') notes.push(s.description);
  if (Array.isArray(s.enum)) notes.push(`One of: ${s.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  const length = sizeNote(s.minLength, s.maxLength, 'characters');
  if (length) notes.push(length);
  const items = sizeNote(s.minItems, s.maxItems, 'items');
  if (items) notes.push(items);
  const lo = typeof s.minimum === 'number' && s.minimum > -SAFE_LIMIT ? s.minimum : undefined;
  const hi = typeof s.maximum === 'number' && s.maximum < SAFE_LIMIT ? s.maximum : undefined;
  if (lo !== undefined || hi !== undefined) notes.push(lo !== undefined && hi !== undefined ? `${lo} to ${hi}` : lo !== undefined ? `≥ ${lo}` : `≤ ${hi}`);
  if (typeof s.pattern === 'string' && typeof s.format !== 'string') notes.push(`Pattern: ${s.pattern}`);
  if ('default' in s) notes.push(`Default: ${JSON.stringify(s.default)}`);
  return notes;
}

interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  notes: string[];
}

/** The fields of an object, nested ones as dotted names (`utterances[].text`), a few levels deep. */
function fieldRows(properties: Record<string, JsonSchema>, required: string[], prefix = '', depth = 0, rows: FieldRow[] = []): FieldRow[] {
  for (const [name, s] of Object.entries(properties)) {
    rows.push({ name: prefix + name, type: typeText(s), required: required.includes(name), notes: notesOf(s) });
    if (depth >= 3) continue;
    const variants = [s, ...(((s.anyOf ?? s.oneOf) as JsonSchema[] | undefined) ?? [])];
    for (const v of variants) {
      const own = objectFields(v);
      if (own && Object.keys(own.properties).length) fieldRows(own.properties, own.required, `${prefix}${name}.`, depth + 1, rows);
      const items = v.type === 'array' ? (v.items as JsonSchema | undefined) : undefined;
      const itemVariants = items ? [items, ...(((items.anyOf ?? items.oneOf) as JsonSchema[] | undefined) ?? [])] : [];
      for (const item of itemVariants) {
        const fields = objectFields(item);
        if (fields && Object.keys(fields.properties).length) fieldRows(fields.properties, fields.required, `${prefix}${name}[].`, depth + 1, rows);
      }
    }
  }
  return rows;
}

function fieldTable(rows: FieldRow[]): string {
  if (!rows.length) return '<p class="none">None.</p>';
  const body = rows
    .map(
      (r) =>
        `<tr><td><code>${escapeHtml(r.name)}</code></td><td class="type">${escapeHtml(r.type)}</td><td>${r.required ? '<span class="req">required</span>' : 'optional'}</td><td>${r.notes.map((n) => `<div>${inline(n)}</div>`).join('')}</td></tr>`,
    )
    .join('');
  return `<table class="fields"><thead><tr><th>Name</th><th>Type</th><th></th><th>Notes</th></tr></thead><tbody>${body}</tbody></table>`;
}

/** A reply's shape in TypeScript-like notation, with descriptions as comments. */
function shape(s: JsonSchema, indent = '', depth = 0): string {
  if (depth > 8) return '…';
  if (isRef(s)) return refName(s.$ref);
  if ('const' in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  const variants = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (variants) return [...new Set(variants.map((v) => shape(v, indent, depth + 1)))].join(' | ');
  if (Array.isArray(s.allOf)) {
    const merged = objectFields(s);
    return merged
      ? shape({ type: 'object', properties: merged.properties, required: merged.required }, indent, depth)
      : (s.allOf as JsonSchema[]).map((p) => shape(p, indent, depth + 1)).join(' & ');
  }
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];
  if (types.length === 0) return 'any';
  return types
    .map((t) => {
      if (t === 'array') {
        const inner = s.items ? shape(s.items as JsonSchema, indent, depth + 1) : 'any';
        return /^[\w"]+$/.test(inner) ? `${inner}[]` : `Array<${inner}>`;
      }
      if (t === 'object') {
        const props = s.properties as Record<string, JsonSchema> | undefined;
        if (!props || !Object.keys(props).length) {
          const values = s.additionalProperties;
          return values && typeof values === 'object' ? `{ [key: string]: ${shape(values as JsonSchema, indent, depth + 1)} }` : '{}';
        }
        const required = (s.required as string[] | undefined) ?? [];
        const inner = `${indent}  `;
        const lines = Object.entries(props).map(([name, p]) => {
          const comment = typeof p.description === 'string' ? `  // ${p.description.replace(/\s+/g, ' ')}` : '';
          return `${inner}${name}${required.includes(name) ? '' : '?'}: ${shape(p, inner, depth + 1)}${comment}`;
        });
        return `{\n${lines.join('\n')}\n${indent}}`;
      }
      if (t === 'integer') return 'integer';
      return t;
    })
    .join(' | ');
}

function resolveResponse(doc: OpenApiDocument, r: OpenApiResponse | Ref): { name?: string; response: OpenApiResponse } {
  if (!isRef(r)) return { response: r };
  const name = refName(r.$ref);
  return { name, response: doc.components.responses[name] ?? { description: name } };
}

function paramSection(title: string, params: NonNullable<OpenApiOperation['parameters']>): string {
  if (!params.length) return '';
  const rows: FieldRow[] = params.map((p) => ({
    name: p.name,
    type: typeText(p.schema),
    required: p.required,
    notes: [...(p.description ? [p.description] : []), ...notesOf(p.schema)],
  }));
  return `<h4>${escapeHtml(title)}</h4>${fieldTable(rows)}`;
}

function bodySection(op: OpenApiOperation): string {
  const content = op.requestBody?.content;
  if (!content) return '';
  const types = Object.keys(content);
  const schema = content[types[0]!]!.schema;
  const how = types.includes('multipart/form-data')
    ? 'Sent as <code>multipart/form-data</code>.'
    : `Sent as ${types.map((t) => `<code>${escapeHtml(t)}</code>`).join(' or ')}; in a form, lists are repeated keys or JSON text and objects are JSON text.`;
  const fields = objectFields(schema);
  const table = fields ? fieldTable(fieldRows(fields.properties, fields.required)) : `<pre>${escapeHtml(shape(schema))}</pre>`;
  return `<h4>Body</h4><p class="how">${how}</p>${table}`;
}

function replySection(doc: OpenApiDocument, op: OpenApiOperation): string {
  const parts: string[] = [];
  const errors: string[] = [];
  for (const [status, r] of Object.entries(op.responses)) {
    const { name, response } = resolveResponse(doc, r);
    if (name) {
      errors.push(`<li>${escapeHtml(status === 'default' ? 'Otherwise' : `HTTP ${status}`)}: ${inline(response.description)}</li>`);
      continue;
    }
    const json = response.content?.['application/json']?.schema;
    const data = json && (json.properties as Record<string, JsonSchema> | undefined)?.data;
    if (data) {
      parts.push(`<h4>Reply <code>data</code></h4><pre>${escapeHtml(shape(data))}</pre>`);
    } else {
      const types = Object.keys(response.content ?? {});
      const kind = types.length ? ` (${types.map((t) => `<code>${escapeHtml(t)}</code>`).join(', ')})` : '';
      parts.push(`<h4>Reply</h4><p>HTTP ${escapeHtml(status)}${kind}: ${inline(response.description)}</p>`);
    }
  }
  if (errors.length) parts.push(`<h4>Errors</h4><ul class="errors">${errors.join('')}</ul>`);
  return parts.join('');
}

function accessBadge(op: OpenApiOperation): string {
  const a = op['x-parley-access'];
  if (a === 'public') return '<span class="badge public">public</span>';
  if (a === 'authenticated') return '<span class="badge auth">signed in</span>';
  return `<span class="badge perm">${escapeHtml(a.join(' | '))}</span>`;
}

function operationHtml(doc: OpenApiDocument, path: string, method: HttpMethod, op: OpenApiOperation): string {
  const params = op.parameters ?? [];
  return `<article class="op" id="${escapeHtml(anchor('op', op.operationId))}">
<h3><span class="method ${method}">${escapeHtml(method.toUpperCase())}</span> <code class="path">${escapeHtml(path)}</code></h3>
<p class="summary">${escapeHtml(op.summary)} ${accessBadge(op)} <span class="opid">${escapeHtml(op.operationId)}</span></p>
${prose(op.description)}
${paramSection(
  'Path parameters',
  params.filter((p) => p.in === 'path'),
)}
${paramSection(
  'Query parameters',
  params.filter((p) => p.in === 'query'),
)}
${bodySection(op)}
${replySection(doc, op)}
</article>`;
}

const STYLE = `
:root { color-scheme: light; --fg: #1d2330; --muted: #5b6475; --line: #e1e4ea; --bg: #fff; --soft: #f6f7f9; --accent: #2f5bd3; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
header { padding: 24px 32px; border-bottom: 1px solid var(--line); background: var(--soft); }
header h1 { margin: 0 0 4px; font-size: 24px; }
header p { margin: 0; color: var(--muted); }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
.layout { display: grid; grid-template-columns: 300px minmax(0, 1fr); }
nav { position: sticky; top: 0; align-self: start; max-height: 100vh; overflow-y: auto; padding: 20px 16px 40px 24px; border-right: 1px solid var(--line); font-size: 13px; }
nav h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); margin: 0 0 8px; }
nav ul { list-style: none; margin: 0; padding: 0; }
nav > ul > li { margin: 10px 0; }
nav > ul > li > a { font-weight: 600; }
nav li li { margin: 2px 0 2px 8px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
nav li li .m { display: inline-block; width: 46px; font: 600 11px ui-monospace, SFMono-Regular, Menlo, monospace; color: var(--muted); }
main { padding: 8px 40px 80px; min-width: 0; }
section > h2 { margin: 40px 0 4px; padding-bottom: 6px; border-bottom: 2px solid var(--line); font-size: 20px; }
section > p.tagdesc { color: var(--muted); margin-top: 4px; }
.op { margin: 24px 0; padding: 16px 20px; border: 1px solid var(--line); border-radius: 8px; }
.op h3 { margin: 0 0 6px; font-size: 16px; display: flex; align-items: center; gap: 10px; flex-wrap: wrap; }
.op h4 { margin: 16px 0 6px; font-size: 13px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); }
.op p { margin: 6px 0; }
.summary { font-weight: 600; }
.opid { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; color: var(--muted); font-weight: 400; margin-left: 6px; }
.method { display: inline-block; min-width: 62px; text-align: center; padding: 2px 8px; border-radius: 4px; color: #fff; font: 700 12px ui-monospace, SFMono-Regular, Menlo, monospace; }
.method.get { background: #2f7d4f; } .method.post { background: #2f5bd3; } .method.put { background: #a26a00; } .method.delete { background: #b3261e; } .method.patch { background: #6b4fbb; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; }
code { background: var(--soft); padding: 1px 4px; border-radius: 3px; }
code.path { background: none; padding: 0; font-size: 15px; word-break: break-all; }
pre { background: var(--soft); border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; overflow-x: auto; margin: 6px 0; }
table { border-collapse: collapse; width: 100%; margin: 6px 0; font-size: 14px; }
th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid var(--line); }
th { font-size: 12px; color: var(--muted); font-weight: 600; }
td.type { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12.5px; color: #6b3fa0; word-break: break-word; }
td div + div { color: var(--muted); font-size: 13px; }
.fields td:first-child { white-space: nowrap; }
.req { color: #b3261e; font-weight: 600; font-size: 12px; }
.badge { display: inline-block; margin-left: 8px; padding: 1px 8px; border-radius: 10px; font-size: 12px; font-weight: 600; vertical-align: middle; }
.badge.public { background: #e3f4e8; color: #1e6b3a; } .badge.auth { background: #e8eefc; color: #2a4cad; } .badge.perm { background: #fdf0dc; color: #8a5300; }
.errors, .how, .none { color: var(--muted); font-size: 13px; }
ul.errors { margin: 4px 0; padding-left: 20px; }
@media (max-width: 900px) { .layout { display: block; } nav { position: static; max-height: none; border-right: 0; border-bottom: 1px solid var(--line); } main { padding: 8px 16px 60px; } }
`;

/** The whole reference as one self-contained page: no script, no external resource. */
export function renderDocsHtml(doc: OpenApiDocument, links: { openapi: string }): string {
  const byTag = new Map<string, { path: string; method: HttpMethod; op: OpenApiOperation }[]>(doc.tags.map((t) => [t.name, []]));
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags[0] ?? 'other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ path, method, op });
    }
  }
  const descriptions = new Map(doc.tags.map((t) => [t.name, t.description]));
  const toc = [...byTag]
    .filter(([, ops]) => ops.length)
    .map(
      ([tag, ops]) =>
        `<li><a href="#${escapeHtml(anchor('tag', tag))}">${escapeHtml(tag)}</a><ul>${ops
          .map(
            ({ path, method, op }) =>
              `<li><a href="#${escapeHtml(anchor('op', op.operationId))}" title="${escapeHtml(op.summary)}"><span class="m">${escapeHtml(method.toUpperCase())}</span>${escapeHtml(path.replace(/^\/api/, ''))}</a></li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('');
  const sections = [...byTag]
    .filter(([, ops]) => ops.length)
    .map(
      ([tag, ops]) =>
        `<section id="${escapeHtml(anchor('tag', tag))}"><h2>${escapeHtml(tag)}</h2>${descriptions.get(tag) ? `<p class="tagdesc">${inline(descriptions.get(tag)!)}</p>` : ''}
${ops.map(({ path, method, op }) => operationHtml(doc, path, method, op)).join('\n')}</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} reference</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>${escapeHtml(doc.info.title)} reference</h1><p>Version ${escapeHtml(doc.info.version)} · generated from the API contract · <a href="${escapeHtml(links.openapi)}">OpenAPI 3.1 document</a></p></header>
<div class="layout">
<nav aria-label="Contents"><h2>Contents</h2><ul><li><a href="#conventions">Conventions</a></li>${toc}</ul></nav>
<main>
<section id="conventions"><h2>Conventions</h2>
${prose(doc.info.description)}
</section>
${sections}
</main>
</div>
</body>
</html>
`;
}
