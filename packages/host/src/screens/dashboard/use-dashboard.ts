import { useEffect, useState } from 'react';
import type { DashboardInfo } from '@parley/sdk/contract/chat-analytics';
import { dashboardRange, type TimeType } from '@parley/sdk/contract/dashboard-range';
import { chatAnalyticsRoutes } from '@parley/sdk/contract/routes';
import { api } from '../../stores/session-store.js';
import { showRefusal } from '../../components/show-refusal.js';

/** `chat/dashboard_info` for a period ending today, in the viewer's offset; a reply to an older request is dropped. */
export function useDashboard(timeType: TimeType) {
  const [info, setInfo] = useState<DashboardInfo | null>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    setLoading(true);
    const now = new Date();
    const clientOffset = now.getTimezoneOffset();
    const range = dashboardRange(timeType, now, clientOffset);
    const request = api
      .call(chatAnalyticsRoutes.dashboardInfo, {
        timeType,
        fromDate: range.fromDate.toISOString(),
        toDate: range.toDate.toISOString(),
        currentDate: now.toISOString(),
        clientOffset,
      })
      .subscribe({
        next: setInfo,
        error: (error: unknown) => {
          showRefusal(error);
          setLoading(false);
        },
        complete: () => setLoading(false),
      });
    return () => request.unsubscribe();
  }, [timeType]);
  return { info, loading };
}
