/**
 * Number display of platform-shell 9, shared by the console's top bar, its billing screen and the elements: whole
 * numbers plain, otherwise fixed digits (2 for units and cost, 3 for a wallet); large numbers shortened with K, M or B
 * and two decimals; currency symbols Rs. for INR and $ otherwise (platform-shell 3, Invoice). Pure: no DOM, no Intl
 * locale, so the same figure reads the same in every browser and in tests.
 */

/** Digits after the point for a figure that is not whole. */
export const DIGITS = { units: 2, cost: 2, wallet: 3 } as const;
export type FigureKind = keyof typeof DIGITS;

/** From the smallest step up: a figure takes the first step at which it rounds to less than a thousand. */
const SHORT = [
  { at: 1e3, suffix: 'K' },
  { at: 1e6, suffix: 'M' },
  { at: 1e9, suffix: 'B' },
] as const;

/** Shown for a figure the server did not send (the spec's NA for a missing status). */
export const MISSING = 'NA';

const usable = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/** Whole numbers plain, others with `digits` fixed digits: 12 → "12", 12.5 → "12.50" (2 digits). */
export function fixedFigure(value: number | null | undefined, digits: number): string {
  if (!usable(value)) return MISSING;
  if (Number.isInteger(value)) return String(value);
  const text = value.toFixed(digits);
  // -0.0004 with 3 digits would read "-0.000".
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}

/**
 * K, M or B with two decimals from a thousand up (1500 → "1.50K"), else `fixedFigure`. A value that rounds up to
 * the next step takes its suffix: 999 999 is "1.00M", not "1000.00K".
 */
export function shortFigure(value: number | null | undefined, digits: number): string {
  if (!usable(value)) return MISSING;
  const size = Math.abs(value);
  if (Number(size.toFixed(digits)) < 1e3) return fixedFigure(value, digits);
  const sign = value < 0 ? '-' : '';
  for (const step of SHORT) {
    const scaled = (size / step.at).toFixed(2);
    if (Number(scaled) < 1e3 || step.suffix === 'B') return `${sign}${scaled}${step.suffix}`;
  }
  return fixedFigure(value, digits);
}

/** A figure of a kind: units, cost or wallet, shortened when large. */
export const formatFigure = (value: number | null | undefined, kind: FigureKind, short = true) =>
  short ? shortFigure(value, DIGITS[kind]) : fixedFigure(value, DIGITS[kind]);

/** Rs. for INR, $ for anything else (platform-shell 3: "INR shows a rupee sign, otherwise a dollar sign"). */
export const currencySymbol = (currencyCode: string | null | undefined) => (currencyCode?.toUpperCase() === 'INR' ? 'Rs.' : '$');

/** An amount with its currency symbol: `formatMoney(12345.6789, 'INR', 'wallet')` → "Rs. 12.35K". */
export function formatMoney(value: number | null | undefined, currencyCode: string | null | undefined, kind: 'cost' | 'wallet' = 'cost', short = true): string {
  if (!usable(value)) return MISSING;
  return `${currencySymbol(currencyCode)} ${formatFigure(value, kind, short)}`;
}
