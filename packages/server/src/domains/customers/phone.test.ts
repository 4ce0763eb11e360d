import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import examples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import { e164Of, parsePhone } from './phone.js';

/** What the library's parser makes of a number: its E.164 when valid, '' when not. */
const parser = (text: string) => {
  const parsed = parsePhoneNumberFromString(text, 'IN');
  return parsed?.isValid() ? parsed.number : '';
};

/** Deterministic digits, so a failure names the same numbers on every run. */
function digits(seed: number) {
  let s = seed;
  return (n: number) => {
    let out = '';
    for (let i = 0; i < n; i += 1) {
      s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
      out += String(s % 10);
    }
    return out;
  };
}

describe('phone numbers written in E.164', () => {
  it('get the parser’s answer from the shortcut, for every country', () => {
    const random = digits(7);
    const numbers: string[] = [];
    for (const country of getCountries()) {
      const code = getCountryCallingCode(country);
      const example = examples[country as CountryCode];
      for (let i = 0; i < 40; i += 1) {
        // Valid-looking numbers (the example with its last digits changed), any digits, and every first digit,
        // national prefixes included.
        if (example) numbers.push(`+${code}${example.slice(0, Math.max(1, example.length - 3))}${random(3)}`);
        numbers.push(`+${code}${random(4 + (i % 10))}`);
        numbers.push(`+${code}${i % 10}${random(8)}`);
        numbers.push(`+${code}0${i % 10}${random(8)}`);
      }
    }
    let shortcut = 0;
    let valid = 0;
    const differ: string[] = [];
    for (const text of numbers) {
      const fast = e164Of(text);
      if (fast === undefined) continue;
      shortcut += 1;
      if (fast) valid += 1;
      if (fast !== parser(text)) differ.push(`${text}: ${fast || 'invalid'} against ${parser(text) || 'invalid'}`);
    }
    expect(differ).toEqual([]);
    // The shortcut serves most numbers, valid and invalid alike; the rest go to the parser.
    expect(shortcut).toBeGreaterThan(numbers.length / 2);
    expect(valid).toBeGreaterThan(shortcut / 5);
  });

  it('leave to the parser what it could read another way', () => {
    // A calling code shared by countries (the country decides which numbers are valid), and a national prefix after
    // the calling code, which the parser strips.
    expect(e164Of('+14155552671')).toBeUndefined();
    expect(e164Of('+447911123456')).toBeUndefined();
    expect(e164Of('+3306 12 34 56 78'.replace(/ /g, ''))).toBeUndefined();
    expect(e164Of('98765 43210')).toBeUndefined();
    expect(parsePhone('+14155552671', 'IN')).toEqual({ e164: '+14155552671' });
    expect(parsePhone('+33 06 12 34 56 78', 'IN')).toEqual({ e164: '+33612345678' });
  });

  it('store the same number however it is written', () => {
    expect(e164Of('+919800000001')).toBe('+919800000001');
    for (const written of ['+919800000001', '00919800000001', '9800000001', ' +91 98000 00001 ', '+91-98000-00001']) {
      expect(parsePhone(written, 'IN')).toEqual({ e164: '+919800000001' });
    }
    expect(parsePhone('+91980000000', 'IN')).toEqual({ error: expect.any(String) });
    expect(parsePhone('+9198000000011', 'IN')).toEqual({ error: expect.any(String) });
  });
});
