import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Encrypts secrets at rest (TOTP seeds and recovery codes now; LLM keys and vendor credentials later) with
 * AES-256-GCM. The key comes from PARLEY_SECRET_KEY; without it a key file is made in DATA_DIR, which suits one
 * embedded server but not several processes, which must share PARLEY_SECRET_KEY.
 */
export class SealedBox {
  private constructor(private readonly key: Buffer) {}

  static fromConfig(secretKey: string | undefined, dataDir: string | null): SealedBox {
    if (secretKey) {
      const key = Buffer.from(secretKey, 'base64');
      if (key.length !== 32) throw new Error('PARLEY_SECRET_KEY must be 32 bytes, base64-encoded');
      return new SealedBox(key);
    }
    if (!dataDir) return new SealedBox(randomBytes(32));
    const file = join(dataDir, 'secret.key');
    if (!existsSync(file)) {
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
    }
    return new SealedBox(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64'));
  }

  /**
   * An HMAC-SHA256 of `text` for one purpose (e.g. signed file links), base64url. The key is derived per purpose, so a
   * signature made for one use is never valid for another.
   */
  mac(purpose: string, text: string): string {
    const key = createHmac('sha256', this.key).update(`parley:${purpose}`).digest();
    return createHmac('sha256', key).update(text).digest('base64url');
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || !body) throw new Error('Unreadable sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  }
}
