import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every setting the server reads, from the environment; docs/configuration.md's table mirrors this file. */
export interface Config {
  port: number;
  /** Loopback unless HOST says otherwise: a fresh checkout should not serve its demo accounts to the network. */
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite in dataDir/pglite. Set: a real PostgreSQL. 'memory://' keeps PGlite in memory (tests). */
  databaseUrl: string | undefined;
  captcha: boolean;
  adminPassword: string;
  seedDemo: boolean;
  /** Train the seeded demo agent in the background after the first start (tests that don't chat with it skip it). */
  trainDemoAgent: boolean;
  /** Seed the demo customer master (customers, segments, an upload); PARLEY_DEMO_CUSTOMERS=off leaves it empty (tests). */
  demoCustomers: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** PARLEY_DEV_MAILBOX=on: the outbox without sign-in, which hands out every reset link; loopback hosts only. */
  devMailbox: boolean;
  publicUrl: string;
  secretKey: string | undefined;
  sessionIdleHours: number;
  oidc: { issuer: string; clientId: string; clientSecret: string | undefined } | undefined;
  /** Feature flags of the app configuration (spec 3); PARLEY_FEATURES="-COMMUNITY,hideSignup" switches them. */
  features: Record<string, boolean>;
  hostDist: string;
  /** The element bundles partner pages load from /elements/ (`npm run bundles -w @parley/elements`). */
  elementsDist: string;
  whitelabelDir: string | undefined;
  logLevel: string;
  jobs: boolean;
  /** Fastify's trustProxy: true, a hop count, or addresses. Off: X-Forwarded-For could fake IPs past the IP lock. */
  trustProxy: boolean | number | string;
  /** CSP frame-ancestors of the console's pages, PARLEY_FRAME_ANCESTORS: who may frame it; the console itself. */
  frameAncestors: string;
  /** The external analytics page the agent shell frames (agent-designer 2, "Analytics frames"); unset: not configured. */
  analyticsUrl: string | undefined;
  /**
   * The server-wide LLM configuration, from OPENAI_BASE_URL (with OPENAI_API_KEY, OPENAI_MODEL, OPENAI_EMBEDDING_MODEL):
   * the model types and knowledge bases of agents that chose no LLM configuration use it. Unset: none. A local
   * server that needs no key (Ollama, llama.cpp) gets the bearer "none".
   */
  defaultLlm: { baseUrl: string; apiKey: string; model: string; embeddingModel: string | undefined } | undefined;
  /**
   * Per-agent LLM limits (domains/llm/usage.ts): PARLEY_LLM_DAILY_TOKENS_PER_AGENT (500,000) and
   * PARLEY_LLM_CALLS_PER_MINUTE_PER_AGENT (120); 0 turns a limit off.
   */
  llmLimits: { dailyTokensPerAgent: number; callsPerMinutePerAgent: number };
  /** Largest knowledge-base document accepted per file (agent-designer Gen AI), PARLEY_MAX_DOCUMENT_BYTES; 10 MB. */
  maxDocumentBytes: number;
  /** Largest customer CSV accepted (customer-master 4), PARLEY_MAX_CSV_BYTES; 512 MB (a million rows of ten columns is ~150 MB). */
  maxCsvBytes: number;
  /** The country of phone numbers written without a country code (customer master), PARLEY_DEFAULT_COUNTRY; IN. */
  defaultCountry: string;
  /**
   * Mount the built-in WhatsApp Cloud API sandbox at /sandbox/whatsapp, PARLEY_SANDBOX (on unless 'off'). Its token is
   * public knowledge: production turns it off (or sets PARLEY_SANDBOX_ACCESS_TOKEN and PARLEY_SANDBOX_APP_SECRET).
   */
  sandbox: boolean;
  /**
   * The built-in WhatsApp Cloud API sandbox (/sandbox/whatsapp): the bearer token it accepts, PARLEY_SANDBOX_ACCESS_TOKEN.
   * Unset (''): made at random at the first start and kept in DATA_DIR (secrets/install-secrets.ts), as are the two below.
   */
  sandboxAccessToken: string;
  /** The app secret the sandbox signs its webhooks with (X-Hub-Signature-256), PARLEY_SANDBOX_APP_SECRET. */
  sandboxAppSecret: string;
  /** Where the sandbox posts webhooks, PARLEY_SANDBOX_WEBHOOK_URL; unset: this server's /webhooks/whatsapp, in-process. */
  sandboxWebhookUrl: string | undefined;
  /** Messages per second the sandbox accepts per phone number before error 130429, PARLEY_SANDBOX_RATE; 80 as Meta's. */
  sandboxRatePerSecond: number;
  /**
   * Messages per second a broadcast sends through one channel, PARLEY_BROADCAST_RATE; 80, Meta's default throughput
   * per business number (a vendor's 130429 still pauses and retries whatever this says).
   */
  broadcastRatePerSecond: number;
  /** How long a broadcast message handed over without an answer waits for the vendor's status webhooks before it is failed (never sent again), PARLEY_BROADCAST_RECONCILE_MS; 15,000. */
  broadcastReconcileMs: number;
  /**
   * Statuses of one number due within this many milliseconds go out in one webhook, PARLEY_SANDBOX_WEBHOOK_BATCH_MS;
   * 50 (as Meta batches them under load); 0 posts each status alone.
   */
  sandboxWebhookBatchMs: number;
  /**
   * The sandbox retries a status webhook its receiver did not take as Meta does, for 7 days with growing gaps: first
   * after PARLEY_SANDBOX_WEBHOOK_RETRY_MS (1,000), doubling up to PARLEY_SANDBOX_WEBHOOK_RETRY_MAX_MS (an hour).
   */
  sandboxWebhookRetryMs: number;
  sandboxWebhookRetryMaxMs: number;
  /** Seconds before the sandbox approves a submitted template, PARLEY_SANDBOX_APPROVAL_SECONDS; 3. */
  sandboxApprovalSeconds: number;
  /** Meta's webhook verification token (hub.verify_token), PARLEY_WHATSAPP_VERIFY_TOKEN. */
  whatsappVerifyToken: string;
  /** Largest attachment upload, PARLEY_MAX_UPLOAD_BYTES; 100 MB (a WhatsApp document's limit). */
  maxUploadBytes: number;
  /**
   * The Graph API base URLs a WhatsApp channel may name: Meta's own always, plus the comma-separated
   * PARLEY_WHATSAPP_BASE_URLS (a proxy or a vendor's mirror). Tenants choose among them, never a host of their own.
   */
  whatsappBaseUrls: string[];
  /**
   * Origins the server may reach although they are loopback or private addresses, PARLEY_OUTBOUND_PRIVATE_ORIGINS
   * (comma-separated, e.g. http://127.0.0.1:9000): an egress proxy inside the network, or a test's loopback server.
   */
  outboundPrivateOrigins: string[];
}

