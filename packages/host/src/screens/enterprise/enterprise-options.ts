/** A country as the pickers show it: its name in the browser's language, and its calling code for phone numbers. */
export interface CountryOption {
  code: string;
  name: string;
  callingCode: string;
}

/** Country names come from the browser (Intl.DisplayNames), so the list needs no name table of its own. */
export function countryOptions(codes: readonly { code: string; callingCode: string }[], locale?: string): CountryOption[] {
  const names = new Intl.DisplayNames(locale ? [locale] : undefined, { type: 'region', fallback: 'code' });
  return codes.map(({ code, callingCode }) => ({ code, callingCode, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** The IANA zones the browser knows, with UTC first: it is the one most enterprises without a home zone pick. */
export function timeZoneOptions(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

/** "Asia/Kolkata (UTC+05:30)": the offset today, so a zone can be found by it. */
export function timeZoneLabel(zone: string, at: Date = new Date()): string {
  if (zone === 'UTC') return zone;
  try {
    const offset = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    return offset ? `${zone.replace(/_/g, ' ')} (${offset === 'GMT' ? 'UTC' : offset.replace('GMT', 'UTC')})` : zone;
  } catch {
    return zone;
  }
}
