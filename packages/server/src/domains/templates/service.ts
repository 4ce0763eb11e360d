import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ChannelMessages, WHATSAPP_CLOUD_VENDOR } from '@parley/sdk/contract/channels';
import { Codes, type FieldError } from '@parley/sdk/contract/envelope';
import {
  TemplateMessages,
  type Template,
  type TemplateCategory,
  type TemplateKind,
  type TemplateStatus,
  type templateInput,
} from '@parley/sdk/contract/templates';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { messageTemplates } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import type { SealedBox } from '../../secrets/sealed-box.js';
import { VendorError } from '../../vendors/vendor.js';
import { findChannel, type ChannelRow } from '../channels/queries.js';
import { loadChannelForSend, vendorFor } from '../channels/vendor-for.js';
import { withVendorExamples } from './vendor-examples.js';
import { isUuid } from '../customers/queries.js';
import { deleteToTrash } from '../trash/put-in-trash.js';
import { isUniqueViolation } from '../nlp-agents/queries.js';
import {
  applyVendorStatuses,
  deleteTemplatesNamed,
  findTemplate,
  findTemplateOfChannel,
  listTemplates,
  templateNameTaken,
  type ListedTemplate,
  type TemplateFilter,
} from './queries.js';
import { categoryOf, checkComponents, checkName, kindOf } from './template-rules.js';
import { templateVariables } from './variables.js';

export type TemplateInput = z.infer<typeof templateInput>;

const SAVE_FAILED = 'Save Failed. Please check for errors in fields';
const templateNotFound = () => new ApiError(Codes.NOT_FOUND, TemplateMessages.notFound, 404);
const saveFailed = (errors: FieldError[]) => new ApiError(Codes.VALIDATION_FAILED, SAVE_FAILED, 400, errors);

export interface TemplateDeps {
  db: Db;
  sealed: SealedBox;
  /** The sandbox is reached through it in-process (channels without a base URL). */
  app: FastifyInstance;
  config: Config;
}

/** A vendor's refusal, in its own words; an unreachable vendor is a gateway failure, not the caller's mistake. */
function refused(err: unknown): ApiError {
  const reason = err instanceof Error ? err.message : String(err);
  const answered = err instanceof VendorError && err.httpStatus !== 0;
  return new ApiError(Codes.VALIDATION_FAILED, TemplateMessages.vendorRefused(reason), answered ? 400 : 502);
}

/** The channel's vendor client; a channel this server will not connect for is the caller's to fix (1400), not a 500. */
function clientFor(channel: ChannelRow, deps: TemplateDeps) {
  try {
    return vendorFor(channel, deps);
  } catch (err) {
    throw refused(err);
  }
}

/** Only WhatsApp Cloud API channels have templates here. */
function whatsAppOnly(channel: ChannelRow): ChannelRow {
  if (channel.vendor !== WHATSAPP_CLOUD_VENDOR) throw ApiError.field('channelId', TemplateMessages.channelNotWhatsApp);
  return channel;
}

export function presentTemplate(row: ListedTemplate): Template {
  return {
    id: row.id,
    templateId: row.name,
    name: row.name,
    channelId: row.channelId,
    channelName: row.channelName,
    language: row.language,
    category: row.category as TemplateCategory,
    kind: row.kind as TemplateKind,
    components: row.components as Template['components'],
    status: row.status as TemplateStatus,
    rejectedReason: row.rejectedReason,
    createdOn: row.createdAt.toISOString(),
    updatedOn: row.updatedAt.toISOString(),
  };
}

export class TemplateService {
  constructor(private readonly deps: TemplateDeps) {}

  async list(auth: AuthContext, filter: TemplateFilter, from: number, perPage: number) {
    // A channel id that cannot be one matches nothing rather than every channel.
    if (filter.channelId && !isUuid(filter.channelId)) return { templates: [], more: false };
    const rows = await listTemplates(this.deps.db, auth.eId, filter, from, perPage);
    return { templates: rows.slice(0, perPage).map(presentTemplate), more: rows.length > perPage };
  }

  async get(auth: AuthContext, id: string): Promise<Template> {
    return presentTemplate(await this.own(auth, id));
  }

  private async own(auth: AuthContext, id: string): Promise<ListedTemplate> {
    const row = isUuid(id) ? await findTemplate(this.deps.db, auth.eId, id) : null;
    if (!row) throw templateNotFound();
    return row;
  }

