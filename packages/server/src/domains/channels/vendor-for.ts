import type { FastifyInstance } from 'fastify';
import { WHATSAPP_CLOUD_VENDOR } from '@parley/sdk/contract/channels';
import type { Config } from '../../config.js';
import type { SealedBox } from '../../secrets/sealed-box.js';
import { injectFetch } from '../../vendors/inject-fetch.js';
import { VendorError, type VendorClient } from '../../vendors/vendor.js';
import { WhatsAppCloudClient } from '../../vendors/whatsapp-cloud.js';
import { isUuid } from '../customers/queries.js';
import { openSecrets } from './channel-secrets.js';
import { findChannel, type ChannelRow, type Runner } from './queries.js';
import { channelNotFound } from './service.js';

export type { ChannelRow } from './queries.js';

export const DEFAULT_API_VERSION = 'v21.0';
/** Where a channel without a base URL sends: the built-in sandbox, reached in-process (no port, no network). */
export const SANDBOX_BASE_URL = 'http://sandbox.internal/sandbox/whatsapp';

export interface VendorDeps {
  sealed: SealedBox;
  app: FastifyInstance;
  config: Config;
}

/**
 * The client that speaks for a channel, built from its unsealed fields. Only WhatsApp Cloud API channels send from
 * here; the spec's vendors cannot be reached.
 */
export function vendorFor(channel: ChannelRow, deps: VendorDeps): VendorClient {
  if (channel.vendor !== WHATSAPP_CLOUD_VENDOR) throw new VendorError('This vendor cannot send from here', 0, 400);
  const secrets = openSecrets(deps.sealed, channel);
  const baseUrl = channel.data.baseUrl?.trim() ?? '';
  return new WhatsAppCloudClient({
    baseUrl: baseUrl || SANDBOX_BASE_URL,
    apiVersion: channel.data.apiVersion?.trim() || DEFAULT_API_VERSION,
    phoneNumberId: channel.data.phoneNumberId ?? '',
    wabaId: channel.data.wabaId ?? '',
    accessToken: secrets.accessToken ?? '',
    appSecret: secrets.appSecret ?? '',
    ...(baseUrl ? {} : { fetch: injectFetch(deps.app) }),
  });
}

/** The enterprise's channel to send through or manage templates of; 'Channel not found' (1404) otherwise. */
export async function loadChannelForSend(db: Runner, eId: string, channelId: string): Promise<ChannelRow> {
  const row = isUuid(channelId) ? await findChannel(db, eId, channelId) : null;
  if (!row) throw channelNotFound();
  return row;
}
