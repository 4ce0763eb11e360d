import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch } from 'undici';

/**
 * Every request the server makes to an address that a tenant's data can influence goes through here: a vendor's API,
 * later the knowledge-base crawler, vendor media and payment links. The rules (SECURITY.md, "Outbound requests"):
 * - http and https only, no credentials in the URL;
 * - the host's addresses are resolved and every one must be public unicast: loopback, private, link-local (the cloud
 *   metadata address), carrier-grade NAT, unique-local, multicast, reserved, IPv4-mapped, NAT64 and 6to4 forms are
 *   refused. The check runs at connect time on the address actually connected to, so a name that resolves to a
 *   public address when checked and a private one when used (DNS rebinding) cannot slip through;
 * - redirects are not followed unless the caller allows a number of them, and then each hop is checked anew;
 * - a body larger than `maxBytes` is cut off with an error rather than read whole.
 * Origins the operator lists (`privateOrigins`, PARLEY_OUTBOUND_PRIVATE_ORIGINS) may be private: a proxy inside the
 * network or a test's loopback server. Tenants never choose them.
 */
export interface OutboundOptions {
  privateOrigins?: readonly string[];
  /** Redirects followed for GET and HEAD, each hop checked like the first; 0 (the default) refuses a redirect. */
  maxRedirects?: number;
  /** A caller's own rule for where a redirect may go (the crawler keeps to one site), on top of the checks here. */
  followsRedirectTo?: (url: URL) => boolean;
  maxBytes?: number;
  /**
   * Hand the body over as it arrives (still capped at `maxBytes`, the stream erroring past it) instead of reading it
   * whole first: for replies that are streamed on purpose, such as an LLM's server-sent events.
   */
  stream?: boolean;
}

/** A request refused before any byte left for its target, or a reply refused for its size or redirect. */
export class OutboundRefused extends Error {
  override readonly name = 'OutboundRefused';
}

const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

/** Public unicast only. `process` turns an IPv4-mapped IPv6 address into the IPv4 address it carries. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `net.connect` lookup that resolves as usual and refuses the host when any of its addresses is not public. */
function checkedLookup(hostname: string, options: LookupOptions, callback: LookupCallback) {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || !addresses.length) return callback(new OutboundRefused(`${hostname} resolves to an address that is not public`), []);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

const publicOnly = new Agent({ connect: { lookup: checkedLookup as never } });
const anyAddress = new Agent();

const originOf = (url: URL) => `${url.protocol}//${url.host}`;

function checkUrl(url: URL, privateAllowed: boolean) {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefused(`${url.protocol} addresses are not fetched`);
  if (url.username || url.password) throw new OutboundRefused('Addresses with credentials are not fetched');
  // A literal address (WHATWG URL has already turned `2852039166` into 169.254.169.254) is not looked up at connect
  // time, so it is checked here.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!privateAllowed && ipaddr.isValid(host) && !isPublicAddress(host)) throw new OutboundRefused(`${host} is not a public address`);
}

/** Reads a body up to `maxBytes`; a larger one is refused without being kept. */
async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new OutboundRefused(`The reply is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

const NO_BODY = new Set([101, 204, 205, 304]);

/** The body as it arrives, erroring (and cancelling the connection) once more than `maxBytes` came through. */
function cappedStream(body: ReadableStream<Uint8Array> | null, maxBytes: number): ReadableStream<Uint8Array> | null {
  if (!body) return null;
  let size = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > maxBytes) controller.error(new OutboundRefused(`The reply is larger than ${maxBytes} bytes`));
        else controller.enqueue(chunk);
      },
    }),
  );
}

/**
 * A `fetch` that keeps to the rules above. Its Response is the global one, with the body already read (capped) and
 * `url` the last hop's address.
 */
export function outboundFetch(options: OutboundOptions = {}): typeof fetch {
  const privateOrigins = new Set((options.privateOrigins ?? []).map((o) => originOf(new URL(o))));
  const maxRedirects = options.maxRedirects ?? 0;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;

  const run = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    if (input instanceof Request) throw new TypeError('outboundFetch takes a URL and an init object');
    let url = new URL(String(input));
    const method = (init.method ?? 'GET').toUpperCase();
    for (let hop = 0; ; hop++) {
      const privateAllowed = privateOrigins.has(originOf(url));
      checkUrl(url, privateAllowed);
      let res;
      try {
        res = await undiciFetch(url, {
          ...(init as object),
          redirect: 'manual',
          dispatcher: privateAllowed ? anyAddress : publicOnly,
        } as Parameters<typeof undiciFetch>[1]);
      } catch (err) {
        // undici wraps a refusal from the lookup in its own "fetch failed" TypeError.
        const cause = (err as { cause?: unknown }).cause;
        if (cause instanceof OutboundRefused) throw cause;
        throw err;
      }
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        await res.body?.cancel();
        const next = new URL(location, url);
        if (hop >= maxRedirects || (method !== 'GET' && method !== 'HEAD')) throw new OutboundRefused(`A redirect to ${next.host} was not followed`);
        // The address rules speak first, so a redirect to a private address is reported as one.
        checkUrl(next, privateOrigins.has(originOf(next)));
        if (options.followsRedirectTo?.(next) === false) throw new OutboundRefused(`A redirect to ${next.host} was not followed`);
        url = next;
        continue;
      }
      const raw = res.body as ReadableStream<Uint8Array> | null;
      const body = options.stream ? cappedStream(raw, maxBytes) : await readCapped(raw, maxBytes);
      const headers = new Headers();
      res.headers.forEach((value, key) => headers.append(key, value));
      const response = new Response(NO_BODY.has(res.status) ? null : body, { status: res.status, statusText: res.statusText, headers });
      // As with the global fetch, `url` is where the reply came from after redirects (the crawler resolves links
      // against it and keeps to its site).
      Object.defineProperty(response, 'url', { value: url.href });
      return response;
    }
  };
  return run as typeof fetch;
}
