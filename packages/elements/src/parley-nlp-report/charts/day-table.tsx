import { formatDay, useCount } from '../format.js';

/**
 * A day chart's figures as a table (its accessible alternative): one row per day that has any figure, one column per
 * value; 'No Record' when no day has.
 */
export function DayTable<P extends { date: string }>({
  caption,
  columns,
  points,
}: {
  caption: string;
  columns: { label: string; value(p: P): number }[];
  points: P[];
}) {
  const count = useCount();
  const rows = points.filter((p) => columns.some((c) => c.value(p) > 0));
  return (
    <table className="pnr-data-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          {columns.map((c) => (
            <th key={c.label} scope="col">
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length ? (
          rows.map((p) => (
            <tr key={p.date}>
              <th scope="row">{formatDay(p.date, true)}</th>
              {columns.map((c) => (
                <td key={c.label}>{count(c.value(p))}</td>
              ))}
            </tr>
          ))
        ) : (
          <tr>
            <td colSpan={columns.length + 1}>No Record</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
