import type { TemplateStatus } from '@parley/sdk/contract/templates';
import { OutboundRefused, outboundFetch } from '../net/outbound-fetch.js';
import { cloudTemplateStatus, parseCloudWebhook, verifyCloudSignature } from './whatsapp-webhook.js';
import {
  VendorError,
  WebhookSignatureError,
  type FreeFormSend,
  type TemplateSend,
  type TemplateSubmission,
  type VendorClient,
  type VendorTemplate,
  type WebhookEvent,
} from './vendor.js';

export { cloudTemplateStatus, parseCloudWebhook, parseCloudWebhookEntries, signCloudBody, verifyCloudSignature } from './whatsapp-webhook.js';

export interface WhatsAppCloudOptions {
  /** `https://graph.facebook.com` for Meta; the sandbox's `.../sandbox/whatsapp` otherwise. */
  baseUrl: string;
  apiVersion: string;
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  appSecret: string;
  /** The outbound-fetch rules by default; the in-process sandbox passes `injectFetch(app)`. */
  fetch?: typeof fetch;
}

/** Graph pages are followed this far at most: a WABA holds at most a few thousand templates. */
const MAX_PAGES = 50;
const PAGE_SIZE = 100;
const LIST_FIELDS = 'name,language,status,category,id,components,rejected_reason';
const TIMEOUT_MS = 15_000;
const MAX_ERROR_CHARS = 300;
/** Cloud API's largest media (a 100 MB document). */
const MAX_MEDIA_BYTES = 100 * 1024 * 1024;

interface GraphTemplate {
  id?: unknown;
  name?: unknown;
  language?: unknown;
  status?: unknown;
  rejected_reason?: unknown;
}

/** Meta's WhatsApp Cloud API (Graph API) for one phone number and its WhatsApp Business Account. */
export class WhatsAppCloudClient implements VendorClient {
  private readonly fetch: typeof fetch;
  private readonly root: string;

  constructor(private readonly opts: WhatsAppCloudOptions) {
    this.fetch = opts.fetch ?? outboundFetch();
    this.root = `${opts.baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(opts.apiVersion)}`;
  }

