import type { TemplateCategory } from '@parley/sdk/contract/templates';
import { TrashTexts } from '@parley/sdk/contract/trash-texts';
import { ApiError } from '../../http/api-error.js';
import { findChannel } from '../channels/queries.js';
import { submitToVendor, type TemplateDeps, type TemplateInput } from '../templates/service.js';
import { rowsOf, type Snapshot } from './snapshot.js';

/** Submits every language of the template to the vendor again; the snapshot comes back with the vendor's answer. */
export async function resubmitTemplates(deps: TemplateDeps, eId: string, snapshot: Snapshot): Promise<Snapshot> {
  const rows = rowsOf(snapshot, 'messageTemplates');
  const channel = await findChannel(deps.db, eId, String(rows[0]?.channelId ?? ''));
  if (!channel) throw ApiError.conflict(TrashTexts.templateChannelGone);
  const submitted = [];
  for (const row of rows) {
    const t = {
      name: String(row.name),
      language: String(row.language),
      category: row.category as TemplateCategory,
      components: row.components as TemplateInput['components'],
    };
    // A refusal is the vendor's own words, as on a create; the item stays in the trash.
    const answer = await submitToVendor(deps, channel, t);
    submitted.push({ ...row, status: answer.status, vendorTemplateId: answer.vendorTemplateId, rejectedReason: null, updatedAt: new Date().toISOString() });
  }
  return { tables: [{ table: 'messageTemplates', rows: submitted }] };
}
