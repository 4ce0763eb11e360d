import { eq, sql } from 'drizzle-orm';
import type { CountryCode } from 'libphonenumber-js';
import { Codes } from '@parley/sdk/contract/envelope';
import { WHATSAPP_CLOUD_VENDOR } from '@parley/sdk/contract/channels';
import { BroadcastMessages, type VariableMapping } from '@parley/sdk/contract/broadcasts';
import type { TemplateComponent } from '@parley/sdk/contract/templates';
import type { Db } from '../../db/database.js';
import { broadcasts, users } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { ArtifactService } from '../artifacts/service.js';
import { ourFileId } from '../artifacts/vendor-url.js';
import { loadChannelForSend } from '../channels/vendor-for.js';
import { isUuid } from '../customers/queries.js';
import { findTemplateOfChannel } from '../templates/queries.js';
import { assertAffordable } from '../billing/broadcast-budget.js';
import { componentsFor, MissingValue, planSend, type MediaRef, type SendPlan } from './components.js';
import { customerFieldLookup } from './send-fields.js';
import { customersByPhone, customFieldKeys, normaliseNumbers, type RecipientCustomer } from './recipients.js';
import { queueBroadcast } from './send-queue.js';

/** Rows per insert statement (an unnest of arrays): ten statements for the largest broadcast. */
const INSERT_CHUNK = 10_000;

export interface SendDeps {
  db: Db;
  jobs: JobQueue;
  artifacts: ArtifactService;
  defaultCountry: CountryCode;
  /** PUBLIC_URL: media on it are our artifacts (`/files/<id>/<name>`), and the vendor fetches them from there. */
  publicUrl: string;
}

export interface SendRequest {
  channelId: string;
  phoneNumber: string[];
  message: {
    template: { templateId: string; templateUId?: string | undefined; media?: MediaRef | undefined; cards?: { media?: MediaRef | undefined }[] | undefined };
  };
  columnMapping: VariableMapping[];
  resourceId?: string | undefined;
  resourceType?: string | undefined;
}

const notFound = (message: string) => new ApiError(Codes.NOT_FOUND, message, 404);

/** The artifact a media reference names: by its id, or by a URL of one of our files (a path, or on PUBLIC_URL). */
function artifactIdOf(ref: MediaRef, publicUrl: string): string | null {
  if (ref.id && isUuid(ref.id)) return ref.id;
  return ourFileId(ref.url, publicUrl);
}

type AskedTemplate = SendRequest['message']['template'];

/** The request's media with our files' URLs replaced by the ones the vendor fetches. */
function withVendorUrls(asked: AskedTemplate, urls: Map<string, string>): AskedTemplate {
  const swap = (m: MediaRef | undefined) => (m && urls.has(m.url) ? { ...m, url: urls.get(m.url)! } : m);
  const media = swap(asked.media);
  const cards = asked.cards?.map((c) => {
    const cardMedia = swap(c.media);
    return cardMedia ? { ...c, media: cardMedia } : c;
  });
  return { ...asked, ...(media ? { media } : {}), ...(cards ? { cards } : {}) };
}

/**
 * Send broadcast (customer-master-and-broadcast 6): everything checked first, then the broadcast and all its
 * recipients stored in one transaction, each recipient's components already filled in, and the job queued under the
 * broadcast's id (so however often it is asked, it is queued once). Answers before anything is sent.
 */
