import { and, eq } from 'drizzle-orm';
import type { CountryCode } from 'libphonenumber-js';
import type { z } from 'zod';
import {
  ChannelMessages,
  ChannelTypes,
  VENDOR_CHANNEL_TYPES,
  Vendors,
  WHATSAPP_CLOUD_VENDOR,
  channelsApi,
  type Channel,
  type channelInput,
  type VendorId,
} from '@parley/sdk/contract/channels';
import { DepartmentMessages } from '@parley/sdk/contract/department-texts';
import { Codes, type FieldError } from '@parley/sdk/contract/envelope';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { channels } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import type { SealedBox } from '../../secrets/sealed-box.js';
import { isUuid } from '../customers/queries.js';
import { isUniqueViolation } from '../nlp-agents/queries.js';
import { departmentOf } from '../departments/queries.js';
import { deleteToTrash } from '../trash/put-in-trash.js';
import { openSecrets, sealSecrets } from './channel-secrets.js';
import { deleteChannel, findChannel, listChannels, nameTaken, type ChannelFilter, type ChannelRow } from './queries.js';
import { checkGraphFields, endpointMoved } from './graph-endpoint.js';
import { checkVendorFields, presentFields } from './vendor-fields.js';

export type ChannelInput = z.infer<typeof channelInput>;

/** The form's refusal, as the contract words it for a malformed request too. */
const SAVE_FAILED = channelsApi.create.invalidMessage ?? 'Save Failed. Please check for errors in fields';
const TYPES = new Set<number>(Object.values(ChannelTypes));
const VENDORS = new Set<number>(Object.values(Vendors));

export interface ChannelDeps {
  db: Db;
  sealed: SealedBox;
  /** Where vendors reach this server (config.publicUrl), for the webhook URL a channel shows. */
  publicUrl: string;
  defaultCountry: CountryCode;
  /** Which Graph API base URLs a channel may name, and whether an empty one means the sandbox. */
  endpoints: Pick<Config, 'whatsappBaseUrls' | 'sandbox'>;
}

/** 'Channel not found' (1404): a foreign channel answers exactly like a missing one. */
export const channelNotFound = () => new ApiError(Codes.NOT_FOUND, ChannelMessages.notFound, 404);

const saveFailed = (errors: FieldError[]) => new ApiError(Codes.VALIDATION_FAILED, SAVE_FAILED, 400, errors);

export class ChannelService {
  constructor(private readonly deps: ChannelDeps) {}

  async list(auth: AuthContext, filter: ChannelFilter, from: number, perPage: number) {
    const rows = await listChannels(this.deps.db, auth.eId, filter, from, perPage);
    return { channels: rows.slice(0, perPage).map((r) => this.present(r)), more: rows.length > perPage };
  }

  async get(auth: AuthContext, id: string): Promise<Channel> {
    return this.present(await this.own(auth, id));
  }

  async create(auth: AuthContext, input: ChannelInput): Promise<Channel> {
    return this.save(auth, input, null);
  }

  async update(auth: AuthContext, id: string, input: ChannelInput): Promise<Channel> {
    return this.save(auth, input, await this.own(auth, id));
  }

  async delete(auth: AuthContext, id: string) {
    // Its templates, messages and their events go with it (foreign keys cascade); the channel and its templates are
    // kept in the trash.
    if (!isUuid(id)) throw channelNotFound();
    await deleteToTrash(this.deps.db, auth, 'channel', id, async (tx) => {
      if (!(await deleteChannel(tx, auth.eId, id))) throw channelNotFound();
    });
  }

  private async own(auth: AuthContext, id: string): Promise<ChannelRow> {
    const row = isUuid(id) ? await findChannel(this.deps.db, auth.eId, id) : null;
    if (!row) throw channelNotFound();
    return row;
  }

