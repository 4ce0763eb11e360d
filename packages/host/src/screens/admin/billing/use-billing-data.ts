import { useEffect, useState } from 'react';
import type { ConsumptionReply, Invoice, RateCard, Recharge } from '@parley/sdk/contract/billing';
import { billingRoutes } from '@parley/sdk/contract/routes';
import { firstValueFrom, type Observable } from 'rxjs';
import type { Page } from '@parley/sdk/transport';
import { billingCalls, callBilling } from '../../../billing/billing-calls.js';
import { api } from '../../../stores/session-store.js';
import { useLocalPaging, usePage } from '../../../components/use-page.js';
import { showRefusal } from '../../../components/show-refusal.js';

export const LIST_PAGE = 10;

/** The rate card, read once. */
export function useRateCard() {
  const [card, setCard] = useState<RateCard | null>(null);
  useEffect(() => {
    firstValueFrom(billingCalls.rateCard({})).then(setCard, showRefusal);
  }, []);
  return card;
}

/** Consumption between two UTC days; null while loading. */
export function useConsumption(fromDate: string, toDate: string, round: number) {
  const [data, setData] = useState<ConsumptionReply | null>(null);
  useEffect(() => {
    let live = true;
    setData(null);
    callBilling({ requestType: 'get_enterprise_consumption', fromDate, toDate }).then((reply) => live && setData(reply), showRefusal);
    return () => {
      live = false;
    };
  }, [fromDate, toDate, round]);
  return data;
}

/** One page of a newest-first list; `round` asks again (after a payment window closes). */
function usePaged<T>(load: (from: number) => Observable<Page<T[]>>, round: number) {
  const { from, pager } = useLocalPaging(LIST_PAGE);
  const page = usePage<T>(() => load(from), [from, round]);
  return { rows: page.rows, loading: page.loading, pager: pager(page) };
}

export const useRecharges = (round: number) => usePaged<Recharge>((from) => api.callPage(billingRoutes.recharges, { from, perPage: LIST_PAGE }), round);
export const useInvoices = (round: number) => usePaged<Invoice>((from) => api.callPage(billingRoutes.invoices, { from, perPage: LIST_PAGE }), round);
