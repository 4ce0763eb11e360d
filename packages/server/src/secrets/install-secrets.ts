import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';

/** The settings that once defaulted to the same public value on every installation. */
const KEYS = ['sandboxAccessToken', 'sandboxAppSecret', 'whatsappVerifyToken'] as const;
type Key = (typeof KEYS)[number];
export type InstallSecrets = Record<Key, string>;

export const INSTALL_SECRETS_FILE = 'install-secrets.json';

const fresh = (): string => randomBytes(24).toString('base64url');

function readKept(file: string): Partial<InstallSecrets> {
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    return Object.fromEntries(KEYS.filter((k) => typeof kept[k] === 'string' && kept[k] !== '').map((k) => [k, kept[k] as string]));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`${file} is unreadable (${(err as Error).message}); remove it to make new values`, { cause: err });
  }
}

/**
 * The sandbox's access token and app secret and Meta's webhook verify token, made at random at the first start and
 * kept in DATA_DIR beside the sealing key (secret.key, the same way and with the same mode), so that no two
 * installations share them: with a public app secret, anyone could sign webhooks the demo channel would accept.
 * Without a data directory (an in-memory database) each start makes its own. Processes of one installation on
 * PostgreSQL share DATA_DIR, as they share the sealing key, or set the variables.
 */
export function installSecrets(dataDir: string | null): InstallSecrets {
  if (!dataDir) return { sandboxAccessToken: fresh(), sandboxAppSecret: fresh(), whatsappVerifyToken: fresh() };
  const file = join(dataDir, INSTALL_SECRETS_FILE);
  const kept = readKept(file);
  if (KEYS.every((k) => kept[k])) return kept as InstallSecrets;
  const made = { sandboxAccessToken: fresh(), sandboxAppSecret: fresh(), whatsappVerifyToken: fresh(), ...kept };
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': of two processes making the first values at once, one writes and the other reads what it wrote.
    writeFileSync(file, JSON.stringify(made, null, 2), { mode: 0o600, flag: Object.keys(kept).length ? 'w' : 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return installSecrets(dataDir);
    throw err;
  }
  return made;
}

/** `config` with every one of these settings its variable left empty taken from the installation's own values. */
export function withInstallSecrets(config: Config, dataDir: string | null): Config {
  if (KEYS.every((k) => config[k])) return config;
  const own = installSecrets(dataDir);
  return { ...config, ...Object.fromEntries(KEYS.map((k) => [k, config[k] || own[k]])) };
}