  async sendTemplate(message: TemplateSend): Promise<{ messageId: string }> {
    const body = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: message.to,
      type: 'template',
      template: { name: message.templateName, language: { code: message.language }, components: message.components },
      ...(message.callbackData !== undefined ? { biz_opaque_callback_data: message.callbackData } : {}),
    };
    const reply = await this.call('POST', `${this.opts.phoneNumberId}/messages`, { body });
    const id = (reply as { messages?: { id?: unknown }[] }).messages?.[0]?.id;
    if (typeof id !== 'string') throw new VendorError('The vendor answered without a message id', 0, 200);
    return { messageId: id };
  }

  async sendMessage(message: FreeFormSend): Promise<{ messageId: string }> {
    const content =
      message.type === 'text'
        ? { text: { body: message.text, preview_url: /https?:\/\//.test(message.text) } }
        : {
            [message.type]: {
              link: message.link,
              ...(message.caption && message.type !== 'audio' ? { caption: message.caption } : {}),
              ...(message.fileName && message.type === 'document' ? { filename: message.fileName } : {}),
            },
          };
    const body = { messaging_product: 'whatsapp', recipient_type: 'individual', to: message.to, type: message.type, ...content };
    const reply = await this.call('POST', `${this.opts.phoneNumberId}/messages`, { body });
    const id = (reply as { messages?: { id?: unknown }[] }).messages?.[0]?.id;
    if (typeof id !== 'string') throw new VendorError('The vendor answered without a message id', 0, 200);
    return { messageId: id };
  }

  /** Cloud API read receipts: `status: read` on the messages endpoint marks the message and every earlier one read. */
  async markRead(messageId: string): Promise<void> {
    await this.call('POST', `${this.opts.phoneNumberId}/messages`, { body: { messaging_product: 'whatsapp', status: 'read', message_id: messageId } });
  }

  /**
   * Cloud API media: `GET /{media-id}` gives a short-lived URL, fetched with the same bearer token. Only a URL on the
   * channel's own Graph host is followed, so a webhook cannot send the server to fetch from anywhere else.
   */
  async downloadMedia(mediaId: string): Promise<{ bytes: Buffer; mimeType: string }> {
    if (!/^[\w.-]{1,200}$/.test(mediaId)) throw new VendorError('Invalid media id', 0, 400);
    const info = (await this.call('GET', encodeURIComponent(mediaId), {})) as { url?: unknown; mime_type?: unknown };
    if (typeof info.url !== 'string') throw new VendorError('The vendor answered without a media URL', 0, 200);
    const url = new URL(info.url);
    const own = new URL(this.root);
    if (url.origin !== own.origin && !/(^|\.)(fbsbx|facebook|whatsapp)\.(com|net)$/.test(url.hostname)) {
      throw new VendorError("The media URL is not on the vendor's host", 0, 400);
    }
    let res: Response;
    try {
      res = await this.fetch(url.toString(), { headers: { authorization: `Bearer ${this.opts.accessToken}` }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw new VendorError('The vendor could not be reached', 0, 0, err);
    }
    if (!res.ok) throw new VendorError(`The vendor answered HTTP ${res.status}`, 0, res.status);
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length > MAX_MEDIA_BYTES) throw new VendorError('The media is too large', 0, 413);
    return { bytes, mimeType: typeof info.mime_type === 'string' ? info.mime_type : (res.headers.get('content-type') ?? 'application/octet-stream') };
  }

  async submitTemplate(template: TemplateSubmission): Promise<{ vendorTemplateId: string; status: TemplateStatus }> {
    const reply = (await this.call('POST', `${this.opts.wabaId}/message_templates`, {
      body: { name: template.name, language: template.language, category: template.category, components: template.components },
    })) as { id?: unknown; status?: unknown };
    if (reply.id === undefined || reply.id === null) throw new VendorError('The vendor answered without a template id', 0, 200);
    return { vendorTemplateId: String(reply.id), status: cloudTemplateStatus(reply.status) ?? 'PENDING' };
  }

  async listTemplates(): Promise<VendorTemplate[]> {
    const templates: VendorTemplate[] = [];
    let after: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query: Record<string, string> = { fields: LIST_FIELDS, limit: String(PAGE_SIZE), ...(after ? { after } : {}) };
      const reply = (await this.call('GET', `${this.opts.wabaId}/message_templates`, { query })) as {
        data?: GraphTemplate[];
        paging?: { next?: string; cursors?: { after?: string } };
      };
      for (const t of reply.data ?? []) {
        const status = cloudTemplateStatus(t.status);
        if (!status || typeof t.name !== 'string') continue;
        const reason = typeof t.rejected_reason === 'string' && t.rejected_reason !== 'NONE' ? t.rejected_reason : null;
        templates.push({ vendorTemplateId: String(t.id), name: t.name, language: String(t.language ?? ''), status, rejectedReason: reason });
      }
      // Graph gives `next` only while more pages exist; its cursor is rebuilt on our own base URL so a proxy or the
      // in-process sandbox never sends us to another host.
      const cursor = reply.paging?.cursors?.after;
      if (!reply.paging?.next || !cursor || cursor === after) break;
      after = cursor;
    }
    return templates;
  }

  async deleteTemplate(name: string): Promise<void> {
    await this.call('DELETE', `${this.opts.wabaId}/message_templates`, { query: { name } });
  }

  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent[] {
    const header = Object.entries(headers).find(([k]) => k.toLowerCase() === 'x-hub-signature-256')?.[1];
    if (!verifyCloudSignature(rawBody, header, this.opts.appSecret)) throw new WebhookSignatureError('Invalid webhook signature');
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return [];
    }
    return parseCloudWebhook(json);
  }

  private async call(method: 'GET' | 'POST' | 'DELETE', path: string, opts: { body?: unknown; query?: Record<string, string> }): Promise<unknown> {
    const url = `${this.root}/${path}${opts.query ? `?${new URLSearchParams(opts.query).toString()}` : ''}`;
    let res: Response;
    let text: string;
    try {
      res = await this.fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${this.opts.accessToken}`,
          accept: 'application/json',
          ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      text = await res.text();
    } catch (err) {
      // The low-level cause (refused, reset, timed out) is not echoed: it would tell a caller which ports are open.
      const notAllowed = err instanceof OutboundRefused;
      throw new VendorError(notAllowed ? 'The vendor could not be reached: its address is not allowed' : 'The vendor could not be reached', 0, 0, err);
    }
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // A proxy's HTML error page: reported with the HTTP status below.
    }
    const error = (json as { error?: { message?: unknown; code?: unknown } } | null)?.error;
    if (error || !res.ok) {
      // Only Graph's documented error fields are passed on, and not at any length.
      const message = typeof error?.message === 'string' ? error.message.slice(0, MAX_ERROR_CHARS) : `The vendor answered HTTP ${res.status}`;
      throw new VendorError(message, typeof error?.code === 'number' ? error.code : 0, res.status);
    }
    return json ?? {};
  }
}
