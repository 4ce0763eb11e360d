import type { ChatCounts } from '@parley/sdk/contract/chats';

/** `parley-open-customer`: the agent asked to see the chat's customer in the customer master. */
export interface OpenCustomerDetail {
  customerId: string;
}

/** `parley-chat-opened`: the chat now shown in the thread (also when the host set `chat-id`). */
export interface ChatOpenedDetail {
  chatId: string;
}

/** `parley-count`: the server's live-chat counts (platform-shell 3 "Live chat counts"), after every change. */
export type ChatCountDetail = ChatCounts;

/** `parley-send-template`: a just-in-time chat needs a template and `<parley-broadcast-sender>` is not on the page. */
export interface SendTemplateDetail {
  chatId: string;
  channelId: string;
  customerNumber: string;
}
