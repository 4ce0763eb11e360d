import { fillPath, type Endpoint } from './contract/endpoint.js';

/** What encoding needs of an endpoint: method, path and whether it uploads. */
type Encodable = Pick<Endpoint, 'method' | 'path' | 'multipart'>;

type Primitive = string | number | boolean;
const isPrimitive = (v: unknown): v is Primitive => ['string', 'number', 'boolean'].includes(typeof v);

export interface EncodedRequest {
  url: string;
  init: { method: string; headers: Record<string, string>; body?: string | FormData };
}

/** Collapses duplicate slashes (spec 7) without touching the scheme's `//`. */
export const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`.replace(/([^:]\/)\/+/g, '$1');

/**
 * GET and DELETE put their input in the query; POST and PUT send form-urlencoded (the specs' default) when every value
 * is a primitive and JSON otherwise; upload endpoints send multipart.
 */
export function encodeRequest(baseUrl: string, endpoint: Encodable, input: Record<string, unknown>): EncodedRequest {
  const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const { path, rest } = fillPath(endpoint.path, defined);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (endpoint.method === 'GET' || endpoint.method === 'DELETE') {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(rest)) query.append(k, isPrimitive(v) ? String(v) : JSON.stringify(v));
    const qs = query.toString();
    return { url: joinUrl(baseUrl, path) + (qs ? `?${qs}` : ''), init: { method: endpoint.method, headers } };
  }
  if (endpoint.multipart) {
    const form = new FormData();
    for (const [k, v] of Object.entries(rest)) {
      for (const item of Array.isArray(v) ? v : [v]) form.append(k, item instanceof Blob ? item : isPrimitive(item) ? String(item) : JSON.stringify(item));
    }
    return { url: joinUrl(baseUrl, path), init: { method: endpoint.method, headers, body: form } };
  }
  if (Object.values(rest).every(isPrimitive)) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    const body = new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, String(v)])).toString();
    return { url: joinUrl(baseUrl, path), init: { method: endpoint.method, headers, body } };
  }
  headers['content-type'] = 'application/json';
  return { url: joinUrl(baseUrl, path), init: { method: endpoint.method, headers, body: JSON.stringify(rest) } };
}
