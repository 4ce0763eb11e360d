import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../mail/mailer.js';
import type { SealedBox } from '../../secrets/sealed-box.js';
import type { CaptchaService } from './captcha.js';
import type { OneTimeTokens } from './one-time-tokens.js';
import type { SessionStore } from './sessions.js';
import type { Throttle } from './throttle.js';

export interface AccountDeps {
  config: Config;
  db: Db;
  sessions: SessionStore;
  captcha: CaptchaService;
  throttle: Throttle;
  tokens: OneTimeTokens;
  mailer: Mailer;
  sealed: SealedBox;
}
