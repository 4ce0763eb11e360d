import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A client for Razorpay's Payment Links API, in its wire format: `POST /v1/payment_links` (amount in the currency's
 * smallest unit, `reference_id`, `callback_url` with `callback_method: "get"`), `GET /v1/payment_links/:id`, HTTP
 * Basic auth with `key_id:key_secret`, errors as `{"error": {"code", "description"}}`. After payment Razorpay
 * redirects the payer to the callback URL with `razorpay_payment_id`, `razorpay_payment_link_id`,
 * `razorpay_payment_link_reference_id`, `razorpay_payment_link_status` and `razorpay_signature`: an HMAC-SHA256 hex
 * digest, keyed by the key secret, of `link_id|reference_id|status|payment_id` (callbackSignature).
 */
export interface RazorpayOptions {
  /** `https://api.razorpay.com`, or the built-in sandbox's `{publicUrl}/sandbox/razorpay`. */
  baseUrl: string;
  keyId: string;
  keySecret: string;
  fetch: typeof fetch;
}

export interface CreateLink {
  /** Paise for INR, cents for USD. */
  amountMinor: number;
  currency: string;
  referenceId: string;
  description: string;
  callbackUrl: string;
  expireBy?: Date;
  contact?: string;
}

export interface PaymentLinkEntity {
  id: string;
  shortUrl: string;
  /** created, partially_paid, expired, cancelled, paid */
  status: string;
  amountMinor: number;
  currency: string;
  referenceId: string;
  expireBy: Date | null;
}

/** A refusal or failure of the provider: its HTTP status (0: it could not be reached) and its own words. */
export class PaymentProviderError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

type Json = Record<string, unknown>;

function entityOf(body: Json): PaymentLinkEntity {
  if (typeof body.id !== 'string' || typeof body.short_url !== 'string') throw new PaymentProviderError(502, 'The payment provider answered without a link');
  return {
    id: body.id,
    shortUrl: body.short_url,
    status: typeof body.status === 'string' ? body.status : 'created',
    amountMinor: Number(body.amount),
    currency: String(body.currency ?? ''),
    referenceId: String(body.reference_id ?? ''),
    expireBy: Number(body.expire_by) > 0 ? new Date(Number(body.expire_by) * 1000) : null,
  };
}

export class RazorpayLinks {
  constructor(private readonly opts: RazorpayOptions) {}

  private async call(method: 'GET' | 'POST', path: string, body?: Json): Promise<Json> {
    const auth = Buffer.from(`${this.opts.keyId}:${this.opts.keySecret}`).toString('base64');
    let res: Response;
    try {
      res = await this.opts.fetch(`${this.opts.baseUrl.replace(/\/$/, '')}${path}`, {
        method,
        headers: { authorization: `Basic ${auth}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      throw new PaymentProviderError(0, err instanceof Error ? err.message : String(err));
    }
    const text = await res.text();
    let json: Json = {};
    try {
      json = text ? (JSON.parse(text) as Json) : {};
    } catch {
      // Not JSON (a proxy's error page): the status says enough.
    }
    if (!res.ok) {
      const error = (json.error ?? {}) as Json;
      throw new PaymentProviderError(
        res.status,
        typeof error.description === 'string' ? error.description : `HTTP ${res.status}`,
        typeof error.code === 'string' ? error.code : null,
      );
    }
    return json;
  }

  async createLink(link: CreateLink): Promise<PaymentLinkEntity> {
    return entityOf(
      await this.call('POST', '/v1/payment_links', {
        amount: link.amountMinor,
        currency: link.currency,
        accept_partial: false,
        reference_id: link.referenceId,
        description: link.description,
        ...(link.expireBy ? { expire_by: Math.floor(link.expireBy.getTime() / 1000) } : {}),
        ...(link.contact ? { customer: { contact: link.contact } } : {}),
        notify: { sms: false, email: false },
        reminder_enable: false,
        callback_url: link.callbackUrl,
        callback_method: 'get',
      }),
    );
  }

  async fetchLink(id: string): Promise<PaymentLinkEntity> {
    return entityOf(await this.call('GET', `/v1/payment_links/${encodeURIComponent(id)}`));
  }

  /** Whether the redirect's parameters are the provider's own (signed with our key secret); compared in constant time. */
  verifyCallback(params: CallbackParams, signature: string): boolean {
    return verifyCallbackSignature(this.opts.keySecret, params, signature);
  }
}

export interface CallbackParams {
  linkId: string;
  referenceId: string;
  status: string;
  paymentId: string;
}

export const callbackSignature = (secret: string, p: CallbackParams) =>
  createHmac('sha256', secret).update(`${p.linkId}|${p.referenceId}|${p.status}|${p.paymentId}`).digest('hex');

export function verifyCallbackSignature(secret: string, p: CallbackParams, signature: string): boolean {
  const expected = Buffer.from(callbackSignature(secret, p), 'utf8');
  const given = Buffer.from(signature.trim().toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
