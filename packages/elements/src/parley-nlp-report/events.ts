/** `parley-conversation-open`: a message row of User Conversations was opened (its intents dialog shows). */
export interface ConversationOpenDetail {
  /** The conversation the message belongs to. */
  sessionId: string;
  /** What the user wrote. */
  message: string;
  /** When, as an ISO instant. */
  createdOn: string;
}
