import { eq, sql } from 'drizzle-orm';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import { EnterpriseMessages, type EnterpriseDetails } from '@parley/sdk/contract/enterprise';
import type { Db } from '../../db/database.js';
import { enterprises } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';

/**
 * Where the details live in the enterprise's global config: `details` (country, time zone, phone country) and
 * `branding.logo`. The config is already sent with every profile, so the top bar has the logo without another call.
 */
interface StoredDetails {
  country?: string;
  timeZone?: string;
  phoneCountry?: string;
}

const COUNTRIES = new Set<string>(getCountries());

export const countryCallingCodes = () => getCountries().map((code) => ({ code, callingCode: getCountryCallingCode(code) }));

function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export class EnterpriseService {
  constructor(private readonly db: Db) {}

  async get(eId: string): Promise<EnterpriseDetails> {
    const [row] = await this.db.select().from(enterprises).where(eq(enterprises.id, eId));
    if (!row) throw ApiError.notFound();
    const details = (row.config.details ?? {}) as StoredDetails;
    const branding = (row.config.branding ?? {}) as { logo?: string };
    return {
      id: row.id,
      name: row.name,
      country: details.country || null,
      timeZone: details.timeZone || null,
      phoneCountry: details.phoneCountry || null,
      logo: branding.logo ?? null,
    };
  }

  async update(eId: string, input: { name: string; country: string; timeZone: string; phoneCountry: string }) {
    for (const field of ['country', 'phoneCountry'] as const) {
      if (input[field] && !COUNTRIES.has(input[field])) throw ApiError.field(field, EnterpriseMessages.invalidCountry);
    }
    if (input.timeZone && !isTimeZone(input.timeZone)) throw ApiError.field('timeZone', EnterpriseMessages.invalidTimeZone);
    const details: StoredDetails = { country: input.country, timeZone: input.timeZone, phoneCountry: input.phoneCountry };
    await this.mergeConfig(eId, { details }, { name: input.name.trim() });
    return this.get(eId);
  }

  async setLogo(eId: string, logo: string | null) {
    const [row] = await this.db.select({ config: enterprises.config }).from(enterprises).where(eq(enterprises.id, eId));
    const branding = { ...((row?.config.branding ?? {}) as Record<string, unknown>) };
    if (logo) branding.logo = logo;
    else delete branding.logo;
    await this.mergeConfig(eId, { branding });
    return this.get(eId);
  }

  /**
   * Replaces only the named top-level keys of the config, in SQL: other screens (chat config) write other keys of
   * the same document, and a read-modify-write here could put back a value they had just changed.
   */
  private async mergeConfig(eId: string, keys: Record<string, unknown>, columns: { name?: string } = {}) {
    const updated = await this.db
      .update(enterprises)
      .set({ ...columns, config: sql`${enterprises.config} || ${JSON.stringify(keys)}::jsonb` })
      .where(eq(enterprises.id, eId))
      .returning({ id: enterprises.id });
    if (updated.length === 0) throw ApiError.notFound();
  }
}
