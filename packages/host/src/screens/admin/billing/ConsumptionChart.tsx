import { scaleBand, scaleLinear, scaleOrdinal } from 'd3-scale';
import { stack } from 'd3-shape';
import { useLayoutEffect, useRef, useState } from 'react';
import type { ConsumptionDay } from '@parley/sdk/contract/billing';
import { formatMoney, shortFigure } from '@parley/sdk/number-format';
import { serviceLabel } from '../../../billing/usage-rows.js';
import { amountAxis, chartSeries } from './consumption-table.js';
import { formatDateOnly } from '../../../format/locale.js';

const HEIGHT = 280;
const MARGIN = { top: 16, right: 16, bottom: 36, left: 64 };
/** The chart palette of tokens.css: colours told apart with the common colour-vision deficiencies (Okabe–Ito). */
const COLOURS = [1, 2, 3, 4, 5, 6].map((n) => `var(--parley-chart-${n})`);

const dayLabel = formatDateOnly;

/**
 * Cost per day, stacked by service (d3 scales and stack; React draws the SVG). The chart is a picture for sighted
 * users: its figures are in the table under it, which screen readers get instead (the SVG is labelled and its marks
 * hidden).
 */
export function ConsumptionChart({ days, currencyCode }: { days: readonly ConsumptionDay[]; currencyCode: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(720);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(320, Math.floor(el.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const [hover, setHover] = useState<number | null>(null);

  const { services, points } = chartSeries(days);
  const x = scaleBand<string>()
    .domain(points.map((p) => p.date))
    .range([MARGIN.left, width - MARGIN.right])
    .padding(0.25);
  const y = scaleLinear()
    .domain([0, Math.max(1, ...points.map((p) => p.total))])
    .nice()
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const colour = scaleOrdinal<string, string>().domain(services).range(COLOURS);
  const layers = stack<(typeof points)[number]>().keys(services)(points);
  const every = Math.max(1, Math.ceil(points.length / Math.max(1, Math.floor((width - MARGIN.left) / 56))));
  const point = hover === null ? null : points[hover];

  return (
    <figure className="billing-chart" ref={box}>
      <svg
        width={width}
        height={HEIGHT}
        role="img"
        aria-label={`Cost per day by service, ${points.length} days. The figures are in the table below.`}
        onMouseLeave={() => setHover(null)}
      >
        <g aria-hidden="true">
          {y.ticks(5).map((t) => (
            <g key={t} className="billing-grid">
              <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(t)} y2={y(t)} />
              <text x={MARGIN.left - 8} y={y(t)} dy="0.32em" textAnchor="end">
                {shortFigure(t, 2)}
              </text>
            </g>
          ))}
          <text className="billing-axis-title" transform={`translate(14,${HEIGHT / 2}) rotate(-90)`} textAnchor="middle">
            {amountAxis(currencyCode)}
          </text>
          {layers.map((layer) => (
            <g key={layer.key} style={{ fill: colour(layer.key) }}>
              {layer.map((seg, i) => (
                <rect key={points[i]!.date} x={x(points[i]!.date)} width={x.bandwidth()} y={y(seg[1])} height={Math.max(0, y(seg[0]) - y(seg[1]))} />
              ))}
            </g>
          ))}
          {points.map((p, i) =>
            i % every === 0 || i === points.length - 1 ? (
              <text key={p.date} className="billing-x-label" x={(x(p.date) ?? 0) + x.bandwidth() / 2} y={HEIGHT - MARGIN.bottom + 16} textAnchor="middle">
                {dayLabel(p.date)}
              </text>
            ) : null,
          )}
          {points.map((p, i) => (
            <rect
              key={p.date}
              className="billing-hit"
              x={(x(p.date) ?? 0) - (x.step() - x.bandwidth()) / 2}
              width={x.step()}
              y={MARGIN.top}
              height={HEIGHT - MARGIN.top - MARGIN.bottom}
              onMouseEnter={() => setHover(i)}
            />
          ))}
        </g>
      </svg>
      <ul className="billing-legend" aria-hidden="true">
        {services.map((s) => (
          <li key={s}>
            <span className="billing-swatch" style={{ background: colour(s) }} />
            {serviceLabel(s)}
          </li>
        ))}
      </ul>
      {point && (
        <div className="billing-tooltip" aria-hidden="true" style={{ left: Math.min(width - 220, (x(point.date) ?? 0) + x.bandwidth() + 8) }}>
          <strong>{dayLabel(point.date)}</strong>
          {services
            .filter((s) => point[s]! > 0)
            .map((s) => (
              <span key={s}>
                {serviceLabel(s)}: {formatMoney(point[s], currencyCode)}
              </span>
            ))}
          <span>Total: {formatMoney(point.total, currencyCode)}</span>
        </div>
      )}
    </figure>
  );
}
