/** /chat/conversation's search: `?chatId=` opens that chat (a notification's link), and the open chat is kept there. */
export interface LiveChatSearch {
  chatId?: string;
}

export const validateLiveChatSearch = (s: Record<string, unknown>): LiveChatSearch => (typeof s.chatId === 'string' && s.chatId ? { chatId: s.chatId } : {});
