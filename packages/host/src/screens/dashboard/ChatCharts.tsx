import { scaleBand, scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { DashboardEntry } from '@parley/sdk/contract/chat-analytics';
import { elapsed, pointLabel, thinnedLabels } from './graph-format.js';

/** The graph's frame (platform-shell 2.7): 300 high and up to 1420 wide, margins top 20, right 20, bottom 40, left 60. */
export const CHART = { height: 300, maxWidth: 1420, margin: { top: 20, right: 20, bottom: 40, left: 60 } } as const;
const { margin } = CHART;

/** The width the chart may take: its box's, at most 1420, followed as the window or the side menu changes. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setWidth(Math.max(280, Math.min(CHART.maxWidth, Math.floor(box.clientWidth))));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

interface ChartProps {
  title: string;
  entries: DashboardEntry[];
}

/** One chart's frame: axes, gridlines, x labels thinned past 30 points, and the hovered point's tooltip. */
function Frame({
  title,
  entries,
  yMax,
  yFormat,
  children,
}: ChartProps & { yMax: number; yFormat: (n: number) => string; children: (x: (key: string) => number, y: (n: number) => number, band: number) => ReactNode }) {
  const { ref, width } = useWidth();
  const [hover, setHover] = useState<number | null>(null);
  const keys = entries.map((e) => e.date);
  const x = scaleBand<string>()
    .domain(keys)
    .range([margin.left, width - margin.right])
    .padding(0.25);
  const y = scaleLinear()
    .domain([0, Math.max(1, yMax)])
    .nice()
    .range([CHART.height - margin.bottom, margin.top]);
  const ticks = y.ticks(5).filter((t) => yFormat !== String || Number.isInteger(t));
  const labelled = thinnedLabels(keys);
  const slanted = keys.length > 16 && width < 1100;
  const point = hover === null ? null : entries[hover];
  const xOf = (key: string) => x(key) ?? 0;

  return (
    <figure className="dash-chart" ref={ref}>
      <figcaption className="dash-chart-title">{title}</figcaption>
      <svg width={width} height={CHART.height} role="img" aria-label={`${title}: ${entries.length} points`} onMouseLeave={() => setHover(null)}>
        {ticks.map((t) => (
          <g key={t} className="dash-grid">
            <line x1={margin.left} x2={width - margin.right} y1={y(t)} y2={y(t)} />
            <text x={margin.left - 8} y={y(t)} dy="0.32em" textAnchor="end">
              {yFormat(t)}
            </text>
          </g>
        ))}
        <line className="dash-axis" x1={margin.left} x2={width - margin.right} y1={y(0)} y2={y(0)} />
        {children(xOf, y, x.bandwidth())}
        {keys.map((key) =>
          labelled.has(key) ? (
            <text
              key={key}
              className="dash-x-label"
              transform={`translate(${xOf(key) + x.bandwidth() / 2},${CHART.height - margin.bottom + 14})${slanted ? ' rotate(-35)' : ''}`}
              textAnchor={slanted ? 'end' : 'middle'}
            >
              {pointLabel(key)}
            </text>
          ) : null,
        )}
        {keys.map((key, i) => (
          <rect
            key={key}
            className="dash-hit"
            x={xOf(key) - (x.step() - x.bandwidth()) / 2}
            width={x.step()}
            y={margin.top}
            height={CHART.height - margin.top - margin.bottom}
            onMouseEnter={() => setHover(i)}
          />
        ))}
      </svg>
      {point && (
        <div className="dash-tooltip" aria-hidden="true" style={{ left: Math.min(width - 160, xOf(point.date) + x.bandwidth() / 2 + 8), top: margin.top }}>
          <strong>{pointLabel(point.date)}</strong>
          <span>
            {point.chatCount} {point.chatCount === 1 ? 'chat' : 'chats'}
          </span>
          <span>Avg pickup {elapsed(point.avgPickedUpInterval)}</span>
        </div>
      )}
    </figure>
  );
}

/** Chat counts per day or hour as bars. */
export function ChatCountChart({ title, entries }: ChartProps) {
  return (
    <Frame title={title} entries={entries} yMax={Math.max(0, ...entries.map((e) => e.chatCount))} yFormat={String}>
      {(x, y, band) =>
        entries.map((e) => (
          <rect key={e.date} className="dash-bar" x={x(e.date)} width={band} y={y(e.chatCount)} height={Math.max(0, y(0) - y(e.chatCount))} rx={2} />
        ))
      }
    </Frame>
  );
}

/** Average pickup time per day or hour as a line, seconds shown as s / m s / h m s. */
export function PickupChart({ title, entries }: ChartProps) {
  return (
    <Frame title={title} entries={entries} yMax={Math.max(0, ...entries.map((e) => e.avgPickedUpInterval))} yFormat={elapsed}>
      {(x, y, band) => {
        // A day or hour without chats has no pickup time: the line breaks there instead of dropping to 0s.
        const path = line<DashboardEntry>()
          .defined((e) => e.chatCount > 0)
          .x((e) => x(e.date) + band / 2)
          .y((e) => y(e.avgPickedUpInterval))(entries);
        return (
          <g>
            <path className="dash-line" d={path ?? ''} />
            {entries
              .filter((e) => e.chatCount > 0)
              .map((e) => (
                <circle key={e.date} className="dash-dot" cx={x(e.date) + band / 2} cy={y(e.avgPickedUpInterval)} r={3} />
              ))}
          </g>
        );
      }}
    </Frame>
  );
}
