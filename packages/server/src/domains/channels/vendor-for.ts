import type { FastifyInstance } from 'fastify';
import { WHATSAPP_CLOUD_VENDOR } from '@parley/sdk/contract/channels';
import type { Config } from '../../config.js';
import { outboundFetch } from '../../net/outbound-fetch.js';
import type { SealedBox } from '../../secrets/sealed-box.js';
import { injectFetch } from '../../vendors/inject-fetch.js';
import { VendorError, type VendorClient } from '../../vendors/vendor.js';
import { WhatsAppCloudClient } from '../../vendors/whatsapp-cloud.js';
import { isUuid } from '../customers/queries.js';
import { openSecrets } from './channel-secrets.js';
import { API_VERSION, DEFAULT_API_VERSION, GRAPH_ID, graphBaseUrl } from './graph-endpoint.js';
import { findChannel, type ChannelRow, type Runner } from './queries.js';
import { channelNotFound } from './service.js';

export type { ChannelRow } from './queries.js';

export interface VendorDeps {
  sealed: SealedBox;
  app: FastifyInstance;
  config: Config;
}

/**
 * The client that speaks for a channel, built from its unsealed fields. Only WhatsApp Cloud API channels send from
 * here; the spec's vendors cannot be reached. Every call leaves through the outbound-fetch rules (no private
 * addresses unless the operator lists them, no redirects).
 */
export function vendorFor(channel: ChannelRow, deps: VendorDeps): VendorClient {
  if (channel.vendor !== WHATSAPP_CLOUD_VENDOR) throw new VendorError('This vendor cannot send from here', 0, 400);
  const endpoint = graphBaseUrl(channel.data, deps.config);
  if (!endpoint) throw new VendorError("This channel's Graph API base URL is not allowed on this server", 0, 400);
  const { phoneNumberId = '', wabaId = '' } = channel.data;
  const apiVersion = channel.data.apiVersion?.trim() || DEFAULT_API_VERSION;
  if (!GRAPH_ID.test(phoneNumberId) || !GRAPH_ID.test(wabaId) || !API_VERSION.test(apiVersion)) {
    throw new VendorError("This channel's phone number id, WABA id or API version is not valid", 0, 400);
  }
  const secrets = openSecrets(deps.sealed, channel);
  return new WhatsAppCloudClient({
    baseUrl: endpoint.baseUrl,
    apiVersion,
    phoneNumberId,
    wabaId,
    accessToken: secrets.accessToken ?? '',
    appSecret: secrets.appSecret ?? '',
    fetch: endpoint.sandbox ? injectFetch(deps.app) : outboundFetch({ privateOrigins: deps.config.outboundPrivateOrigins }),
  });
}

/** The enterprise's channel to send through or manage templates of; 'Channel not found' (1404) otherwise. */
export async function loadChannelForSend(db: Runner, eId: string, channelId: string): Promise<ChannelRow> {
  const row = isUuid(channelId) ? await findChannel(db, eId, channelId) : null;
  if (!row) throw channelNotFound();
  return row;
}
