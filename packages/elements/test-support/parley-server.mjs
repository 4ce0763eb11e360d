// Element tests talk to the real server: the built one (npm run build runs first), in this process, on an in-memory
// database seeded with the demo enterprise. The test page reaches it through /api on the test runner's own origin
// (HTTP proxied, the realtime socket's upgrade piped), as the console reaches it in production.
import http from 'node:http';
import net from 'node:net';

let parley;
let started;
const ready = (origin) => (started ??= startParley(origin).then((p) => (parley = p)));

async function startParley(origin = 'http://127.0.0.1') {
  const { buildApp } = await import('../../server/dist/app.js');
  const { loadConfig } = await import('../../server/dist/config.js');
  const config = loadConfig(
    {},
    {
      databaseUrl: 'memory://',
      captcha: false,
      jobs: true,
      // File URLs (`${publicUrl}/files/...`) then point at the test page's own origin, which proxies /files/ too.
      publicUrl: origin,
      hostDist: '/nonexistent',
      host: '127.0.0.1',
      port: 0,
      // Customer-master tests make their own segments and fields; the first segment must be theirs.
      demoCustomers: false,
    },
  );
  const { app } = await buildApp(config, { logger: process.env.PARLEY_TEST_LOG ? { level: 'warn' } : false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: app.server.address().port };
}

function proxy(req, res, port) {
  const upstream = http.request({ host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers }, (reply) => {
    res.writeHead(reply.statusCode ?? 502, reply.headers);
    reply.pipe(res);
  });
  upstream.on('error', () => {
    res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
}

/**
 * Test-runner middleware (it runs before the static files): /api, and /files where uploads are served, go to the
 * server; so does the sandbox phone's API, through which live-chat tests write as a WhatsApp customer.
 */
export async function parleyApiProxy(ctx, next) {
  // A real PDF for knowledge-base tests, written by the server's own PDF writer (the demo menu).
  if (ctx.path === '/test-support/menu.pdf') {
    const { demoMenuPdf } = await import('../../server/dist/seed/demo-knowledge-base.js');
    ctx.type = 'application/pdf';
    ctx.body = Buffer.from(demoMenuPdf());
    return;
  }
  if (!ctx.path.startsWith('/api/') && !ctx.path.startsWith('/files/') && !ctx.path.startsWith('/sandbox/phone/api/')) return next();
  await ready();
  // The proxy writes the real status; without this the test runner lists every /api call as a 404.
  ctx.status = 200;
  ctx.respond = false;
  proxy(ctx.req, ctx.res, parley.port);
}

/** @web/test-runner plugin: starts the server and pipes the realtime socket's upgrade to it. */
export function parleyServerPlugin() {
  return {
    name: 'parley-server',
    async serverStart({ server, config }) {
      await ready(`http://${config.hostname ?? 'localhost'}:${config.port}`);
      server.on('upgrade', (req, socket, head) => {
        if (!req.url?.startsWith('/api/')) return;
        const upstream = net.connect(parley.port, '127.0.0.1', () => {
          const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
          for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
          upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
          if (head?.length) upstream.write(head);
          upstream.pipe(socket).pipe(upstream);
        });
        upstream.on('error', () => socket.destroy());
        socket.on('error', () => upstream.destroy());
      });
    },
    async serverStop() {
      await parley?.app.close();
    },
  };
}
