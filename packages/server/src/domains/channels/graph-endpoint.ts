import { ChannelMessages, VENDOR_FORMS, WHATSAPP_CLOUD_VENDOR, type VendorId } from '@parley/sdk/contract/channels';
import type { FieldError } from '@parley/sdk/contract/envelope';
import { META_GRAPH_URL, type Config } from '../../config.js';

export const DEFAULT_API_VERSION = 'v21.0';
/** Where a channel without a base URL sends: the built-in sandbox, reached in-process (no port, no network). */
export const SANDBOX_BASE_URL = 'http://sandbox.internal/sandbox/whatsapp';

/** Graph ids are numbers: anything else could add path segments (`../`) to the calls built from them. */
export const GRAPH_ID = /^\d{1,32}$/;
export const API_VERSION = /^v\d{1,3}\.\d{1,3}$/;

/** The Graph API base URLs this server lets a channel name: Meta's and the operator's (PARLEY_WHATSAPP_BASE_URLS). */
export const allowedBaseUrls = (config: Pick<Config, 'whatsappBaseUrls'>) => new Set([META_GRAPH_URL, ...config.whatsappBaseUrls]);

/**
 * Where a channel's calls go: the built-in sandbox for a channel without a base URL while the sandbox is on (Meta's
 * Graph API when it is off), otherwise its base URL only if this server allows it. Checked at save and again before
 * every call, so a row written before the rule (or by hand) still reaches nothing else.
 */
export function graphBaseUrl(data: Record<string, string>, config: Pick<Config, 'whatsappBaseUrls' | 'sandbox'>): { baseUrl: string; sandbox: boolean } | null {
  const baseUrl = (data.baseUrl ?? '').trim().replace(/\/+$/, '');
  if (!baseUrl) return config.sandbox ? { baseUrl: SANDBOX_BASE_URL, sandbox: true } : { baseUrl: META_GRAPH_URL, sandbox: false };
  return allowedBaseUrls(config).has(baseUrl) ? { baseUrl, sandbox: false } : null;
}

const trimUrl = (value: string | undefined) => (value ?? '').trim().replace(/\/+$/, '');

/**
 * Whether a save changes where the channel connects (any URL field of its vendor): its stored secrets were entered for
 * the old endpoint and are not sent to the new one unless entered again.
 */
export function endpointMoved(vendor: VendorId, before: Record<string, string>, after: Record<string, string> | null | undefined): boolean {
  if (!after) return false;
  return (VENDOR_FORMS[vendor] ?? []).some((f) => f.kind === 'url' && f.key in after && trimUrl(before[f.key]) !== trimUrl(after[f.key]));
}

/** A WhatsApp Cloud API channel's ids, version and base URL, checked as vendorFor will use them. */
export function checkGraphFields(vendor: VendorId, data: Record<string, string>, config: Pick<Config, 'whatsappBaseUrls' | 'sandbox'>): FieldError[] {
  if (vendor !== WHATSAPP_CLOUD_VENDOR) return [];
  const errors: FieldError[] = [];
  for (const [key, label] of [
    ['phoneNumberId', 'Phone number id'],
    ['wabaId', 'Waba id'],
  ] as const) {
    if (data[key] && !GRAPH_ID.test(data[key])) errors.push({ field: `data.${key}`, message: ChannelMessages.digitsOnly(label) });
  }
  if (data.apiVersion && !API_VERSION.test(data.apiVersion)) errors.push({ field: 'data.apiVersion', message: ChannelMessages.apiVersionInvalid });
  if (data.baseUrl && !graphBaseUrl(data, config))
    errors.push({ field: 'data.baseUrl', message: ChannelMessages.baseUrlNotAllowed([...allowedBaseUrls(config)]) });
  return errors;
}
