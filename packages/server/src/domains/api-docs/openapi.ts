import { z } from 'zod';
import { effectOf, type Effect, type Endpoint } from '@parley/sdk/contract/endpoint';
import type { Access, RouteEntry } from '../../http/route.js';
import { contractEndpoints, type ContractEndpoint } from './contract-modules.js';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as zod writes it. */
export type JsonSchema = { [key: string]: unknown };

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface OpenApiMediaType {
  schema: JsonSchema;
}

export interface OpenApiResponse {
  description: string;
  content?: Record<string, OpenApiMediaType>;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
}

export type Ref = { $ref: string };

export interface OpenApiOperation {
  tags: string[];
  operationId: string;
  summary: string;
  description: string;
  security?: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, OpenApiMediaType> };
  responses: Record<string, OpenApiResponse | Ref>;
  /** Who may call it: 'public', 'authenticated' or the permissions of which one is needed. */
  'x-parley-access': Access;
  /** 'write' calls are recorded in the audit trail. */
  'x-parley-effect': Effect;
}

export type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  jsonSchemaDialect: string;
  tags: { name: string; description: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, Partial<Record<HttpMethod, OpenApiOperation>>>;
  components: {
    securitySchemes: Record<string, { type: 'apiKey'; in: 'header'; name: string; description: string }>;
    schemas: Record<string, JsonSchema>;
    responses: Record<string, OpenApiResponse>;
  };
}

/** A route registered by hand (a file, a socket, a redirect, this reference), described here instead of by a contract endpoint. */
export interface ExtraOperation {
  method: string;
  url: string;
  tag: string;
  operationId: string;
  summary: string;
  description: string;
  /** Its query, when it takes one. */
  query?: z.ZodType;
  /** Its JSON body, when it takes one (a vendor's payload, not ours to describe field by field). */
  body?: JsonSchema;
  /** Replaces the envelope reply. */
  responses: Record<string, OpenApiResponse>;
}

export const SECURITY_SCHEME = 'authenticationToken';
export const TOKEN_HEADER = 'authentication-token';
/** What a field or reply that zod cannot express in JSON Schema (a transform, a custom check) is documented as. */
export const UNREPRESENTABLE = 'Checked and shaped in code; its exact shape cannot be written in JSON Schema.';
const FILE_PART: JsonSchema = { type: 'string', contentMediaType: 'application/octet-stream', description: 'A file part.' };

/** The reply codes and what they mean; the reference's intro and the error responses read them. */
export const REPLY_CODES: readonly { code: number; http: number; meaning: string }[] = [
  { code: 100, http: 200, meaning: 'Success.' },
  { code: 101, http: 200, meaning: 'The agent still has stories (designer).' },
  { code: 1400, http: 400, meaning: 'Validation failed; `errors: [{ field, message }]` name each field (dotted path) and what is wrong.' },
  { code: 1401, http: 401, meaning: 'Not signed in, or wrong credentials; `login_required: true` when the token sent is no longer valid.' },
  { code: 1403, http: 200, meaning: 'Access denied. HTTP 200 on purpose: the console signs out on HTTP 403.' },
  { code: 1404, http: 404, meaning: "Not found; also for another enterprise's ids, so their existence is not revealed." },
  { code: 1409, http: 409, meaning: 'Conflict (a duplicate).' },
  { code: 1429, http: 429, meaning: 'Too many attempts.' },
  { code: 1501, http: 400, meaning: 'Not configured (single sign-on).' },
  { code: 1503, http: 503, meaning: 'A statement ran past the time a request may take (PostgreSQL, 5 s) and was stopped; narrow the request and try again.' },
];

export const INTRO = [
  'Every call lives under `/api`. Bodies may be `application/json` or `application/x-www-form-urlencoded` (the default of the specifications), for every call; uploads are `multipart/form-data`. In a form or a query string a list is repeated keys (`responses=a&responses=b`), `responses[]=a`, a single value, or JSON text (`responses=["a","b"]`); an object is JSON text (`message={"text":"hi"}`).',
  'Every reply is an envelope `{ status, code, message, data, more }`: `data` carries the result documented for each call, `more` (lists only) says whether another page follows. Branch on `code`, not on the HTTP status.',
  `The caller's session token travels in the \`${TOKEN_HEADER}\` header; sign in with \`POST /api/account/enterprise/login/twoFactorAuth\` to get one (\`data.token\`). Each call says whether it is public, needs any signed-in user, or needs one of a list of permissions.`,
];

