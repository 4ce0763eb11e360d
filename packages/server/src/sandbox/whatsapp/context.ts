import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { ConversationLog } from './conversation-log.js';
import type { MediaStore } from './media-store.js';
import type { SlidingRateLimit } from './rate-limit.js';
import type { TemplateReview } from './template-review.js';
import type { SandboxTemplate } from './templates-store.js';
import type { WebhookDelivery } from './webhook-delivery.js';

export interface SandboxTiming {
  /** Gap between one message's status webhooks (sent, delivered, read ...). */
  statusStepMs: number;
  /** Waits before each retry of a webhook the receiver refused; unset: Meta's schedule from the config (metaRetry). */
  retryDelaysMs?: number[];
}

export const DEFAULT_TIMING: SandboxTiming = { statusStepMs: 60 };

/** What the sandbox's handlers share. */
export interface SandboxContext {
  db: Db;
  config: Config;
  timing: SandboxTiming;
  limiter: SlidingRateLimit;
  webhooks: WebhookDelivery;
  review: TemplateReview;
  /** The business's messages and their statuses, as the customer's phone (/sandbox/phone) shows them. */
  conversations: ConversationLog;
  /** What the sandbox's customers upload, served back as the Cloud API serves media. */
  media: MediaStore;
  /**
   * Which account a phone number id sends for, learnt from its first accepted message: the Graph API ties each
   * number to one WABA, but a sandbox number exists only through the calls it receives.
   */
  phoneAccounts: Map<string, string>;
  /** Approved templates by name and language, read at most once a second: a broadcast sends one template thousands of times. */
  approved: Map<string, { at: number; templates: SandboxTemplate[] }>;
}
