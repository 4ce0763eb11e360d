import { z } from 'zod';
import { CHANNEL_SORTS } from '@parley/sdk/contract/channels';
import { ChannelPageSizes, ChannelTypes } from '@parley/sdk/contract/channel-texts';
import { fromParam, nameParam, searchParser, sortParams } from '../../../components/list-search.js';

const TYPES = new Set<number>(Object.values(ChannelTypes));

/** `/admin/channels?name=&type=&from=&sort=&dir=`: the channel list's search, type filter, page and sort. */
export const channelSearch = z.object({
  name: nameParam,
  type: z.coerce
    .number()
    .refine((t) => TYPES.has(t))
    .optional()
    .catch(undefined),
  from: fromParam(ChannelPageSizes.channels),
  ...sortParams(CHANNEL_SORTS),
});
export type ChannelSearch = z.output<typeof channelSearch>;

export const parseChannelSearch = searchParser(channelSearch);
