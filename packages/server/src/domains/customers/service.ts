import { getCountryCallingCode, type CountryCode } from 'libphonenumber-js';
import type { Customer, CustomerInput, CustomerRow, Segment } from '@parley/sdk/contract/customers';
import { CustomerLimits, CustomerMessages, SOCIAL_FIELDS } from '@parley/sdk/contract/customers';
import type { FieldError } from '@parley/sdk/contract/envelope';
import { PagingMessages } from '@parley/sdk/contract/paging';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { customers } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { listDefinitions } from '../customer-definitions/queries.js';
import { isUniqueViolation } from '../nlp-agents/queries.js';
import { deleteToTrash } from '../trash/put-in-trash.js';
import { checkName, compileRule, searchVectorOf, type FieldRule } from './field-rules.js';
import { isPhone, parsePhone, type Phone } from './phone.js';
import {
  addMembers,
  countCustomers,
  findCustomer,
  insertSegment,
  isUuid,
  listCustomers,
  listSegments,
  membershipsOf,
  ownCustomers,
  ownSegments,
  phoneTaken,
  setMembers,
  type CustomerRecord,
  type ListFilter,
  type ListPlace,
  type SegmentKind,
} from './queries.js';

/** The list's extra columns: the custom fields marked searchable, in the definitions' order (at most this many). */
const MAX_HEADERS = 5;

export async function fieldRules(db: Db, eId: string): Promise<FieldRule[]> {
  return (await listDefinitions(db, eId)).map((d) => compileRule(d));
}

const display = (v: string | string[] | undefined) => (v === undefined ? '' : [v].flat().join(', '));

/**
 * The list's cursor: where a page ended, opaque to clients (base64url). It names no enterprise and grants nothing: the
 * list after it is still the caller's own, filtered as asked.
 */
const cursorOf = (p: ListPlace) => Buffer.from(`${p.at}_${p.id}`).toString('base64url');
function placeOfCursor(cursor: string): ListPlace {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split('_');
  // At most 16 digits of microseconds (years 1653 to 2286, well inside PostgreSQL's timestamps), and a uuid.
  if (rest.length || !at || !/^-?\d{1,16}$/.test(at) || !id || !isUuid(id)) throw ApiError.field('cursor', PagingMessages.badCursor);
  return { at, id };
}

export class CustomerService {
  constructor(
    private readonly db: Db,
    private readonly defaultCountry: CountryCode,
  ) {}

  async list(auth: AuthContext, filter: ListFilter, from: number, perPage: number, cursor?: string) {
    const start = cursor === undefined ? undefined : placeOfCursor(cursor);
    const rules = await fieldRules(this.db, auth.eId);
    const shown = rules.filter((r) => r.search).slice(0, MAX_HEADERS);
    const clean = (ids?: string[]) => ids?.filter(isUuid);
    const rows = await listCustomers(
      this.db,
      auth.eId,
      { ...filter, callingCode: getCountryCallingCode(this.defaultCountry), tags: clean(filter.tags), groups: clean(filter.groups) },
      from,
      perPage,
      start,
    );
    // A filter naming only foreign or malformed ids matches nothing rather than everything.
    const refused = (ids?: string[]) => Boolean(ids?.length) && !clean(ids)!.length;
    const page = refused(filter.tags) || refused(filter.groups) ? [] : rows.slice(0, perPage);
    const { tags, groups } = await membershipsOf(
      this.db,
      page.map((r) => r.id),
    );
    const list: CustomerRow[] = page.map((r) => ({
      id: r.id,
      name: r.name,
      phoneNumber: r.phoneNumber,
      details: shown.map((h) => ({ value: display(r.data[h.key]) })),
      tags: tags.get(r.id) ?? [],
      groups: groups.get(r.id) ?? [],
    }));
    const hasMore = page.length > 0 && rows.length > perPage;
    return { customers: list, headers: shown.map((h) => h.label), hasMore, nextCursor: hasMore ? cursorOf(page.at(-1)!) : null };
  }

  /** The enterprise's customers, segmented or not: what the list shows under 'All customers'. */
  async count(auth: AuthContext): Promise<number> {
    return countCustomers(this.db, auth.eId);
  }

  async get(auth: AuthContext, id: string): Promise<Customer> {
    const row = isUuid(id) ? await findCustomer(this.db, auth.eId, id) : null;
    if (!row) throw ApiError.notFound();
    return this.present(row, await fieldRules(this.db, auth.eId));
  }

  /** A customer as the API shows it: field values by definition id; a value of a deleted field is not shown. */
  private async present(row: CustomerRecord, rules: readonly FieldRule[]): Promise<Customer> {
    const { tags, groups } = await membershipsOf(this.db, [row.id]);
    return {
      id: row.id,
      name: row.name,
      phoneNumber: row.phoneNumber,
      whatsAppNumber: row.whatsAppNumber,
      twitterId: row.twitterId,
      facebookId: row.facebookId,
      instaId: row.instaId,
      tags: tags.get(row.id) ?? [],
      groups: groups.get(row.id) ?? [],
      data: rules.flatMap((r) => (r.key in row.data ? [{ id: r.id, value: row.data[r.key]! }] : [])),
      createdOn: row.createdAt.toISOString(),
      updatedOn: row.updatedAt.toISOString(),
    };
  }

