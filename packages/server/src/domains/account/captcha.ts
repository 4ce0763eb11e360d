import { and, eq, gt, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/database.js';
import { captchas } from '../../db/schema.js';
import { sha256 } from './secrets.js';

const TTL_MS = 5 * 60_000;

/**
 * Image captchas (svg-captcha: distorted text with noise lines, no native dependencies). Each answer is stored
 * hashed, expires after five minutes, and is consumed by the first check whatever its result.
 */
export class CaptchaService {
  constructor(
    private readonly db: Db,
    readonly enforced: boolean,
  ) {}

  async generate(purpose = 'login') {
    const { text, data } = svgCaptcha.create({ size: 5, noise: 3, color: true, ignoreChars: '0oO1lIi' });
    await this.db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
    const [row] = await this.db
      .insert(captchas)
      .values({ answerHash: sha256(text.toLowerCase()), purpose, expiresAt: new Date(Date.now() + TTL_MS) })
      .returning({ id: captchas.id });
    return { captchaId: row!.id, captcha: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
  }

  /** True when the answer matches an unexpired captcha; always true while checking is off (PARLEY_CAPTCHA=off). */
  async check(captchaId: string, answer: string): Promise<boolean> {
    if (!this.enforced) return true;
    if (!/^[0-9a-f-]{36}$/i.test(captchaId)) return false;
    const [row] = await this.db
      .delete(captchas)
      .where(and(eq(captchas.id, captchaId), gt(captchas.expiresAt, new Date())))
      .returning({ answerHash: captchas.answerHash });
    return row?.answerHash === sha256(answer.trim().toLowerCase());
  }
}
