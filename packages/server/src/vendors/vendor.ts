import type { TemplateComponent, TemplateStatus } from '@parley/sdk/contract/templates';

/**
 * What the product needs of a messaging vendor: send a template message, manage templates, read its webhooks.
 * One client per channel, built from the channel's (unsealed) fields; WhatsApp Cloud API is the one that exists now.
 */
export interface VendorClient {
  /** Sends a template message; resolves to the vendor's message id (a `wamid`) or rejects with a VendorError. */
  sendTemplate(message: TemplateSend): Promise<{ messageId: string }>;
  /** Sends a free-form message inside the customer-service window: text, or media by a link the vendor can fetch. */
  sendMessage(message: FreeFormSend): Promise<{ messageId: string }>;
  /** Tells the vendor the business has read a customer's message (and those before it): the customer sees blue ticks. */
  markRead(messageId: string): Promise<void>;
  /** The bytes of a customer's media, by the id the webhook gave. */
  downloadMedia(mediaId: string): Promise<{ bytes: Buffer; mimeType: string }>;
  /** Submits a template for approval; resolves to the vendor's template id and its first status. */
  submitTemplate(template: TemplateSubmission): Promise<{ vendorTemplateId: string; status: TemplateStatus }>;
  /** The vendor's current view of the channel's templates (name, language, status, reason). */
  listTemplates(): Promise<VendorTemplate[]>;
  deleteTemplate(name: string): Promise<void>;
  /**
   * Checks a webhook's signature against the raw body and reads its events. Throws WebhookSignatureError when the
   * signature is missing or wrong.
   */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent[];
}

export interface TemplateSend {
  to: string;
  templateName: string;
  language: string;
  /** Cloud API send components: header / body / button parameters, carousel cards. */
  components: unknown[];
  /** Comes back on every status webhook of this message (Cloud API `biz_opaque_callback_data`). */
  callbackData?: string;
}

export type FreeFormSend =
  | { to: string; type: 'text'; text: string }
  | { to: string; type: 'image' | 'video' | 'audio' | 'document'; link: string; caption?: string; fileName?: string };

export interface TemplateSubmission {
  name: string;
  language: string;
  category: string;
  components: TemplateComponent[];
}

export interface VendorTemplate {
  vendorTemplateId: string;
  name: string;
  language: string;
  status: TemplateStatus;
  rejectedReason: string | null;
}

/** A message status change (sent, delivered, read, failed) or a template's review result. */
export type WebhookEvent =
  | {
      kind: 'status';
      messageId: string;
      status: 'sent' | 'delivered' | 'read' | 'failed';
      /** Unix seconds, as the vendor stamped it. */
      timestamp: number;
      recipient: string;
      errorCode: number | null;
      errorTitle: string | null;
      callbackData: string | null;
      raw: unknown;
    }
  | InboundMessage
  | { kind: 'template'; vendorTemplateId: string; name: string; language: string; status: TemplateStatus; reason: string | null; raw: unknown };

/**
 * A customer's message to the business (Cloud API `messages[]`): its text (the body, a caption, a button's or a list
 * reply's title, a location's name) and what came with it. `type` is the vendor's own; one we do not read is kept as
 * `unsupported` with its raw payload, never refused.
 */
export interface InboundMessage {
  kind: 'message';
  messageId: string;
  from: string;
  profileName: string;
  /** Unix seconds, as the vendor stamped it. */
  timestamp: number;
  type: string;
  text: string;
  media: { id: string; mimeType: string; fileName: string | null; caption: string | null } | null;
  location: { latitude: number; longitude: number; name: string | null; address: string | null } | null;
  /** The message this one answers or reacts to (`context.id`, a reaction's `message_id`). */
  replyTo: string | null;
  raw: unknown;
}

/** A vendor refused a call: its own code and text (Cloud API `error.code`, `error.message`). */
export class VendorError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly httpStatus: number,
    /** What went wrong underneath, for the log only. */
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

export class WebhookSignatureError extends Error {}
