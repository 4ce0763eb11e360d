import { BILLING_SERVICES, type BillingService, type CurrencyCode } from '@parley/sdk/contract/billing';

/** Amounts are kept in millionths of the currency unit: a WhatsApp message costs fractions of a paisa more or less. */
export const MICROS = 1_000_000;

export const toMicros = (amount: number) => Math.round(amount * MICROS);
export const fromMicros = (micros: number | string | bigint) => Number(micros) / MICROS;

/** LLM tokens are priced per 1,000; every other service per unit. */
export const unitScaleOf = (service: string) => (service === 'LLM_TOKENS' ? 1000 : 1);

/**
 * The default rate card (what an enterprise pays until its own rates are set), close to Meta's 2025 India and US
 * per-message prices plus a platform margin. Service messages inside the customer's window are free at Meta: the
 * vendor's `pricing.billable: false` makes them counted, not charged, whatever the card says.
 */
export const DEFAULT_RATES: Record<CurrencyCode, Record<BillingService, number>> = {
  INR: {
    WHATSAPP_MARKETING: 0.88,
    WHATSAPP_UTILITY: 0.145,
    WHATSAPP_AUTHENTICATION: 0.145,
    WHATSAPP_SERVICE: 0.05,
    NLU_TURN: 0.1,
    LLM_TOKENS: 0.5,
  },
  USD: {
    WHATSAPP_MARKETING: 0.0125,
    WHATSAPP_UTILITY: 0.002,
    WHATSAPP_AUTHENTICATION: 0.002,
    WHATSAPP_SERVICE: 0.0006,
    NLU_TURN: 0.0012,
    LLM_TOKENS: 0.006,
  },
};

/** The rows of the default card as SQL VALUES: `(currency, service, unit price in micros)`. */
export const defaultRateRows = () =>
  (Object.keys(DEFAULT_RATES) as CurrencyCode[]).flatMap((currency) =>
    BILLING_SERVICES.map((service) => [currency, service, toMicros(DEFAULT_RATES[currency][service])] as const),
  );

/** A template's category (MARKETING, UTILITY, AUTHENTICATION) or the vendor's pricing category as the service priced. */
export function serviceOfCategory(category: string | null | undefined): BillingService {
  const c = (category ?? '').toLowerCase();
  if (c.startsWith('marketing')) return 'WHATSAPP_MARKETING';
  if (c.startsWith('utility')) return 'WHATSAPP_UTILITY';
  if (c.startsWith('authentication')) return 'WHATSAPP_AUTHENTICATION';
  return 'WHATSAPP_SERVICE';
}
