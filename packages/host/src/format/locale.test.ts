import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localeFormats } from '@parley/elements/internal/locale-formats';

// West of Greenwich, where midnight UTC is still the day before: set before any format is built.
process.env.TZ = 'America/New_York';

// ICU puts a narrow no-break space before AM/PM; compare the words, not the kind of space.
const plain = (s: string) => s.replace(/\s/g, ' ');

describe('the formats of a locale', () => {
  const at = '2024-01-05T15:30:45Z';

  it('write each locale in its own order and clock', () => {
    const us = localeFormats('en-US');
    const gb = localeFormats('en-GB');
    expect(plain(us.moment(at, 'day'))).toBe('Jan 5, 2024');
    expect(plain(gb.moment(at, 'day'))).toBe('5 Jan 2024');
    expect(plain(us.moment(at, 'dayTime'))).toBe('Jan 5, 2024, 10:30 AM');
    expect(plain(gb.moment(at, 'dayTime'))).toBe('5 Jan 2024, 10:30');
    expect(plain(us.moment(at, 'time'))).toBe('10:30 AM');
    expect(plain(gb.moment(at, 'timeSeconds'))).toBe('10:30:45');
    expect(us.number(1234567)).toBe('1,234,567');
    expect(localeFormats('de-DE').number(1234567)).toBe('1.234.567');
  });

  it('keeps a calendar date on its day west of Greenwich', () => {
    // The zone really is behind UTC here: formatting the date as an instant would show 9 March.
    expect(new Date('2026-03-10T00:00:00Z').getDate()).toBe(9);
    expect(localeFormats('en-US').dateOnly('2026-03-10')).toBe('Mar 10');
    expect(localeFormats('en-GB').dateOnly('2026-03-10')).toBe('10 Mar');
  });

  it('writes nothing for a missing or broken instant', () => {
    const us = localeFormats('en-US');
    expect(us.moment(undefined, 'day')).toBe('');
    expect(us.moment('not a date', 'dayTime')).toBe('');
    expect(us.dateOnly('someday')).toBe('someday');
  });
});

describe("the console's locale", () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());
  const page = (lang: string | null) => ({ documentElement: { closest: () => (lang === null ? null : { getAttribute: () => lang }) } });

  it('is the <html lang> before the browser language', async () => {
    vi.stubGlobal('navigator', { language: 'de-DE' });
    vi.stubGlobal('document', page('en-GB'));
    const { consoleLocale, formatDateOnly } = await import('./locale.js');
    expect(consoleLocale()).toBe('en-GB');
    expect(formatDateOnly('2026-11-12')).toBe('12 Nov');
  });

  it("takes the reader's region when <html lang> names the browser's language without one", async () => {
    vi.stubGlobal('navigator', { language: 'en-GB' });
    vi.stubGlobal('document', page('en'));
    const { consoleLocale, formatDateOnly } = await import('./locale.js');
    expect(consoleLocale()).toBe('en-GB');
    expect(formatDateOnly('2026-11-12')).toBe('12 Nov');
  });

  it('keeps <html lang> when the browser speaks another language', async () => {
    vi.stubGlobal('navigator', { language: 'de-DE' });
    vi.stubGlobal('document', page('en'));
    const { consoleLocale } = await import('./locale.js');
    expect(consoleLocale()).toBe('en');
  });

  it("is the browser's language on a page without lang", async () => {
    vi.stubGlobal('navigator', { language: 'en-US' });
    vi.stubGlobal('document', page(null));
    const { formatDateOnly } = await import('./locale.js');
    expect(formatDateOnly('2026-11-12')).toBe('Nov 12');
  });

  it('is en-US with neither', async () => {
    vi.stubGlobal('navigator', undefined);
    vi.stubGlobal('document', undefined);
    const { consoleLocale } = await import('./locale.js');
    expect(consoleLocale()).toBe('en-US');
  });
});
