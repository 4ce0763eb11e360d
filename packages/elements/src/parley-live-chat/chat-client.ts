import type { chatConfigApi } from '@parley/sdk/contract/chat-config';
import { chatsRoutes, profileRoutes } from '@parley/sdk/contract/routes';
import { ParleyTransport, bindApi, type Route } from '@parley/sdk/transport';

/** The department's chat labels (Chat Config), offered as tags; typed from the contract without loading it. */
const labelsRoute: Route<typeof chatConfigApi.labels> = { method: 'GET', path: 'e/chat/config/labels' };

/** The calls the inbox makes, bound from the SDK's zod-free route tables (no zod in the element's bundle). */
export class LiveChatClient extends ParleyTransport {
  readonly chats = bindApi(this, chatsRoutes);
  readonly profile = bindApi(this, { get: profileRoutes.get });
  readonly labels = bindApi(this, { list: labelsRoute });
}
