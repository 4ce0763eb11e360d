import { buildApp } from './app.js';
import { loadConfig, type Config } from './config.js';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // A refused setting is the operator's to fix: say which, without a stack trace to dig through.
  console.error(`Parley did not start: ${(err as Error).message}`);
  process.exit(1);
}
const { app } = await buildApp(config);
if (!config.captcha) app.log.warn('PARLEY_CAPTCHA=off: captcha answers are not checked. Never run like this in production.');
if (!config.smtpUrl)
  app.log.warn(
    `SMTP_URL is unset: mail goes to the outbox, readable at /mailbox ${config.devMailbox ? 'by anyone who reaches this loopback address (PARLEY_DEV_MAILBOX=on)' : 'by administrators, for their own enterprise'}. Set SMTP_URL in production.`,
  );
await app.listen({ port: config.port, host: config.host });
// From process start, module loading included: the figure an operator waits for.
const ms = Math.round(process.uptime() * 1000);
const db = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
const address = config.host.includes(':') ? `[${config.host}]:${config.port}` : `${config.host}:${config.port}`;
app.log.info(`Parley listening on ${address} (${config.publicUrl}${process.env.HOST ? '' : '; set HOST to listen beyond this machine'}) in ${ms} ms (${db})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    void app.close().then(() => process.exit(0));
  });
}
