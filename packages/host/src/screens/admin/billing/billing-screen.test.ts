import { describe, expect, it } from 'vitest';
import type { ConsumptionDay } from '@parley/sdk/contract/billing';
import { chartSeries, consumptionCsv, consumptionRows, csvFileName, rangeDates } from './consumption-table.js';
import { usageRows } from '../../../billing/usage-rows.js';
import { paymentParams, paymentReport } from '../../payment/payment-result.js';

const days: ConsumptionDay[] = [
  {
    date: '2026-11-02',
    sumAllBillableUnits: 3,
    sumAllTotalUnits: 4,
    sumAllTotalAmount: 2.5,
    serviceConsumption: [
      { planEntityId: 'WHATSAPP_MARKETING', billableUnits: 2, totalUnits: 2, amount: 1.75 },
      { planEntityId: 'NLU_TURN', billableUnits: 1, totalUnits: 2, amount: 0.75 },
      { planEntityId: 'LLM_TOKENS', billableUnits: 0, totalUnits: 0, amount: 0 },
    ],
  },
  {
    date: '2026-11-03',
    sumAllBillableUnits: 1200,
    sumAllTotalUnits: 1200,
    sumAllTotalAmount: 1044,
    serviceConsumption: [{ planEntityId: 'WHATSAPP_UTILITY', billableUnits: 1200, totalUnits: 1200, amount: 1044 }],
  },
];

describe('billing screen', () => {
  it('lists one row per day and service that had use, oldest first', () => {
    const rows = consumptionRows(days);
    expect(rows.map((r) => r.key)).toEqual(['2026-11-02:WHATSAPP_MARKETING', '2026-11-02:NLU_TURN', '2026-11-03:WHATSAPP_UTILITY']);
    expect(rows[0]!.label).toBe('WhatsApp marketing template');
  });

  it('writes the CSV with full figures, the currency in the header and quoted labels', () => {
    const csv = consumptionCsv(consumptionRows(days), 'INR').split('\r\n');
    expect(csv[0]).toBe('Date,Service,Service id,Billable units,Total units,Amount (INR)');
    expect(csv[1]).toBe('2026-11-02,WhatsApp marketing template,WHATSAPP_MARKETING,2,2,1.75');
    expect(csv[3]).toBe('2026-11-03,WhatsApp utility template,WHATSAPP_UTILITY,1200,1200,1044');
    expect(csv[4]).toBe('');
    expect(csvFileName('2026-11-01', '2026-11-29')).toBe('consumption-2026-11-01-to-2026-11-29.csv');
  });

  it('stacks each day’s amount per service for the chart', () => {
    const { services, points } = chartSeries(days);
    expect(services).toEqual(['NLU_TURN', 'WHATSAPP_MARKETING', 'WHATSAPP_UTILITY']);
    expect(points[0]).toMatchObject({ date: '2026-11-02', total: 2.5, NLU_TURN: 0.75, WHATSAPP_UTILITY: 0 });
  });

  it('turns the range picker into UTC days', () => {
    const now = new Date('2026-03-15T22:00:00Z');
    expect(rangeDates('month', now)).toEqual({ fromDate: '2026-03-01', toDate: '2026-03-15' });
    expect(rangeDates('last-month', now)).toEqual({ fromDate: '2026-02-01', toDate: '2026-02-28' });
    expect(rangeDates('30', now)).toEqual({ fromDate: '2026-02-14', toDate: '2026-03-15' });
  });
});

describe('top bar dropdowns', () => {
  it('shows utilised against total units and the cost with 2 digits and the currency', () => {
    const rows = usageRows(days[0]!.serviceConsumption, 'USD');
    expect(rows[0]).toMatchObject({ label: 'WhatsApp marketing template', units: '2 / 2', share: 100, cost: '$ 1.75' });
    expect(rows[1]).toMatchObject({ units: '1 / 2', share: 50, cost: '$ 0.75' });
    expect(rows[2]).toMatchObject({ units: '0 / 0', share: 0, cost: '$ 0' });
    expect(usageRows([{ planEntityId: 'WHATSAPP_UTILITY', billableUnits: 1234.5, totalUnits: 2000, amount: 15_250.456 }], 'INR')[0]).toMatchObject({
      units: '1.23K / 2.00K',
      cost: 'Rs. 15.25K',
    });
  });
});

describe('payment result page', () => {
  it('reads Razorpay’s redirect parameters and reports them as update_payment_status', () => {
    const params = paymentParams(
      '?razorpay_payment_id=pay_1&razorpay_payment_link_id=plink_1&razorpay_payment_link_reference_id=ref_1&razorpay_payment_link_status=paid&razorpay_signature=abc&mobileNumber=%2B919800000000',
    );
    expect(paymentReport(params)).toEqual({
      requestType: 'update_payment_status',
      razorpay_payment_link_status: 'paid',
      razorpay_payment_id: 'pay_1',
      razorpay_payment_link_id: 'plink_1',
      razorpay_payment_link_reference_id: 'ref_1',
      razorpay_signature: 'abc',
      mobileNumber: '+919800000000',
    });
  });

  it('sends nothing when the link id or signature is missing', () => {
    expect(paymentReport(paymentParams('?razorpay_payment_link_status=paid&razorpay_payment_link_id=plink_1'))).toBeNull();
    expect(paymentReport(paymentParams(''))).toBeNull();
  });
});

describe('closing the payment window', () => {
  it('reloads the console that opened it, then closes', async () => {
    const { closeAndReloadOpener } = await import('../../payment/payment-result.js');
    const calls: string[] = [];
    closeAndReloadOpener({ opener: { location: { reload: () => calls.push('reload') } }, close: () => calls.push('close') });
    expect(calls).toEqual(['reload', 'close']);
    // An opener on another origin throws on reload; the window still closes.
    const crossOrigin = {
      get location(): never {
        throw new Error('cross-origin');
      },
    };
    closeAndReloadOpener({ opener: crossOrigin, close: () => calls.push('close') });
    closeAndReloadOpener({ opener: null, close: () => calls.push('close') });
    expect(calls).toEqual(['reload', 'close', 'close', 'close']);
  });
});
