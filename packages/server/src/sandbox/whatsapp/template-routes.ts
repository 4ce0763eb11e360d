import { TEMPLATE_CATEGORIES } from '@parley/sdk/contract/templates';
import { GraphError, GraphErrors } from './graph-error.js';
import type { SandboxContext } from './context.js';
import { rejectedReason } from './template-review.js';
import { deleteTemplates, insertTemplate, listTemplates, type SandboxTemplate } from './templates-store.js';

type Json = Record<string, unknown>;
const NAME = /^[a-z0-9_]{1,512}$/;
const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 1000;
const FIELDS = ['id', 'name', 'language', 'status', 'category', 'components', 'rejected_reason'] as const;
/** What Meta returns when a list names no fields. */
const DEFAULT_FIELDS = ['id', 'name', 'language', 'status', 'category', 'components'];

/** `POST /{version}/{waba-id}/message_templates`: stored PENDING and put up for review. */
export async function submitTemplate(ctx: SandboxContext, wabaId: string, rawBody: unknown) {
  const body = (rawBody && typeof rawBody === 'object' ? rawBody : {}) as Json;
  if (typeof body.name !== 'string' || !body.name) throw GraphErrors.required('name');
  if (!NAME.test(body.name)) {
    throw GraphErrors.invalidParameter('Template name can only contain lowercase characters, numbers and underscores.', {
      error_user_title: 'Invalid template name',
      error_user_msg: 'Template name can only contain lowercase characters, numbers and underscores.',
    });
  }
  if (typeof body.language !== 'string' || !body.language) throw GraphErrors.required('language');
  if (typeof body.category !== 'string' || !body.category) throw GraphErrors.required('category');
  const category = body.category.toUpperCase();
  if (!(TEMPLATE_CATEGORIES as readonly string[]).includes(category)) {
    throw GraphErrors.invalidParameter(`Param category must be one of {${TEMPLATE_CATEGORIES.join(', ')}}`);
  }
  const components = body.components;
  if (!Array.isArray(components) || components.length === 0) throw GraphErrors.required('components');
  if (!components.some((c) => (c as Json | null)?.type === 'BODY')) throw GraphErrors.invalidParameter('components must contain a BODY component');

  const row = await insertTemplate(ctx.db, { wabaId, name: body.name, language: body.language, category, components });
  if (!row) {
    throw new GraphError(400, 100, '(#100) Invalid parameter', {
      error_subcode: 2388024,
      error_user_title: 'Content in this language already exists',
      error_user_msg: `There is already ${body.language} content for this template. You can create a new template and try again.`,
    });
  }
  ctx.review.schedule(row);
  return { id: row.id, status: row.status, category: row.category };
}

/** `GET /{version}/{waba-id}/message_templates` with `fields`, `limit`, `after` (a cursor) and `name` (contains). */
export async function listTemplatesPage(ctx: SandboxContext, wabaId: string, query: Json, selfUrl: URL) {
  await ctx.review.decideDue(wabaId);
  const limit = Math.min(MAX_LIMIT, Math.max(1, Number(query.limit) || DEFAULT_LIMIT));
  const offset = typeof query.after === 'string' && query.after ? decodeCursor(query.after) : 0;
  const name = typeof query.name === 'string' && query.name ? query.name : undefined;
  const rows = await listTemplates(ctx.db, wabaId, { name, limit, offset });
  const page = rows.slice(0, limit);
  const asked = typeof query.fields === 'string' && query.fields ? query.fields.split(',').map((f) => f.trim()) : DEFAULT_FIELDS;
  const fields = FIELDS.filter((f) => f === 'id' || asked.includes(f));
  const data = page.map((t) => pick(t, fields));
  if (!data.length) return { data, paging: { cursors: {} } };
  const after = encodeCursor(offset + page.length);
  const next = new URL(selfUrl);
  next.searchParams.set('after', after);
  return {
    data,
    paging: { cursors: { before: encodeCursor(offset), after }, ...(rows.length > limit ? { next: next.toString() } : {}) },
  };
}

/** `DELETE /{version}/{waba-id}/message_templates?name=`: every language of that name, as Meta's delete by name. */
export async function deleteTemplate(ctx: SandboxContext, wabaId: string, query: Json) {
  if (typeof query.name !== 'string' || !query.name) throw GraphErrors.required('name');
  const deleted = await deleteTemplates(ctx.db, wabaId, query.name);
  if (!deleted) {
    throw GraphErrors.invalidParameter(`Message template "${query.name}" was not found.`, { error_user_title: 'Message template not found' });
  }
  return { success: true };
}

function pick(t: SandboxTemplate, fields: readonly (typeof FIELDS)[number][]) {
  const all = {
    id: t.id,
    name: t.name,
    language: t.language,
    status: t.status,
    category: t.category,
    components: t.components,
    rejected_reason: rejectedReason(t) ?? 'NONE',
  };
  return Object.fromEntries(fields.map((f) => [f, all[f]]));
}

const encodeCursor = (offset: number) => Buffer.from(String(offset)).toString('base64url');
function decodeCursor(cursor: string): number {
  const n = Number(Buffer.from(cursor, 'base64url').toString());
  if (!Number.isInteger(n) || n < 0) throw GraphErrors.invalidParameter('Invalid cursor');
  return n;
}
