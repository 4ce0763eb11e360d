import { ChatAction } from '@parley/sdk/contract/chat-texts';
import type { ChatMessage } from '@parley/sdk/contract/chats';

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

const dayOf = (d: Date) => d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

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

/** hh:mm am/pm, as the rest of the console writes times. */
export function clockTime(d: Date): string {
  const hours = d.getHours() % 12 || 12;
  return `${String(hours).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')} ${d.getHours() < 12 ? 'am' : 'pm'}`;
}
