import { useEffect, useRef } from 'react';
import { max } from 'd3-array';
import { scaleBand, scaleLinear } from 'd3-scale';
import 'd3-transition';
import { drawDayAxes } from './day-axes.js';
import { formatDay, useCount, type Count } from '../format.js';
import { DayTable } from './day-table.js';
import { Legend, Tooltip, chartHeight, transitionMs, useTooltip, useWidth } from './chart-kit.js';

export interface TrendPoint {
  date: string;
  scoped: number;
  nonScoped: number;
}

const KEYS = ['scoped', 'nonScoped'] as const;
type Key = (typeof KEYS)[number];
const LABEL: Record<Key, string> = { scoped: 'Scoped', nonScoped: 'Non-scoped' };

export const trendSummary = (p: TrendPoint, count: Count) => [`Scoped: ${count(p.scoped)}`, `Non-scoped: ${count(p.nonScoped)}`];

/** Scope Trend (agent-designer 2): scoped and non-scoped messages side by side for each day of the period. */
export function ScopeTrendChart({ points }: { points: TrendPoint[] }) {
  const [box, width] = useWidth<HTMLDivElement>();
  const svgRef = useRef<SVGSVGElement>(null);
  const { tip, show, hide } = useTooltip(box);
  const count = useCount();
  /** The points last drawn: a resize redraws at once, new figures animate. */
  const drawn = useRef<TrendPoint[] | null>(null);
  const empty = points.every((p) => p.scoped + p.nonScoped === 0);
  const height = chartHeight(width);

  useEffect(() => {
    const node = svgRef.current;
    if (!node || !width || empty) return;
    const top = max(points, (p) => Math.max(p.scoped, p.nonScoped)) ?? 0;
    const margin = { top: 12, right: 8, bottom: 28, left: 14 + String(top).length * 7 };
    const w = Math.max(width - margin.left - margin.right, 10);
    const h = height - margin.top - margin.bottom;
    const x = scaleBand<string>()
      .domain(points.map((p) => p.date))
      .range([0, w])
      .paddingInner(0.25)
      .paddingOuter(0.12);
    const inner = scaleBand<Key>().domain(KEYS).range([0, x.bandwidth()]).padding(0.08);
    const y = scaleLinear()
      .domain([0, Math.max(top, 1)])
      .nice()
      .range([h, 0]);
    const fresh = drawn.current !== points;
    drawn.current = points;
    const ms = fresh ? transitionMs() : 0;

    const plot = drawDayAxes(node, { width, height, margin, w, h, x, y, top, count });

    const days = plot
      .selectAll<SVGGElement, TrendPoint>('g.pnr-day')
      .data(points, (p) => p.date)
      .join('g')
      .attr('class', 'pnr-day')
      .attr('transform', (p) => `translate(${x(p.date) ?? 0},0)`)
      .attr('role', 'img')
      .attr('aria-label', (p) => `${formatDay(p.date, true)}: ${p.scoped} scoped, ${p.nonScoped} non-scoped`)
      .attr('tabindex', (p) => (p.scoped + p.nonScoped > 0 ? 0 : null))
      .on('mouseenter focus', function (_event, p) {
        show(this, formatDay(p.date, true), trendSummary(p, count));
      })
      .on('mouseleave blur', hide);

    // A band the whole height of the day, so a day with tiny bars is as easy to point at as a busy one.
    days
      .selectAll('rect.pnr-hit')
      .data((p) => [p])
      .join('rect')
      .attr('class', 'pnr-hit')
      .attr('x', -(x.step() * x.paddingInner()) / 2)
      .attr('width', x.step())
      .attr('height', h);

    days
      .selectAll<SVGRectElement, { key: Key; value: number }>('rect.pnr-bar')
      .data(
        (p) => KEYS.map((key) => ({ key, value: p[key] })),
        (d) => d.key,
      )
      .join((enter) => enter.append('rect').attr('y', h).attr('height', 0))
      .attr('class', (d) => `pnr-bar pnr-fill-${d.key}`)
      .attr('x', (d) => inner(d.key) ?? 0)
      .attr('width', inner.bandwidth())
      .attr('rx', Math.min(3, inner.bandwidth() / 4))
      .transition()
      .duration(ms)
      .attr('y', (d) => y(d.value))
      .attr('height', (d) => h - y(d.value));
  }, [points, width, height, empty, show, hide, count]);

  return (
    <div ref={box} className="pnr-chart" onMouseLeave={hide}>
      {empty ? (
        <p className="pnr-empty">No messages in this period</p>
      ) : (
        <>
          <svg ref={svgRef} className="pnr-svg" role="group" aria-label="Scope Trend: scoped and non-scoped messages per day" />
          <Legend items={KEYS.map((key) => ({ label: LABEL[key], className: `pnr-fill-${key}` }))} />
        </>
      )}
      <Tooltip tip={tip} />
    </div>
  );
}

/** The same figures as a table: the days that had messages. */
export function ScopeTrendTable({ points }: { points: TrendPoint[] }) {
  const columns = [
    { label: 'Scoped', value: (p: TrendPoint) => p.scoped },
    { label: 'Non-scoped', value: (p: TrendPoint) => p.nonScoped },
  ];
  return <DayTable caption="Scope Trend: messages per day (days without messages are left out)" columns={columns} points={points} />;
}
