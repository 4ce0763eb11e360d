import { useLocaleFormats } from '../internal/use-locale-formats.js';

export { formatDay, formatRowDate } from '../internal/dates.js';

/** agent-designer 9: the donut's share and the average have 2 decimals. */
export const twoDecimals = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '0.00');

export const percent = (n: number) => `${twoDecimals(n)}%`;

/** A classifier confidence (0-1) as a percentage with 2 decimals. */
export const confidenceText = (c: number) => percent(c * 100);

export type Count = (n: number) => string;

/** Counts with the grouping of the element's locale ('12,345' in en-US, '12.345' in de): the spec leaves it open. */
export const useCount = (): Count => useLocaleFormats().number;
