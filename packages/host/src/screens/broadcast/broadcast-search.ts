import { parseDate } from '@internationalized/date';
import { BROADCAST_SORTS } from '@parley/sdk/contract/broadcasts';
import { z } from 'zod';
import { BroadcastPageSizes } from '@parley/sdk/contract/broadcast-texts';
import { fromParam, nameParam, searchParser, sortParams } from '../../components/list-search.js';

/** A calendar day as the URL writes it (2024-01-31); a day no calendar has (2024-02-30) is dropped. */
const day = z
  .string()
  .refine((s) => {
    try {
      return parseDate(s).toString() === s;
    } catch {
      return false;
    }
  })
  .optional()
  .catch(undefined);

/**
 * `/campaigns/broadcast?name=&start=&end=&from=&sort=&dir=`: the history's name search, the submitted Start and End
 * Date, page and sort. The dates go together: one alone, or an end before the start, gives the default last 7 days.
 */
export const broadcastSearch = z
  .object({
    name: nameParam,
    start: day,
    end: day,
    from: fromParam(BroadcastPageSizes.history),
    ...sortParams(BROADCAST_SORTS),
  })
  .transform(({ start, end, ...rest }): typeof rest & { start?: string; end?: string } => (start && end && end >= start ? { ...rest, start, end } : rest));
export type BroadcastSearch = z.output<typeof broadcastSearch>;

export const parseBroadcastSearch = searchParser(broadcastSearch);