export async function sendBroadcast(deps: SendDeps, auth: AuthContext, input: SendRequest) {
  const { db } = deps;
  const numbers = normaliseNumbers(input.phoneNumber, deps.defaultCountry);
  const channel = await loadChannelForSend(db, auth.eId, input.channelId);
  if (channel.vendor !== WHATSAPP_CLOUD_VENDOR) throw notFound(BroadcastMessages.channelNotFound);
  const asked = input.message.template;
  const template = await findTemplateOfChannel(db, auth.eId, channel.id, asked.templateId.trim(), false);
  if (!template || (asked.templateUId && asked.templateUId !== template.id)) throw notFound(BroadcastMessages.templateNotFound);
  if (template.status !== 'APPROVED') throw ApiError.field('templateId', BroadcastMessages.templateNotApproved);
  const checked = planSend(template.components as TemplateComponent[], asked, input.columnMapping);
  // Our files reach the vendor on PUBLIC_URL (a page may have them as a path, or on another name of this server), and
  // a private one with a signed link: the vendor fetches media by URL, without a session.
  const vendorUrls = new Map<string, string>();
  for (const { ref, kind } of checked.media) {
    const artifactId = artifactIdOf(ref, deps.publicUrl);
    if (artifactId) vendorUrls.set(ref.url, await deps.artifacts.vendorMediaUrl(auth, artifactId, kind));
  }
  const plan = vendorUrls.size ? planSend(template.components as TemplateComponent[], withVendorUrls(asked, vendorUrls), input.columnMapping) : checked;

  const rows = await recipientRows(db, auth.eId, plan, numbers);
  // A prepaid wallet that cannot cover the broadcast refuses it here, before anything is stored or sent.
  await assertAffordable(db, auth.eId, template.category, rows.filter((r) => !r.error).length);
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, auth.uId));
  const id = await db.transaction(async (tx) => {
    const [b] = await tx
      .insert(broadcasts)
      .values({
        eId: auth.eId,
        name: template.name,
        channelId: channel.id,
        channelName: channel.name,
        templateId: template.id,
        templateName: template.name,
        language: template.language,
        message: input.message,
        columnMapping: input.columnMapping,
        resourceType: input.resourceType ?? null,
        resourceId: input.resourceId ?? null,
        total: rows.length,
        failed: rows.filter((r) => r.error).length,
        createdBy: auth.embedKey ? null : auth.uId,
        createdByName: user?.name ?? '',
      })
      .returning({ id: broadcasts.id });
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const chunk = rows.slice(i, i + INSERT_CHUNK);
      await tx.execute(sql`
        insert into broadcast_messages (broadcast_id, e_id, recipient, customer_id, components, state, error_title, status_at)
        select ${b!.id}::uuid, ${auth.eId}::uuid, recipient, customer_id, components, state, error_title, case when state = 'failed' then now() end
        from unnest(${sql.param(chunk.map((r) => r.recipient))}::text[], ${sql.param(chunk.map((r) => r.customerId))}::uuid[],
          ${sql.param(chunk.map((r) => JSON.stringify(r.components)))}::jsonb[], ${sql.param(chunk.map((r) => (r.error ? 'failed' : 'queued')))}::text[],
          ${sql.param(chunk.map((r) => r.error))}::text[]) as t(recipient, customer_id, components, state, error_title)`);
    }
    return b!.id;
  });
  // Queued after the commit (the queue writes through its own connection); a crash in between leaves the broadcast
  // QUEUED, and the next start queues every such broadcast again (send-queue.ts).
  await queueBroadcast(deps.jobs, id, auth.eId);
  return id;
}

interface RecipientRow {
  recipient: string;
  customerId: string | null;
  components: unknown[];
  error: string | null;
}

async function recipientRows(db: Db, eId: string, plan: SendPlan, numbers: string[]): Promise<RecipientRow[]> {
  const found = plan.usesCustomers ? await customersByPhone(db, eId, numbers) : new Map<string, RecipientCustomer>();
  const fields = plan.usesCustomers ? await customFieldKeys(db, eId) : new Map<string, string>();
  // Without customer values every recipient has the same components: made once.
  const shared = plan.usesCustomers ? null : componentsFor(plan, () => undefined);
  return numbers.map((recipient) => {
    const customer = found.get(recipient);
    if (shared) return { recipient, customerId: customer?.id ?? null, components: shared, error: null };
    try {
      return { recipient, customerId: customer?.id ?? null, components: componentsFor(plan, customerFieldLookup(recipient, customer, fields)), error: null };
    } catch (err) {
      if (!(err instanceof MissingValue)) throw err;
      return { recipient, customerId: customer?.id ?? null, components: [], error: err.message };
    }
  });
}
