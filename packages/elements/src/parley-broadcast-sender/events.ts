/** `parley-broadcast-sent`: the server took the broadcast (stored with its recipients; a job sends it). */
export interface BroadcastSentDetail {
  /** The new broadcast's id: the host may open `/campaigns/broadcast/{id}` or its history. */
  id: string;
  /** The server's message, already shown in the element's toast; a host that navigates away may show it again. */
  message: string;
}

/**
 * `parley-close` (campaign-test and chat-test only, broadcast spec 2 and 8: "embedded mode also closes"): `sent` after
 * the server took the broadcast, `failed` with the server's message when it refused it.
 */
export type BroadcastCloseDetail = { reason: 'sent'; id: string } | { reason: 'failed'; message: string };

/** The element's modes (broadcast spec 4). */
export const SENDER_MODES = ['create', 'view', 'campaign-test', 'chat-test'] as const;
export type SenderMode = (typeof SENDER_MODES)[number];
