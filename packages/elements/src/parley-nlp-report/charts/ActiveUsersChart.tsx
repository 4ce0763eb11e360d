import { useEffect, useRef } from 'react';
import { max } from 'd3-array';
import { scalePoint, scaleLinear } from 'd3-scale';
import { select } from 'd3-selection';
import { curveMonotoneX, line } from 'd3-shape';
import 'd3-transition';
import { drawDayAxes } from './day-axes.js';
import { formatDay, useCount, type Count } from '../format.js';
import { DayTable } from './day-table.js';
import { Tooltip, transitionMs, useTooltip, useWidth } from './chart-kit.js';

export interface UsersPoint {
  date: string;
  value: number;
}

const usersText = (count: Count, n: number) => `${count(n)} active user${n === 1 ? '' : 's'}`;

/** Active Users (agent-designer 2): distinct users who talked to the agent, day by day. */
export function ActiveUsersChart({ points }: { points: UsersPoint[] }) {
  const [box, width] = useWidth<HTMLDivElement>();
  const svgRef = useRef<SVGSVGElement>(null);
  const { tip, show, hide } = useTooltip(box);
  const count = useCount();
  /** The points last drawn: a resize redraws at once, new figures animate. */
  const drawn = useRef<UsersPoint[] | null>(null);
  const empty = points.every((p) => p.value === 0);
  const height = width < 480 ? 200 : 240;

  useEffect(() => {
    const node = svgRef.current;
    if (!node || !width || empty) return;
    const top = max(points, (p) => p.value) ?? 0;
    const margin = { top: 14, right: 14, bottom: 28, left: 14 + String(top).length * 7 };
    const w = Math.max(width - margin.left - margin.right, 10);
    const h = height - margin.top - margin.bottom;
    const x = scalePoint<string>()
      .domain(points.map((p) => p.date))
      .range([0, w])
      .padding(0.5);
    const y = scaleLinear()
      .domain([0, Math.max(top, 1)])
      .nice()
      .range([h, 0]);
    const fresh = drawn.current !== points;
    drawn.current = points;
    const ms = fresh ? transitionMs() : 0;
    const at = (p: UsersPoint) => x(p.date) ?? 0;

    const plot = drawDayAxes(node, { width, height, margin, w, h, x, y, top, count });

    const path = plot
      .selectAll<SVGPathElement, UsersPoint[]>('path.pnr-line')
      .data([points])
      .join('path')
      .attr('class', 'pnr-line')
      .attr(
        'd',
        line<UsersPoint>()
          .x(at)
          .y((p) => y(p.value))
          .curve(curveMonotoneX),
      );
    // New figures: the line draws itself from left to right.
    if (ms) {
      const length = path.node()?.getTotalLength() ?? 0;
      path
        .attr('stroke-dasharray', `${length} ${length}`)
        .attr('stroke-dashoffset', length)
        .transition()
        .duration(ms)
        .attr('stroke-dashoffset', 0)
        .on('end', function () {
          select(this).attr('stroke-dasharray', null).attr('stroke-dashoffset', null);
        });
    } else {
      path.interrupt().attr('stroke-dasharray', null).attr('stroke-dashoffset', null);
    }

    const step = x.step();
    const days = plot
      .selectAll<SVGGElement, UsersPoint>('g.pnr-day')
      .data(points, (p) => p.date)
      .join('g')
      .attr('class', 'pnr-day')
      .attr('role', 'img')
      .attr('aria-label', (p) => `${formatDay(p.date, true)}: ${usersText(count, p.value)}`)
      .attr('tabindex', (p) => (p.value > 0 ? 0 : null))
      .on('mouseenter focus', function (_event, p) {
        show(this.querySelector('circle') ?? this, formatDay(p.date, true), [usersText(count, p.value)]);
      })
      .on('mouseleave blur', hide);
    days
      .selectAll('rect.pnr-hit')
      .data((p) => [p])
      .join('rect')
      .attr('class', 'pnr-hit')
      .attr('x', (p) => at(p) - step / 2)
      .attr('width', step)
      .attr('height', h);
    days
      .selectAll<SVGCircleElement, UsersPoint>('circle.pnr-point')
      .data((p) => [p])
      .join((enter) => enter.append('circle').attr('r', 0))
      .attr('class', 'pnr-point')
      .attr('cx', at)
      .attr('cy', (p) => y(p.value))
      .transition()
      .delay(ms / 2)
      .duration(ms / 2)
      .attr('r', points.length > 60 ? 2 : 4);
  }, [points, width, height, empty, show, hide, count]);

  return (
    <div ref={box} className="pnr-chart" onMouseLeave={hide}>
      {empty ? (
        <p className="pnr-empty">No active users in this period</p>
      ) : (
        <svg ref={svgRef} className="pnr-svg" role="group" aria-label="Active Users per day" />
      )}
      <Tooltip tip={tip} />
    </div>
  );
}

export function ActiveUsersTable({ points }: { points: UsersPoint[] }) {
  return (
    <DayTable
      caption="Active Users per day (days without users are left out)"
      columns={[{ label: 'Active users', value: (p: UsersPoint) => p.value }]}
      points={points}
    />
  );
}
