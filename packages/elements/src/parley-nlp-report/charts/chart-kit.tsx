import { useCallback, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/** The width of a box, kept current by a ResizeObserver: charts redraw to fit from a phone to a wide screen. */
export function useWidth<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    setWidth(Math.floor(node.clientWidth));
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

export interface Tip {
  x: number;
  y: number;
  title: string;
  lines: string[];
}

/**
 * A tooltip placed above the hovered or focused mark, in the coordinates of the chart's box. Mouse and keyboard
 * show the same words, which are also the mark's accessible name.
 */
export function useTooltip(box: RefObject<HTMLElement | null>) {
  const [tip, setTip] = useState<Tip | null>(null);
  const show = useCallback(
    (target: Element, title: string, lines: string[]) => {
      const host = box.current?.getBoundingClientRect();
      const mark = target.getBoundingClientRect();
      if (!host) return;
      const x = Math.min(Math.max(mark.left + mark.width / 2 - host.left, 70), Math.max(host.width - 70, 70));
      setTip({ x, y: Math.max(mark.top - host.top, 0), title, lines });
    },
    [box],
  );
  const hide = useCallback(() => setTip(null), []);
  return { tip, show, hide };
}

export function Tooltip({ tip }: { tip: Tip | null }) {
  if (!tip) return null;
  return (
    <div className="pnr-tooltip" role="presentation" style={{ left: tip.x, top: tip.y }}>
      <strong>{tip.title}</strong>
      {tip.lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </div>
  );
}

export const prefersReducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** How long chart marks take to move in: none for readers who asked for less motion. */
export const transitionMs = () => (prefersReducedMotion() ? 0 : 600);

export interface LegendItem {
  label: string;
  className: string;
}

export function Legend({ items }: { items: LegendItem[] }) {
  return (
    <ul className="pnr-legend" aria-hidden="true">
      {items.map((item) => (
        <li key={item.label}>
          <span className={`pnr-swatch ${item.className}`} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/** Every n-th day counted back from the last, so labels never overlap and the latest day is always named. */
export function thinned<T>(values: T[], width: number, room = 56): T[] {
  const fit = Math.max(2, Math.floor(width / room));
  const step = Math.max(1, Math.ceil(values.length / fit));
  return values.filter((_, i) => (values.length - 1 - i) % step === 0);
}

/** Chart heights that keep bars readable: shorter on a phone, taller beside the Scope card on a wide screen. */
export const chartHeight = (width: number) => (width < 480 ? 220 : width < 760 ? 260 : 320);

/** Whole-number ticks only: counts of messages and users have no halves. */
export function integerTicks(ticks: number[]): number[] {
  return ticks.filter((t) => Number.isInteger(t));
}

/**
 * A chart card: its title, a 'View as table' switch, the chart and the same figures as a table. The table is always
 * in the page for screen readers; the switch shows it to everyone in place of the chart.
 */
export function ChartCard({
  title,
  className,
  chart,
  table,
  footer,
}: {
  title: string;
  className?: string;
  chart: ReactNode;
  table: ReactNode;
  /** Shown under the chart or the table alike. */
  footer?: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  return (
    <section className={`pnr-card pnr-chart-card ${className ?? ''}`} aria-label={title} data-view={asTable ? 'table' : 'chart'}>
      <header className="pnr-card-header">
        <h3 className="pnr-card-title">{title}</h3>
        <button type="button" className="pnr-link-button" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
          {asTable ? 'View as chart' : 'View as table'}
        </button>
      </header>
      <div className="pnr-chart-body" hidden={asTable}>
        {chart}
      </div>
      <div className={asTable ? 'pnr-table-view' : 'pnr-sr-only'}>{table}</div>
      {footer}
    </section>
  );
}