  /**
   * Checks everything and reports every error at once, then submits to the channel's vendor and stores the template
   * with the vendor's id and first status. A vendor's refusal stores nothing.
   */
  async create(auth: AuthContext, input: TemplateInput): Promise<Template> {
    const { db } = this.deps;
    const errors: FieldError[] = [];
    const nameError = checkName(input.name);
    if (nameError) errors.push({ field: 'name', message: nameError });
    const category = categoryOf(input.category);
    if (!category) errors.push({ field: 'category', message: TemplateMessages.categoryRequired });
    const channel = isUuid(input.channelId) ? await findChannel(db, auth.eId, input.channelId) : null;
    if (!channel) errors.push({ field: 'channelId', message: ChannelMessages.notFound });
    else if (channel.vendor !== WHATSAPP_CLOUD_VENDOR) errors.push({ field: 'channelId', message: TemplateMessages.channelNotWhatsApp });
    errors.push(...checkComponents(input.components));
    const name = input.name ?? '';
    if (!nameError && channel && (await templateNameTaken(db, channel.id, name, input.language)))
      errors.push({ field: 'name', message: TemplateMessages.nameTaken });
    if (errors.length || !channel || !category) throw saveFailed(errors);

    const submitted = await submitToVendor(this.deps, channel, { name, language: input.language, category, components: input.components });
    try {
      const [row] = await db
        .insert(messageTemplates)
        .values({
          eId: auth.eId,
          channelId: channel.id,
          name,
          language: input.language,
          category,
          kind: kindOf(input.components),
          components: input.components,
          status: submitted.status,
          vendorTemplateId: submitted.vendorTemplateId,
          createdBy: auth.uId,
        })
        .returning();
      return presentTemplate({ ...row!, channelName: channel.name });
    } catch (err) {
      // Two creates of the same name at once: the unique index decides.
      if (isUniqueViolation(err)) throw saveFailed([{ field: 'name', message: TemplateMessages.nameTaken }]);
      throw err;
    }
  }

  /**
   * Deletes at the vendor first (the Cloud API deletes a name in every language), then every row of that name on the
   * channel, so both sides agree.
   */
  async delete(auth: AuthContext, id: string) {
    const row = await this.own(auth, id);
    const vendor = clientFor(whatsAppOnly(await loadChannelForSend(this.deps.db, auth.eId, row.channelId)), this.deps);
    try {
      await vendor.deleteTemplate(row.name);
    } catch (err) {
      // Gone at the vendor already (deleted in its own console): ours is stale and goes too.
      const stillThere = await vendor.listTemplates().then(
        (all) => all.some((t) => t.name === row.name),
        () => true,
      );
      if (stillThere) throw refused(err);
    }
    await deleteToTrash(this.deps.db, auth, 'template', row.id, (tx) => deleteTemplatesNamed(tx, auth.eId, row.channelId, row.name));
  }

  /** Pulls the vendor's statuses for one channel now; returns how many templates changed. */
  async sync(auth: AuthContext, channelId: string): Promise<number> {
    return syncChannel(this.deps, whatsAppOnly(await loadChannelForSend(this.deps.db, auth.eId, channelId)));
  }

  async variables(auth: AuthContext, channelId: string, templateId: string) {
    const channel = await loadChannelForSend(this.deps.db, auth.eId, channelId);
    const row = await findTemplateOfChannel(this.deps.db, auth.eId, channel.id, templateId, isUuid(templateId));
    if (!row) throw templateNotFound();
    const template = presentTemplate(row);
    return { template, ...templateVariables(template.components) };
  }
}

/** Submits a template for the vendor's review; a refusal is the vendor's own words (a restore from the trash submits again). */
export async function submitToVendor(
  deps: TemplateDeps,
  channel: ChannelRow,
  t: { name: string; language: string; category: TemplateCategory; components: TemplateInput['components'] },
) {
  try {
    return await clientFor(channel, deps).submitTemplate({ ...t, components: withVendorExamples(t.components, deps.config.publicUrl) });
  } catch (err) {
    throw refused(err);
  }
}

export async function syncChannel(deps: TemplateDeps, channel: ChannelRow): Promise<number> {
  let seen;
  try {
    seen = await clientFor(channel, deps).listTemplates();
  } catch (err) {
    throw refused(err);
  }
  return applyVendorStatuses(deps.db, channel.id, seen);
}