  /** Create, or update when `id` is given; every field is checked and every error reported at once. */
  async save(auth: AuthContext, input: CustomerInput): Promise<Customer> {
    const id = input.id ?? input._id;
    const existing = id ? (isUuid(id) ? await findCustomer(this.db, auth.eId, id) : null) : null;
    if (id && !existing) throw ApiError.notFound();
    const errors: FieldError[] = [];
    const name = checkName(input.name);
    if ('errors' in name) errors.push({ field: 'name', message: name.errors[0]! });

    let phone: Phone | null = null;
    if (existing) {
      // customer-master 4: the phone number is never editable once the customer exists.
      const sent = input.phoneNumber?.trim();
      if (sent && sent !== existing.phoneNumber && parsePhoneOrNull(sent, this.defaultCountry) !== existing.phoneNumber) {
        errors.push({ field: 'phoneNumber', message: CustomerMessages.phoneNotEditable });
      }
      const stored = parsePhone(existing.phoneNumber, this.defaultCountry);
      phone = isPhone(stored) ? stored : { e164: existing.phoneNumber };
    } else {
      const parsed = parsePhone(input.phoneNumber ?? '', this.defaultCountry);
      if (isPhone(parsed)) phone = parsed;
      else errors.push({ field: 'phoneNumber', message: parsed.error });
      if (isPhone(parsed) && (await phoneTaken(this.db, auth.eId, parsed.e164)))
        errors.push({ field: 'phoneNumber', message: CustomerMessages.duplicatePhone });
    }

    const rules = await fieldRules(this.db, auth.eId);
    const byId = new Map(rules.map((r) => [r.id, r]));
    const given = new Map((input.data ?? []).map((d) => [d.id, d.value]));
    for (const key of given.keys()) if (!byId.has(key)) errors.push({ field: `data.${key}`, message: CustomerMessages.unknownField(key) });
    const data: Record<string, string | string[]> = {};
    for (const rule of rules) {
      const checked = rule.check(given.get(rule.id));
      if ('errors' in checked) for (const message of checked.errors) errors.push({ field: `data.${rule.id}`, message });
      else if (checked.value !== null) data[rule.key] = checked.value;
    }

    const tagIds = [...new Set(input.tags ?? [])];
    const groupIds = [...new Set(input.groups ?? [])];
    const ownTags = await ownSegments(this.db, 'tag', auth.eId, tagIds.filter(isUuid));
    const ownGroups = await ownSegments(this.db, 'group', auth.eId, groupIds.filter(isUuid));
    if (tagIds.some((t) => !ownTags.has(t))) errors.push({ field: 'tags', message: CustomerMessages.unknownSegment });
    if (groupIds.some((g) => !ownGroups.has(g))) errors.push({ field: 'groups', message: CustomerMessages.unknownGroup });
    if (errors.length || !phone || 'errors' in name) throw new ApiError(ApiError.validation(errors).code, CustomerMessages.saveFailed, 400, errors);

    const social = Object.fromEntries(SOCIAL_FIELDS.map((f) => [f, (input[f] ?? (existing ? existing[f] : '')).trim().slice(0, CustomerLimits.socialChars)]));
    const values = { name: name.value, ...social, data, search: searchVectorOf(name.value, rules, data) };
    try {
      const saved = await this.db.transaction(async (tx) => {
        const [row] = existing
          ? await tx
              .update(customers)
              .set({ ...values, updatedAt: new Date() })
              .where(and(eq(customers.id, existing.id), eq(customers.eId, auth.eId)))
              .returning()
          : await tx
              .insert(customers)
              .values({ ...values, eId: auth.eId, phoneNumber: phone.e164 })
              .returning();
        if (input.tags !== undefined || !existing) await setMembers(tx, 'tag', row!.id, tagIds);
        if (input.groups !== undefined || !existing) await setMembers(tx, 'group', row!.id, groupIds);
        return row!;
      });
      return await this.present(saved, rules);
    } catch (err) {
      if (isUniqueViolation(err))
        throw new ApiError(ApiError.validation([]).code, CustomerMessages.saveFailed, 400, [
          { field: 'phoneNumber', message: CustomerMessages.duplicatePhone },
        ]);
      throw err;
    }
  }

  async delete(auth: AuthContext, id: string) {
    if (!isUuid(id)) throw ApiError.notFound();
    await deleteToTrash(this.db, auth, 'customer', id, async (tx) => {
      const gone = await tx
        .delete(customers)
        .where(and(eq(customers.id, id), eq(customers.eId, auth.eId)))
        .returning({ id: customers.id });
      if (!gone.length) throw ApiError.notFound();
    });
  }

  segments(auth: AuthContext, kind: SegmentKind, search?: string): Promise<Segment[]> {
    return listSegments(this.db, kind, auth.eId, search);
  }

  async createSegment(auth: AuthContext, kind: SegmentKind, name: string): Promise<Segment> {
    const row = await insertSegment(this.db, kind, auth.eId, name);
    if (!row) throw ApiError.conflict(kind === 'tag' ? CustomerMessages.duplicateSegment : CustomerMessages.duplicateGroup, 'name');
    return { ...row, count: 0 };
  }

  /** Adds the customers to the segments (or groups); every id must be the enterprise's own. */
  async map(auth: AuthContext, kind: SegmentKind, segmentIds: string[], customerIds: string[]) {
    const wanted = [...new Set(segmentIds)];
    const own = await ownSegments(this.db, kind, auth.eId, wanted.filter(isUuid));
    if (wanted.some((s) => !own.has(s)))
      throw ApiError.field(kind === 'tag' ? 'tagIds' : 'groupIds', kind === 'tag' ? CustomerMessages.unknownSegment : CustomerMessages.unknownGroup);
    const people = [...new Set(customerIds)];
    const found = await ownCustomers(this.db, auth.eId, people.filter(isUuid));
    if (found.length !== people.length) throw ApiError.notFound();
    await addMembers(this.db, kind, wanted, found);
  }
}

function parsePhoneOrNull(raw: string, country: CountryCode): string | null {
  const p = parsePhone(raw, country);
  return isPhone(p) ? p.e164 : null;
}