const DIALECT = 'https://spec.openapis.org/oas/3.1/dialect/base';

/** The input (`io: 'input'`) or reply (`io: 'output'`) of an endpoint as JSON Schema; never throws. */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  try {
    const json = z.toJSONSchema(schema, {
      io,
      target: 'draft-2020-12',
      unrepresentable: 'any',
      cycles: 'ref',
      reused: 'inline',
      override: ({ zodSchema, jsonSchema }) => {
        const type = zodSchema._zod.def.type;
        if ((type === 'custom' || type === 'transform') && Object.keys(jsonSchema).length === 0) jsonSchema.description = UNREPRESENTABLE;
      },
    }) as JsonSchema;
    delete json.$schema;
    return json;
  } catch (err) {
    return { description: `${UNREPRESENTABLE} (${(err as Error).message})` };
  }
}

/** Moves a converted schema's `$defs` into `components.schemas` (prefixed) and points its refs there. */
function hoistDefs(json: JsonSchema, prefix: string, components: Record<string, JsonSchema>): JsonSchema {
  const defs = json.$defs as Record<string, JsonSchema> | undefined;
  const rootIsReferenced = JSON.stringify(json).includes('"$ref":"#"');
  if (!defs && !rootIsReferenced) return json;
  delete json.$defs;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (typeof node !== 'object' || node === null) return node;
    const out: JsonSchema = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') {
        out[k] = v === '#' ? `#/components/schemas/${prefix}` : v.replace(/^#\/\$defs\//, `#/components/schemas/${prefix}_`);
      } else out[k] = rewrite(v);
    }
    return out;
  };
  for (const [name, def] of Object.entries(defs ?? {})) components[`${prefix}_${name}`] = rewrite(def) as JsonSchema;
  const root = rewrite(json) as JsonSchema;
  if (!rootIsReferenced) return root;
  components[prefix] = root;
  return { $ref: `#/components/schemas/${prefix}` };
}

/** The fields of an object schema (or an intersection of them), or null when the input is not an object. */
export function objectFields(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: string[] } | null {
  if (Array.isArray(schema.allOf)) {
    const merged = { properties: {} as Record<string, JsonSchema>, required: [] as string[] };
    for (const part of schema.allOf as JsonSchema[]) {
      const fields = objectFields(part);
      if (!fields) return null;
      Object.assign(merged.properties, fields.properties);
      merged.required.push(...fields.required.filter((r) => !merged.required.includes(r)));
    }
    return merged;
  }
  if (schema.type !== 'object' || (schema.additionalProperties !== undefined && schema.additionalProperties !== false && !schema.properties)) return null;
  return {
    properties: { ...((schema.properties as Record<string, JsonSchema> | undefined) ?? {}) },
    required: [...((schema.required as string[] | undefined) ?? [])],
  };
}

/** `/api/nlp/agent/:id/train` → `/api/nlp/agent/{id}/train`. */
/** `:id` becomes `{id}`; a trailing slash goes (the router ignores it, and OpenAPI tools take it for a mistake). */
export const openApiPath = (url: string) => url.replace(/(.)\/$/, '$1').replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const pathParams = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;
const fastifyUrl = (path: string) => `/api/${path}`.replace(/\/{2,}/g, '/');

export function accessText(access: Access): string {
  if (access === 'public') return 'Public: no token needed.';
  if (access === 'authenticated') return `Needs a signed-in user (the \`${TOKEN_HEADER}\` header), with any permissions.`;
  return `Needs one of: ${access.join(', ')}.`;
}