/** Meta's Graph API: the one base URL a WhatsApp Cloud API channel may always name. */
export const META_GRAPH_URL = 'https://graph.facebook.com';

const listOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter(Boolean);

export const DEFAULT_FEATURES: Record<string, boolean> = {
  hideSignup: false,
  showTopBar: true,
  COMMUNITY: false,
  'MARKET_PLACE.VIEW': true,
  'RICHCARDS.VIEW': true,
  'COGNITIVE.VIEW': true,
  'BLACKLIST.BLACKLIST': true,
  'FLOW.VIEW': true,
  'MANAGE.DELIVERYREPORT.VIEW': true,
  'MARKET_PLACE.MODULE.VIEW': true,
  artifactsEnabled: true,
};

export function parseFeatures(spec: string | undefined): Record<string, boolean> {
  const features = { ...DEFAULT_FEATURES };
  for (const raw of (spec ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (raw.startsWith('-')) features[raw.slice(1)] = false;
    else features[raw.replace(/^\+/, '')] = true;
  }
  return features;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/** An absolute http(s) address, or a start-up refusal that names the setting. */
function analyticsUrlOf(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`PARLEY_ANALYTICS_URL is not an address: ${value}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('PARLEY_ANALYTICS_URL must be an http(s) address');
  return url.toString();
}

const isLoopback = (host: string) => LOOPBACK_HOSTS.has(host.toLowerCase());

/** Settings that would open accounts to the network are refused outright rather than warned about. */
function assertSafe(config: Config): Config {
  if (config.devMailbox && !isLoopback(config.host)) {
    throw new Error(
      `PARLEY_DEV_MAILBOX=on lets anyone read every mailed reset link without signing in, so it needs a loopback HOST ` +
        `(127.0.0.1, ::1 or localhost), but HOST is "${config.host}". Unset PARLEY_DEV_MAILBOX or set HOST=127.0.0.1.`,
    );
  }
  return config;
}

const here = fileURLToPath(new URL('.', import.meta.url));

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = Number(env.PORT ?? 8080);
  const oidcIssuer = env.OIDC_ISSUER;
  return assertSafe({
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    captcha: env.PARLEY_CAPTCHA !== 'off',
    adminPassword: env.PARLEY_ADMIN_PASSWORD ?? 'parley-admin',
    seedDemo: env.PARLEY_SEED !== 'off',
    trainDemoAgent: env.PARLEY_DEMO_TRAINING !== 'off',
    demoCustomers: env.PARLEY_DEMO_CUSTOMERS !== 'off',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Parley <no-reply@parley.dev>',
    devMailbox: env.PARLEY_DEV_MAILBOX === 'on',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    secretKey: env.PARLEY_SECRET_KEY || undefined,
    sessionIdleHours: Number(env.SESSION_IDLE_HOURS ?? 24),
    oidc: oidcIssuer ? { issuer: oidcIssuer, clientId: env.OIDC_CLIENT_ID ?? '', clientSecret: env.OIDC_CLIENT_SECRET || undefined } : undefined,
    features: parseFeatures(env.PARLEY_FEATURES),
    hostDist: resolve(env.HOST_DIST ?? resolve(here, '../../host/dist')),
    elementsDist: resolve(env.ELEMENTS_DIST ?? resolve(here, '../../elements/dist-bundles')),
    whitelabelDir: env.WHITELABEL_DIR ? resolve(env.WHITELABEL_DIR) : undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    jobs: env.PARLEY_JOBS !== 'off',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    frameAncestors: env.PARLEY_FRAME_ANCESTORS?.trim() || "'self'",
    analyticsUrl: analyticsUrlOf(env.PARLEY_ANALYTICS_URL),
    defaultLlm: env.OPENAI_BASE_URL
      ? {
          baseUrl: env.OPENAI_BASE_URL,
          apiKey: env.OPENAI_API_KEY || 'none',
          model: env.OPENAI_MODEL || 'gpt-4o-mini',
          embeddingModel: env.OPENAI_EMBEDDING_MODEL || undefined,
        }
      : undefined,
    llmLimits: {
      dailyTokensPerAgent: Number(env.PARLEY_LLM_DAILY_TOKENS_PER_AGENT ?? 500_000),
      callsPerMinutePerAgent: Number(env.PARLEY_LLM_CALLS_PER_MINUTE_PER_AGENT ?? 120),
    },
    maxDocumentBytes: Number(env.PARLEY_MAX_DOCUMENT_BYTES ?? 10 * 1024 * 1024),
    maxCsvBytes: Number(env.PARLEY_MAX_CSV_BYTES ?? 512 * 1024 * 1024),
    defaultCountry: (env.PARLEY_DEFAULT_COUNTRY ?? 'IN').toUpperCase(),
    sandbox: env.PARLEY_SANDBOX !== 'off',
    sandboxAccessToken: env.PARLEY_SANDBOX_ACCESS_TOKEN ?? '',
    sandboxAppSecret: env.PARLEY_SANDBOX_APP_SECRET ?? '',
    sandboxWebhookUrl: env.PARLEY_SANDBOX_WEBHOOK_URL || undefined,
    sandboxRatePerSecond: Number(env.PARLEY_SANDBOX_RATE ?? 80),
    sandboxApprovalSeconds: Number(env.PARLEY_SANDBOX_APPROVAL_SECONDS ?? 3),
    sandboxWebhookBatchMs: Number(env.PARLEY_SANDBOX_WEBHOOK_BATCH_MS ?? 50),
    sandboxWebhookRetryMs: Number(env.PARLEY_SANDBOX_WEBHOOK_RETRY_MS ?? 1000),
    sandboxWebhookRetryMaxMs: Number(env.PARLEY_SANDBOX_WEBHOOK_RETRY_MAX_MS ?? 3_600_000),
    broadcastRatePerSecond: Number(env.PARLEY_BROADCAST_RATE ?? 80),
    broadcastReconcileMs: Number(env.PARLEY_BROADCAST_RECONCILE_MS ?? 15_000),
    whatsappVerifyToken: env.PARLEY_WHATSAPP_VERIFY_TOKEN ?? '',
    maxUploadBytes: Number(env.PARLEY_MAX_UPLOAD_BYTES ?? 100 * 1024 * 1024),
    whatsappBaseUrls: [...new Set([META_GRAPH_URL, ...listOf(env.PARLEY_WHATSAPP_BASE_URLS)])],
    outboundPrivateOrigins: listOf(env.PARLEY_OUTBOUND_PRIVATE_ORIGINS),
    ...overrides,
  });
}
