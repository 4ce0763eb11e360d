/** A Cloud API error as a failed status carries it. */
export interface CloudStatusError {
  code: number;
  title: string;
  message: string;
  error_data: { details: string };
  href: string;
}

export type FateStep = { status: 'sent' | 'delivered' | 'read' } | { status: 'failed'; error: CloudStatusError };

const HREF = 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/';
const cloudError = (code: number, title: string, details: string): CloudStatusError => ({ code, title, message: title, error_data: { details }, href: HREF });

export const FateErrors = {
  undeliverable: cloudError(131026, 'Message undeliverable', 'Message Undeliverable.'),
  reEngagement: cloudError(
    131047,
    'Re-engagement message',
    'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  ),
  /** The On-Premises API's code for the same 24-hour rule; some providers still relay it. */
  window: cloudError(
    470,
    'Message failed to send because more than 24 hours have passed since the customer last replied to this number',
    'Outside the 24-hour customer service window.',
  ),
};

const sent: FateStep = { status: 'sent' };
const delivered: FateStep = { status: 'delivered' };
const read: FateStep = { status: 'read' };
const fail = (error: CloudStatusError): FateStep => ({ status: 'failed', error });

/** Fixed fates by the recipient's last four digits, so tests and demos can ask for each case. */
const BY_ENDING: Record<string, FateStep[]> = {
  '0001': [sent, fail(FateErrors.undeliverable)],
  '0002': [fail(FateErrors.reEngagement)],
  '0003': [fail(FateErrors.window)],
  '0004': [sent, read, delivered],
  '0005': [sent, sent, delivered, delivered, read, read],
};

/**
 * The status webhooks a message gets, in the order they are posted. Numbers ending 0001 to 0005 get the fixed fates
 * above; any other number gets a fate from a hash of its digits (the same number always fares the same): about 2 in
 * 100 fail with 131026, 10 get read before delivered, 10 get every event twice, the rest sent, delivered, read.
 */
export function messageFate(recipient: string): FateStep[] {
  const digits = recipient.replace(/\D/g, '');
  const fixed = BY_ENDING[digits.slice(-4)];
  if (fixed) return fixed;
  const roll = fnv1a(digits) % 100;
  if (roll < 2) return BY_ENDING['0001']!;
  if (roll < 12) return BY_ENDING['0004']!;
  if (roll < 22) return BY_ENDING['0005']!;
  return [sent, delivered, read];
}

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