/** `getGenAiConfig` → `Get gen ai config`. */
const humanize = (key: string) => {
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * A call's HTTP 200: the success envelope with its `data`, or an error envelope without it (access denied, 1403, and
 * the designer's 101 are HTTP 200 too). As one `oneOf` on `status`, a generated client cannot read a refusal as
 * success.
 */
function replyOf(data: JsonSchema): JsonSchema {
  return { oneOf: [envelopeOf(data), { $ref: '#/components/schemas/ErrorEnvelope' }] };
}

function envelopeOf(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['status', 'code', 'message', 'data'],
    properties: {
      status: { type: 'boolean', const: true },
      code: { type: 'integer', const: 100, description: '100 on success; see the reply codes.' },
      message: { type: 'string' },
      data,
      more: { type: 'boolean', description: 'Lists only: another page follows.' },
    },
  };
}

const containsUnrepresentable = (schema: unknown) => JSON.stringify(schema).includes(UNREPRESENTABLE);

function replaceFileParts(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(replaceFileParts);
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = schema as JsonSchema;
  if (node.description === UNREPRESENTABLE && Object.keys(node).length === 1) return { ...FILE_PART };
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, replaceFileParts(v)]));
}

interface Built {
  parameters: OpenApiParameter[];
  requestBody?: OpenApiOperation['requestBody'];
  notes: string[];
}

/** Path parameters from the URL; the rest of the input as query parameters (GET, DELETE) or as the body. */
function buildInput(method: string, url: string, input: JsonSchema | undefined, multipart: boolean): Built {
  const inPath = pathParams(url);
  const fields = input ? objectFields(input) : { properties: {}, required: [] };
  const notes: string[] = [];
  const parameters: OpenApiParameter[] = inPath.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: fields?.properties[name] ?? { type: 'string' },
  }));
  if (!fields) {
    // Not an object: documented whole, as the body or in words.
    if (method === 'GET' || method === 'DELETE') notes.push('Its query is not a plain object; see the contract.');
    else if (input) return { parameters, requestBody: { required: true, content: bodyContent(input, multipart) }, notes };
    return { parameters, notes };
  }
  const rest = Object.entries(fields.properties).filter(([name]) => !inPath.includes(name));
  if (method === 'GET' || method === 'DELETE') {
    for (const [name, schema] of rest) {
      const { description, ...withoutDescription } = schema;
      parameters.push({
        name,
        in: 'query',
        required: fields.required.includes(name),
        ...(typeof description === 'string' ? { description } : {}),
        schema: withoutDescription,
      });
    }
    return { parameters, notes };
  }
  if (rest.length === 0) return { parameters, notes };
  const required = fields.required.filter((r) => !inPath.includes(r));
  const body: JsonSchema = { type: 'object', properties: Object.fromEntries(rest), ...(required.length ? { required } : {}) };
  return { parameters, requestBody: { required: required.length > 0, content: bodyContent(body, multipart) }, notes };
}

function bodyContent(schema: JsonSchema, multipart: boolean): Record<string, OpenApiMediaType> {
  if (multipart) return { 'multipart/form-data': { schema: replaceFileParts(schema) as JsonSchema } };
  return { 'application/json': { schema }, 'application/x-www-form-urlencoded': { schema } };
}

function errorResponses(url: string, access: Access, hasInput: boolean): Record<string, Ref> {
  return {
    ...(hasInput ? { '400': { $ref: '#/components/responses/ValidationFailed' } } : {}),
    ...(access === 'public' ? {} : { '401': { $ref: '#/components/responses/LoginRequired' } }),
    ...(pathParams(url).length ? { '404': { $ref: '#/components/responses/NotFound' } } : {}),
    default: { $ref: '#/components/responses/Error' },
  };
}

function descriptionOf(lines: (string | false | undefined)[]) {
  return lines.filter((l): l is string => Boolean(l)).join('\n\n');
}

