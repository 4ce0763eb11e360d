import { BILLING_SERVICE_LABELS, type BillingService } from '@parley/sdk/contract/billing-texts';
import type { ServiceConsumption } from '@parley/sdk/contract/billing';
import { formatFigure, formatMoney } from '@parley/sdk/number-format';
import { formatDateOnly } from '../format/locale.js';

export const serviceLabel = (service: string) => BILLING_SERVICE_LABELS[service as BillingService] ?? service;

export interface UsageRow {
  service: string;
  label: string;
  /** Utilised (billable) units against all units counted, as the top bar's consumption dropdown shows them. */
  units: string;
  /** Share of the units that were billable, 0–100, for the meter. */
  share: number;
  cost: string;
}

/** The dropdowns' rows: one per service, units with 2 digits, costs with 2 digits and the currency's symbol. */
export function usageRows(services: readonly ServiceConsumption[], currencyCode: string): UsageRow[] {
  return services.map((s) => ({
    service: s.planEntityId,
    label: serviceLabel(s.planEntityId),
    units: `${formatFigure(s.billableUnits, 'units')} / ${formatFigure(s.totalUnits, 'units')}`,
    share: s.totalUnits > 0 ? Math.min(100, (s.billableUnits / s.totalUnits) * 100) : 0,
    cost: formatMoney(s.amount, currencyCode, 'cost'),
  }));
}

/** "Nov 1 – Nov 29" (en-US) for the dropdowns' period. */
export function periodLabel(fromDate: string, toDate: string): string {
  return fromDate === toDate ? formatDateOnly(fromDate) : `${formatDateOnly(fromDate)} – ${formatDateOnly(toDate)}`;
}
