import { chatsRoutes, profileRoutes } from '@parley/sdk/contract/routes';
import { ParleyTransport, bindApi } from '@parley/sdk/transport';

/** The calls the inbox makes, bound from the SDK's zod-free route tables (no zod in the element's bundle). */
export class LiveChatClient extends ParleyTransport {
  readonly chats = bindApi(this, chatsRoutes);
  readonly profile = bindApi(this, { get: profileRoutes.get });
}
