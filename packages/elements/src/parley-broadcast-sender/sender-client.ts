import { broadcastsRoutes, channelsRoutes, customerDefinitionsRoutes, templatesRoutes, artifactsRoutes } from '@parley/sdk/contract/routes';
import type { BroadcastRequest } from '@parley/sdk/contract/broadcasts';
import { ParleyTransport, bindApi } from '@parley/sdk/transport';

/**
 * The calls the broadcast screen makes, bound from the SDK's zod-free route tables: a page that embeds the element
 * loads the transport and the contract's types, not zod.
 */
export class SenderClient extends ParleyTransport {
  readonly broadcasts = bindApi(this, {
    get: broadcastsRoutes.get,
    messages: broadcastsRoutes.messages,
    messageStatus: broadcastsRoutes.messageStatus,
    expression: broadcastsRoutes.expression,
  });
  readonly channels = bindApi(this, { list: channelsRoutes.list, get: channelsRoutes.get });
  readonly templates = bindApi(this, { list: templatesRoutes.list, variables: templatesRoutes.variables });
  readonly artifacts = bindApi(this, { validateMedia: artifactsRoutes.validateMedia });
  readonly definitions = bindApi(this, { list: customerDefinitionsRoutes.list });

  /**
   * Send: unlike the other calls, the screen shows the server's own words on success (spec 4 "message shown"), so
   * this one keeps the envelope's message along with the new broadcast's id.
   */
  async sendBroadcast(input: BroadcastRequest, signal: AbortSignal = new AbortController().signal): Promise<{ id: string; message: string }> {
    const envelope = await this.send(broadcastsRoutes.send, input as unknown as Record<string, unknown>, signal);
    const data = envelope.data as { id: string };
    return { id: data.id, message: envelope.message };
  }

  /** A served file's address as the page reaches it (the API base's origin on a partner page). */
  fileUrl(url: string): string {
    try {
      return new URL(url, new URL(this.options.baseUrl, document.baseURI)).href;
    } catch {
      return url;
    }
  }
}
