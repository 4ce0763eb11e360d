import { describe, expect, it } from 'vitest';
import { currencySymbol, fixedFigure, formatFigure, formatMoney, shortFigure } from './number-format.js';

describe('number display (platform-shell 9)', () => {
  it('shows whole numbers plain and others with the kind’s fixed digits', () => {
    expect(formatFigure(42, 'units')).toBe('42');
    expect(formatFigure(0, 'wallet')).toBe('0');
    expect(formatFigure(12.5, 'units')).toBe('12.50');
    expect(formatFigure(12.5, 'cost')).toBe('12.50');
    expect(formatFigure(12.5, 'wallet')).toBe('12.500');
    expect(formatFigure(0.0456, 'wallet')).toBe('0.046');
    expect(formatFigure(0.005, 'cost')).toBe('0.01');
  });

  it('shortens from a thousand with K, M or B and two decimals', () => {
    expect(shortFigure(999, 2)).toBe('999');
    expect(shortFigure(999.994, 2)).toBe('999.99');
    expect(shortFigure(1000, 2)).toBe('1.00K');
    expect(shortFigure(1500, 3)).toBe('1.50K');
    expect(shortFigure(12_345.678, 3)).toBe('12.35K');
    expect(shortFigure(2_500_000, 2)).toBe('2.50M');
    expect(shortFigure(7_123_000_000, 2)).toBe('7.12B');
    expect(shortFigure(4_200_000_000_000, 2)).toBe('4200.00B');
  });

  it('moves a value that rounds up to the next step onto that step', () => {
    expect(shortFigure(999.996, 2)).toBe('1.00K');
    expect(shortFigure(999_999, 2)).toBe('1.00M');
    expect(shortFigure(999_996_000, 2)).toBe('1.00B');
    expect(shortFigure(999_994, 2)).toBe('999.99K');
  });

  it('keeps the sign of negative figures (a postpaid balance owed) and never shows a negative zero', () => {
    expect(shortFigure(-2500, 3)).toBe('-2.50K');
    expect(fixedFigure(-3.25, 3)).toBe('-3.250');
    expect(fixedFigure(-0.0004, 3)).toBe('0.000');
  });

  it('says NA for a figure that is missing or not a number', () => {
    expect(formatFigure(undefined, 'wallet')).toBe('NA');
    expect(formatFigure(null, 'cost')).toBe('NA');
    expect(formatFigure(Number.NaN, 'units')).toBe('NA');
    expect(formatMoney(undefined, 'INR', 'wallet')).toBe('NA');
  });

  it('writes Rs. for INR and $ for every other currency', () => {
    expect(currencySymbol('INR')).toBe('Rs.');
    expect(currencySymbol('inr')).toBe('Rs.');
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol(undefined)).toBe('$');
    expect(formatMoney(12_345.6789, 'INR', 'wallet')).toBe('Rs. 12.35K');
    expect(formatMoney(250.5, 'USD', 'wallet')).toBe('$ 250.500');
    expect(formatMoney(3.1, 'USD')).toBe('$ 3.10');
    expect(formatMoney(12_345.6789, 'INR', 'wallet', false)).toBe('Rs. 12345.679');
  });
});
