import { useEffect, useState } from 'react';
import type { AnalyticsAgent, AnalyticsDay, AnalyticsDepartment, AnalyticsFigures } from '@parley/sdk/contract/chat-analytics';
import { chatAnalyticsRoutes } from '@parley/sdk/contract/routes';
import { api } from '../../stores/session-store.js';
import { showRefusal } from '../../components/show-refusal.js';

export interface Analytics {
  totals: AnalyticsFigures;
  days: AnalyticsDay[];
  agents: AnalyticsAgent[];
  departments: AnalyticsDepartment[];
}

/** `chat/analytics` for the instants of a period; a reply to an older request is dropped. */
export function useAnalytics(fromDate: string, toDate: string, clientOffset: number) {
  const [data, setData] = useState<Analytics | null>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    setLoading(true);
    const request = api.call(chatAnalyticsRoutes.analytics, { fromDate, toDate, clientOffset }).subscribe({
      next: setData,
      error: (error: unknown) => {
        showRefusal(error);
        setLoading(false);
      },
      complete: () => setLoading(false),
    });
    return () => request.unsubscribe();
  }, [fromDate, toDate, clientOffset]);
  return { data, loading };
}
