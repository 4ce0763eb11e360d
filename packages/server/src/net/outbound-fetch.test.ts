import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, outboundFetch, OutboundRefused } from './outbound-fetch.js';

/** A loopback listener that counts every connection, so a refusal can be shown to send nothing at all. */
async function listener(handle: (url: string, res: import('node:http').ServerResponse) => void) {
  let connections = 0;
  const server: Server = createServer((req, res) => handle(req.url ?? '', res));
  server.on('connection', () => connections++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { port, origin: `http://127.0.0.1:${port}`, connections: () => connections, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('outbound fetch', () => {
  let target: Awaited<ReturnType<typeof listener>>;
  let redirector: Awaited<ReturnType<typeof listener>>;
  beforeAll(async () => {
    target = await listener((_url, res) => res.end('{"secret":"internal"}'));
    redirector = await listener((url, res) => {
      res.writeHead(302, { location: url === '/big' ? '/big' : `${target.origin}/latest/meta-data/` });
      res.end();
    });
  });
  afterAll(async () => {
    await target.close();
    await redirector.close();
  });

  it('tells public unicast from every private, loopback, link-local and mapped form', () => {
    for (const a of ['8.8.8.8', '157.240.22.35', '2a03:2880:f12f:83:face:b00c:0:25de']) expect(isPublicAddress(a)).toBe(true);
    const refused = [
      '127.0.0.1',
      '127.1.2.3',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:169.254.169.254',
      '::ffff:127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:a9fe:a9fe::1',
      'not-an-ip',
    ];
    for (const a of refused) expect(isPublicAddress(a), a).toBe(false);
  });

  it('refuses loopback, metadata, decimal, mapped and unspecified addresses before connecting', async () => {
    const fetch = outboundFetch();
    const port = target.port;
    const urls = [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      `http://[::1]:${port}/`,
      `http://0.0.0.0:${port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://2852039166/',
      'http://[::ffff:169.254.169.254]/',
      'http://0x7f.1:80/',
    ];
    for (const url of urls) await expect(fetch(url), url).rejects.toBeInstanceOf(OutboundRefused);
    await expect(fetch('file:///etc/passwd')).rejects.toBeInstanceOf(OutboundRefused);
    await expect(fetch(`http://user:pw@example.com/`)).rejects.toBeInstanceOf(OutboundRefused);
    expect(target.connections()).toBe(0);
  });

  it('reaches a private origin only when the operator lists it, and follows no redirect away from it', async () => {
    const fetch = outboundFetch({ privateOrigins: [redirector.origin] });
    await expect(fetch(`${redirector.origin}/go`)).rejects.toThrow(/redirect .* was not followed/);
    // Even where redirects are allowed, the next hop is checked like the first: the target is not listed.
    await expect(outboundFetch({ privateOrigins: [redirector.origin], maxRedirects: 3 })(`${redirector.origin}/go`)).rejects.toBeInstanceOf(OutboundRefused);
    expect(target.connections()).toBe(0);
    const allowed = outboundFetch({ privateOrigins: [target.origin] });
    const res = await allowed(`${target.origin}/x`);
    expect(await res.json()).toEqual({ secret: 'internal' });
  });

  it('cuts off a reply larger than its limit', async () => {
    const big = await listener((_url, res) => res.end('x'.repeat(64 * 1024)));
    try {
      await expect(outboundFetch({ privateOrigins: [big.origin], maxBytes: 1024 })(`${big.origin}/`)).rejects.toThrow(/larger than 1024 bytes/);
    } finally {
      await big.close();
    }
  });
});