  /**
   * Every field is checked and every error reported at once. On an update a field left out keeps its value, and a
   * secret sent empty or still masked keeps the stored one (for the same vendor only: another vendor's key is not this
   * one's).
   */
  private async save(auth: AuthContext, input: ChannelInput, existing: ChannelRow | null): Promise<Channel> {
    const { db, sealed } = this.deps;
    const errors: FieldError[] = [];
    const name = (input.name ?? existing?.name ?? '').trim();
    if (!name) errors.push({ field: 'name', message: ChannelMessages.nameRequired });
    else if (await nameTaken(db, auth.eId, name, existing?.id)) errors.push({ field: 'name', message: ChannelMessages.nameTaken });
    const type = input.type ?? existing?.type;
    const typeOk = type !== undefined && TYPES.has(type);
    if (!typeOk) errors.push({ field: 'type', message: ChannelMessages.typeRequired });
    const vendorNumber = input.vendor ?? existing?.vendor;
    if (vendorNumber === undefined || !VENDORS.has(vendorNumber)) {
      errors.push({ field: 'vendor', message: ChannelMessages.vendorRequired });
      throw saveFailed(errors);
    }
    const vendor = vendorNumber as VendorId;
    const served = VENDOR_CHANNEL_TYPES[vendor];
    if (typeOk && served && !served.some((t) => t === type)) errors.push({ field: 'vendor', message: ChannelMessages.vendorNotForType });

    const sameVendor = existing?.vendor === vendor;
    const data = input.data ?? (sameVendor ? existing.data : undefined);
    // Stored secrets were entered for the endpoint the channel had: never sent to a new one unless entered again.
    const moved = sameVendor && endpointMoved(vendor, existing.data, data);
    const checked = checkVendorFields(vendor, {
      contactId: input.contactId ?? (sameVendor ? existing.contactId : undefined),
      data,
      storedSecrets: sameVendor && !moved ? openSecrets(sealed, existing) : {},
      defaultCountry: this.deps.defaultCountry,
      ...(moved ? { secretRequired: ChannelMessages.secretAgain } : {}),
    });
    errors.push(...checked.errors, ...checkGraphFields(vendor, checked.fields.data, this.deps.endpoints));
    if (errors.length) throw saveFailed(errors);

    const deptId = input.deptId === undefined ? (existing?.deptId ?? null) : input.deptId?.trim() || null;
    if (deptId && deptId !== existing?.deptId && !(await departmentOf(db, auth.eId, deptId)))
      throw saveFailed([{ field: 'deptId', message: DepartmentMessages.notFound }]);
    const values = {
      name,
      type: type!,
      vendor,
      deptId,
      contactId: checked.fields.contactId,
      data: checked.fields.data,
      sealedData: sealSecrets(sealed, checked.fields.secrets),
    };
    try {
      const [row] = existing
        ? await db
            .update(channels)
            .set({ ...values, updatedAt: new Date() })
            .where(and(eq(channels.id, existing.id), eq(channels.eId, auth.eId)))
            .returning()
        : await db
            .insert(channels)
            .values({ ...values, eId: auth.eId, createdBy: auth.uId })
            .returning();
      if (!row) throw channelNotFound();
      return this.present(row);
    } catch (err) {
      // Two saves of the same name at once: the unique index decides.
      if (isUniqueViolation(err)) throw saveFailed([{ field: 'name', message: ChannelMessages.nameTaken }]);
      throw err;
    }
  }

  present(row: ChannelRow): Channel {
    const vendor = row.vendor as VendorId;
    return {
      channelId: row.id,
      name: row.name,
      type: row.type,
      deptId: row.deptId,
      vendor,
      contactId: row.contactId,
      data: presentFields(vendor, row.data, openSecrets(this.deps.sealed, row)),
      webhookUrl: vendor === WHATSAPP_CLOUD_VENDOR ? `${this.deps.publicUrl}/webhooks/whatsapp` : '',
      createdOn: row.createdAt.toISOString(),
      updatedOn: row.updatedAt.toISOString(),
    };
  }
}
