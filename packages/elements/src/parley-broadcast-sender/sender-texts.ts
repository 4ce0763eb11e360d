import { BroadcastMessages } from '@parley/sdk/contract/broadcast-texts';

/** How many refused numbers a message names before it only counts the rest: a pasted list can be thousands long. */
const NAMED_AT_MOST = 10;

/** The form's own words where the spec has none, in its voice. */
export const SenderTexts = {
  vendorCannotSend: 'This vendor cannot send templates yet',
  /** The channel list's line under such a channel. */
  vendorCannotSendShort: 'Cannot send templates yet',
  noApprovedTemplates: 'No approved templates for this channel',
  refusedNumbersLabel: 'Refused numbers',
  insertField: 'Insert field',
  expressionHelp: 'Customer fields in braces, e.g. {Phone Number}',
  /** 'please enter valid number: 12345', or with a count when several: 'please enter valid number (2): 12345, 0000000000'. */
  invalidNumbers(numbers: readonly string[]) {
    const named = numbers.slice(0, NAMED_AT_MOST).join(', ');
    const rest = numbers.length - NAMED_AT_MOST;
    const list = rest > 0 ? `${named} and ${rest} more` : named;
    return numbers.length === 1 ? `${BroadcastMessages.invalidNumber}: ${list}` : `${BroadcastMessages.invalidNumber} (${numbers.length}): ${list}`;
  },
} as const;
