import { ChatAction } from '@parley/sdk/contract/chat-texts';
import type { ChatMessage } from '@parley/sdk/contract/chats';
import { formatMoment } from '../../format/locale.js';

export type Speaker = 'customer' | 'agent' | 'bot' | 'system';

export interface TranscriptLine {
  actionId: number;
  speaker: Speaker;
  /** Who, as the bubble's caption. */
  name: string;
  /** Plain text, always rendered as text (a customer's words are never markup). */
  text: string;
  at: Date;
  /** The day, shown once above its first line. */
  day: string;
  failed: boolean;
}

const SPEAKERS: Partial<Record<number, Speaker>> = {
  [ChatAction.CUSTOMER_START]: 'customer',
  [ChatAction.CUSTOMER_REPLY]: 'customer',
  [ChatAction.AGENT_REPLY]: 'agent',
  [ChatAction.BOT_REPLY]: 'bot',
};

const dayOf = (d: Date) => formatMoment(d, 'day');

/** A message without words (media, location) reads as what it is, with its caption or file name. */
function textOf(m: ChatMessage): string {
  if (m.message) return m.message;
  const a = m.attachment;
  if (!a) return m.kind === 'text' ? '' : `[${m.kind}]`;
  if (a.type === 'location') return `[location] ${[a.name, a.address].filter(Boolean).join(', ') || `${a.latitude ?? ''}, ${a.longitude ?? ''}`}`;
  return `[${a.type}] ${a.caption || a.fileName || ''}`.trim();
}

/** A chat's messages as the transcript shows them: bubbles per speaker, the bot's turns apart, system lines centred. */
export function transcriptLines(messages: readonly ChatMessage[], customerName: string): TranscriptLine[] {
  return messages.map((m) => {
    const speaker: Speaker = m.kind === 'system' ? 'system' : (SPEAKERS[m.actionType] ?? 'system');
    const at = new Date(m.actedOn);
    const name = speaker === 'customer' ? customerName || m.userName : speaker === 'bot' ? m.userName || 'Bot' : m.userName;
    return { actionId: m.actionId, speaker, name, text: textOf(m), at, day: dayOf(at), failed: m.status === 3 };
  });
}

/** A message's time of day, in the console's locale. */
export const clockTime = (d: Date) => formatMoment(d, 'time');