function contractOperation(route: RouteEntry, c: ContractEndpoint, components: Record<string, JsonSchema>): OpenApiOperation {
  const e: Endpoint = c.endpoint;
  const prefix = c.operationId.replace(/\W/g, '_');
  const input = hoistDefs(toJsonSchema(e.input, 'input'), `${prefix}_input`, components);
  const reply = hoistDefs(toJsonSchema(e.reply, 'output'), `${prefix}_reply`, components);
  const built = buildInput(route.method, route.url, input, Boolean(e.multipart));
  const effect = effectOf(e);
  const hasInput = built.parameters.length > 0 || Boolean(built.requestBody);
  return {
    tags: [c.tag],
    operationId: c.operationId,
    summary: humanize(c.operationId.split('.').pop()!),
    description: descriptionOf([
      accessText(route.access),
      effect === 'write' ? 'Changes state: recorded in the audit trail.' : 'Reads only: the SDK may retry it.',
      e.multipart && 'Sent as `multipart/form-data`.',
      `SDK: \`client.${c.operationId}(input)\`.`,
      ...built.notes,
      (containsUnrepresentable(built) || containsUnrepresentable(reply)) &&
        'Some fields are shaped in code (a transform or a custom check) and are documented without a type.',
    ]),
    ...(route.access === 'public' ? { security: [] } : {}),
    ...(built.parameters.length ? { parameters: built.parameters } : {}),
    ...(built.requestBody ? { requestBody: built.requestBody } : {}),
    responses: {
      '200': {
        description: 'The envelope, with `data` as below. `code` is 100 on success; access denied (1403) is also HTTP 200, without `data`.',
        content: { 'application/json': { schema: replyOf(reply) } },
      },
      ...errorResponses(route.url, route.access, hasInput),
    },
    'x-parley-access': route.access,
    'x-parley-effect': effect,
  };
}

function extraOperation(route: RouteEntry, x: ExtraOperation): OpenApiOperation {
  const query = x.query ? toJsonSchema(x.query, 'input') : undefined;
  const built = buildInput('GET', route.url, query, false);
  const effect: Effect = route.method === 'GET' ? 'read' : 'write';
  return {
    tags: [x.tag],
    operationId: x.operationId,
    summary: x.summary,
    description: descriptionOf([accessText(route.access), x.description, ...built.notes]),
    ...(route.access === 'public' ? { security: [] } : {}),
    ...(built.parameters.length ? { parameters: built.parameters } : {}),
    ...(x.body ? { requestBody: { required: true, content: { 'application/json': { schema: x.body } } } } : {}),
    responses: { ...x.responses, ...errorResponses(route.url, route.access, built.parameters.length > 0) },
    'x-parley-access': route.access,
    'x-parley-effect': effect,
  };
}

/** A route known only by its table entry: documented by its path, tagged like the contract paths it shares most with. */
function bareOperation(route: RouteEntry, tag: string): OpenApiOperation {
  const built = buildInput('GET', route.url, undefined, false);
  return {
    tags: [tag],
    operationId: `${route.method.toLowerCase()}${route.url.replace(/[^A-Za-z0-9]+/g, '_')}`,
    summary: `${route.method} ${openApiPath(route.url)}`,
    description: descriptionOf([accessText(route.access), 'Registered by hand; not described by the contract.']),
    ...(route.access === 'public' ? { security: [] } : {}),
    ...(built.parameters.length ? { parameters: built.parameters } : {}),
    responses: { '200': { description: 'Success.' }, ...errorResponses(route.url, route.access, false) },
    'x-parley-access': route.access,
    'x-parley-effect': route.method === 'GET' ? 'read' : 'write',
  };
}

function guessTag(url: string, contract: ContractEndpoint[]): string {
  let best = { tag: 'other', length: 0 };
  for (const c of contract) {
    const other = fastifyUrl(c.endpoint.path);
    let n = 0;
    while (n < url.length && n < other.length && url[n] === other[n]) n++;
    // Only whole segments count.
    const length = url.slice(0, n).lastIndexOf('/');
    if (length > best.length && length > '/api'.length) best = { tag: c.tag, length };
  }
  return best.tag;
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  account: 'Sign-in, sign-up, password reset and single sign-on.',
  profile: "The caller's profile and second factor.",
  users: "The enterprise's users.",
  platform: 'Health, app configuration, mailbox, audit trail.',
  'nlp-agents': 'Agents and stories of the agent designer.',
  'nlp-intents': 'Intents: training phrases, responses, parameters.',
  'nlp-entities': 'Entities of an agent.',
  'nlp-config': 'Model configuration of an agent.',
  'nlp-genai': 'Gen AI and prompt configuration, knowledge-base documents.',
  'nlp-runtime': 'Training and conversations.',
  'nlp-reports': 'Conversation reports and the CSV export.',
  realtime: 'The realtime socket.',
  webhooks: 'Events vendors post to this server (not under /api, no session).',
  'api-docs': 'This reference.',
};

