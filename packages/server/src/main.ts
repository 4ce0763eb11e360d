import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { DEMO_ADMIN_EMAIL } from './seed/demo.js';

const config = loadConfig();
const { app } = await buildApp(config);
if (!config.captcha) app.log.warn('PARLEY_CAPTCHA=off: captcha answers are not checked. Never run like this in production.');
if (!config.smtpUrl) app.log.warn('SMTP_URL is unset: mail goes to the outbox, readable at /mailbox. Set SMTP_URL in production.');
await app.listen({ port: config.port, host: config.host });
// From process start, module loading included: the figure an operator waits for.
const ms = Math.round(process.uptime() * 1000);
const db = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
app.log.info(`Parley listening on ${config.publicUrl} in ${ms} ms (${db})`);
if (config.seedDemo) app.log.info(`Demo sign-in: ${DEMO_ADMIN_EMAIL} / ${config.adminPassword === 'parley-admin' ? 'parley-admin' : '(PARLEY_ADMIN_PASSWORD)'}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    void app.close().then(() => process.exit(0));
  });
}
