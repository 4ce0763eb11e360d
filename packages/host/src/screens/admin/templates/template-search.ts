import { z } from 'zod';
import { TEMPLATE_SORTS } from '@parley/sdk/contract/templates';
import { TEMPLATE_STATUSES, TemplatePageSizes } from '@parley/sdk/contract/template-texts';
import { fromParam, nameParam, searchParser, sortParams } from '../../../components/list-search.js';

/** `/admin/messageTemplate/whatsapp?channelId=&name=&status=&from=&sort=&dir=`: the template list's filters, page and sort. */
export const templateSearch = z.object({
  channelId: z.string().trim().min(1).max(100).optional().catch(undefined),
  name: nameParam,
  status: z.enum(TEMPLATE_STATUSES).optional().catch(undefined),
  from: fromParam(TemplatePageSizes.templates),
  ...sortParams(TEMPLATE_SORTS),
});
export type TemplateSearch = z.output<typeof templateSearch>;

export const parseTemplateSearch = searchParser(templateSearch);
