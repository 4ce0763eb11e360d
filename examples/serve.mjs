#!/usr/bin/env node
// Serves the example partner pages on their own origin (default http://localhost:8090), filling {{PARLEY_URL}},
// {{AGENT_ID}}, {{EMBED_KEY}} and {{CHANNEL_ID}} from the environment, as a partner would write them into their page.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const values = {
  PARLEY_URL: (process.env.PARLEY_URL ?? 'http://localhost:8080').replace(/\/$/, ''),
  AGENT_ID: process.env.AGENT_ID ?? '',
  EMBED_KEY: process.env.EMBED_KEY ?? '',
  CHANNEL_ID: process.env.CHANNEL_ID ?? '',
};

/** The page with its placeholders filled; HTML-escaped, since they land in attributes. */
export async function renderExample(name, vars = values) {
  const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const page = await readFile(`${dir}${name}`, 'utf8');
  return page.replace(/\{\{(\w+)\}\}/g, (_, key) => escape(vars[key] ?? ''));
}

/** A server for the examples folder: `/` and `/try-it.html` serve the widget page. */
export function exampleServer(vars = values) {
  return http.createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const name = path === '/' ? 'try-it.html' : path.slice(1);
    if (/^[\w-]+\.css$/.test(name)) {
      const css = await readFile(new URL(name, import.meta.url), 'utf8').catch(() => null);
      if (css === null) res.writeHead(404).end('Not found');
      else res.writeHead(200, { 'content-type': 'text/css; charset=utf-8' }).end(css);
      return;
    }
    if (!/^[\w-]+\.html$/.test(name)) {
      res.writeHead(404).end('Not found');
      return;
    }
    try {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(await renderExample(name, vars));
    } catch {
      res.writeHead(404).end('Not found');
    }
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 8090);
  exampleServer().listen(port, 'localhost', () => console.log(`Example partner page on http://localhost:${port}/ (Parley at ${values.PARLEY_URL})`));
}
