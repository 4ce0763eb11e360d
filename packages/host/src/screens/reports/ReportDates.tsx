import { DateRangePicker } from '@adobe/react-spectrum';
import { parseDate } from '@internationalized/date';
import type { DaySearch } from './report-search.js';

/** The days of a report (Spectrum's DateRangePicker), as yyyy-mm-dd in the viewer's calendar. */
export function ReportDates({
  value,
  onChange,
}: {
  value: Pick<DaySearch, 'fromDate' | 'toDate'>;
  onChange(next: Pick<DaySearch, 'fromDate' | 'toDate'>): void;
}) {
  const range = value.fromDate && value.toDate ? { start: parseDate(value.fromDate), end: parseDate(value.toDate) } : null;
  return (
    <DateRangePicker
      label="Dates"
      value={range}
      onChange={(r) => onChange(r ? { fromDate: r.start.toString(), toDate: r.end.toString() } : {})}
      maxVisibleMonths={2}
    />
  );
}
