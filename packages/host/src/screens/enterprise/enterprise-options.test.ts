import { describe, expect, it } from 'vitest';
import { countryOptions, timeZoneLabel, timeZoneOptions } from './enterprise-options.js';

describe('enterprise detail options', () => {
  it('names countries in the given language and sorts them by name', () => {
    const options = countryOptions(
      [
        { code: 'IN', callingCode: '91' },
        { code: 'DE', callingCode: '49' },
        { code: 'AT', callingCode: '43' },
      ],
      'en',
    );
    expect(options.map((o) => o.name)).toEqual(['Austria', 'Germany', 'India']);
    expect(countryOptions([{ code: 'DE', callingCode: '49' }], 'de')[0]!.name).toBe('Deutschland');
  });

  it('lists UTC first and labels zones with their offset', () => {
    const zones = timeZoneOptions();
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Europe/Paris');
    expect(timeZoneLabel('Asia/Kolkata', new Date('2025-01-01T00:00:00Z'))).toBe('Asia/Kolkata (UTC+05:30)');
    expect(timeZoneLabel('UTC')).toBe('UTC');
    expect(timeZoneLabel('America/New_York', new Date('2025-01-01T00:00:00Z'))).toBe('America/New York (UTC-05:00)');
  });
});