export interface BuildOptions {
  /** The routes the server registered and who may call them (`routeTable`). */
  routes: readonly RouteEntry[];
  version: string;
  extras?: readonly ExtraOperation[];
  contract?: ContractEndpoint[];
}

/** The OpenAPI 3.1 document of every registered route, described by its contract endpoint where it has one. */
export function buildOpenApi(opts: BuildOptions): OpenApiDocument {
  const contract = opts.contract ?? contractEndpoints();
  const byRoute = new Map<string, ContractEndpoint>();
  for (const c of contract) {
    const key = routeKey(c.endpoint.method, fastifyUrl(c.endpoint.path));
    if (!byRoute.has(key)) byRoute.set(key, c);
  }
  const extras = new Map((opts.extras ?? []).map((x) => [routeKey(x.method, x.url), x]));
  const schemas: Record<string, JsonSchema> = {
    FieldError: {
      type: 'object',
      required: ['field', 'message'],
      properties: { field: { type: 'string', description: 'Dotted path of the field, e.g. `utterances.1.text`.' }, message: { type: 'string' } },
    },
    ErrorEnvelope: {
      type: 'object',
      required: ['status', 'code', 'message'],
      properties: {
        status: { type: 'boolean', const: false },
        code: { type: 'integer', enum: REPLY_CODES.filter((c) => c.code !== 100).map((c) => c.code) },
        message: { type: 'string' },
        errors: { type: 'array', items: { $ref: '#/components/schemas/FieldError' }, description: 'With 1400: what is wrong with which field.' },
        login_required: { type: 'boolean', description: 'With 1401: the token sent is no longer valid.' },
      },
    },
  };
  const errorResponse = (description: string): OpenApiResponse => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
  });

  const paths: OpenApiDocument['paths'] = {};
  const seen = new Set<string>();
  const tagsUsed = new Set<string>();
  for (const route of opts.routes) {
    const key = routeKey(route.method, route.url);
    if (seen.has(key)) continue;
    seen.add(key);
    const c = byRoute.get(key);
    const x = extras.get(key);
    const op = c ? contractOperation(route, c, schemas) : x ? extraOperation(route, x) : bareOperation(route, guessTag(route.url, contract));
    tagsUsed.add(op.tags[0]!);
    const path = openApiPath(route.url);
    (paths[path] ??= {})[route.method.toLowerCase() as HttpMethod] = op;
  }

  const tagOrder = [...new Set([...contract.map((c) => c.tag), ...(opts.extras ?? []).map((x) => x.tag), ...tagsUsed])];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Parley API',
      version: opts.version,
      description: [...INTRO, 'Reply codes:', REPLY_CODES.map((c) => `- ${c.code} (HTTP ${c.http}): ${c.meaning}`).join('\n')].join('\n\n'),
    },
    // Relative: the document describes the server that serves it, wherever it is reached.
    servers: [{ url: '/', description: 'The server that serves this document.' }],
    jsonSchemaDialect: DIALECT,
    tags: tagOrder.filter((t) => tagsUsed.has(t)).map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? '' })),
    security: [{ [SECURITY_SCHEME]: [] }],
    paths,
    components: {
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'apiKey',
          in: 'header',
          name: TOKEN_HEADER,
          description: 'The session token from sign-in (`data.token`).',
        },
      },
      schemas,
      responses: {
        ValidationFailed: errorResponse('1400: validation failed; `errors` name the fields.'),
        LoginRequired: errorResponse('1401: not signed in, or the token is no longer valid (`login_required`).'),
        NotFound: errorResponse("1404: not found (also another enterprise's ids)."),
        Error: errorResponse('Another failure, as an envelope with `status: false` (see the reply codes).'),
      },
    },
  };
}
