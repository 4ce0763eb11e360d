import { useEffect, useRef } from 'react';
import { interpolate } from 'd3-interpolate';
import { select } from 'd3-selection';
import { arc, pie, type PieArcDatum } from 'd3-shape';
import 'd3-transition';
import { percent, useCount, type Count } from '../format.js';
import { Legend, Tooltip, transitionMs, useTooltip, useWidth } from './chart-kit.js';

export interface ScopeSplit {
  scoped: number;
  nonScoped: number;
  /** The server's scoped share, in percent with 2 decimals. */
  scopedPercentage: number;
}

interface Slice {
  key: 'scoped' | 'nonScoped';
  label: string;
  value: number;
  share: number;
}

export function slicesOf(split: ScopeSplit): Slice[] {
  const total = split.scoped + split.nonScoped;
  return [
    { key: 'scoped', label: 'Scoped', value: split.scoped, share: split.scopedPercentage },
    { key: 'nonScoped', label: 'Non-scoped', value: split.nonScoped, share: total ? Math.round((10_000 * split.nonScoped) / total) / 100 : 0 },
  ];
}

const sliceText = (s: Slice, count: Count) => `${count(s.value)} message${s.value === 1 ? '' : 's'} (${percent(s.share)})`;

/** The Scope donut (agent-designer 2): the scoped share of all messages, written in its middle with 2 decimals. */
export function ScopeDonut({ split }: { split: ScopeSplit }) {
  const [box, width] = useWidth<HTMLDivElement>();
  const svgRef = useRef<SVGSVGElement>(null);
  const { tip, show, hide } = useTooltip(box);
  const count = useCount();
  const drawn = useRef<ScopeSplit | null>(null);
  const empty = split.scoped + split.nonScoped === 0;
  const size = Math.max(Math.min(width, 200), 140);

  useEffect(() => {
    const node = svgRef.current;
    if (!node || !width || empty) return;
    const fresh = drawn.current !== split;
    drawn.current = split;
    const ms = fresh ? transitionMs() : 0;
    const radius = size / 2;
    const slices = slicesOf(split);
    const shape = arc<PieArcDatum<Slice>>()
      .innerRadius(radius * 0.64)
      .outerRadius(radius - 2)
      .cornerRadius(2);
    const layout = pie<Slice>()
      .sort(null)
      .value((s) => s.value)
      .padAngle(split.scoped && split.nonScoped ? 0.02 : 0);

    const svg = select(node).attr('width', size).attr('height', size).attr('viewBox', `${-radius} ${-radius} ${size} ${size}`);
    svg
      .selectAll<SVGPathElement, PieArcDatum<Slice>>('path.pnr-slice')
      .data(layout(slices), (d) => d.data.key)
      .join('path')
      .attr('class', (d) => `pnr-slice pnr-fill-${d.data.key}`)
      .attr('role', 'img')
      .attr('aria-label', (d) => `${d.data.label}: ${sliceText(d.data, count)}`)
      .attr('tabindex', (d) => (d.data.value ? 0 : null))
      .on('mouseenter focus', function (_event, d) {
        show(this, d.data.label, [sliceText(d.data, count)]);
      })
      .on('mouseleave blur', hide)
      .transition()
      .duration(ms)
      .attrTween('d', (d) => {
        // Each slice sweeps open from the top.
        const from = interpolate({ startAngle: 0, endAngle: 0 }, { startAngle: d.startAngle, endAngle: d.endAngle });
        return (t) => shape({ ...d, ...from(fresh ? t : 1) }) ?? '';
      });

    svg
      .selectAll('text.pnr-donut-value')
      .data([split.scopedPercentage])
      .join('text')
      .attr('class', 'pnr-donut-value')
      .attr('text-anchor', 'middle')
      .attr('dy', '0.1em')
      .text((v) => percent(v));
    svg
      .selectAll('text.pnr-donut-label')
      .data(['scoped'])
      .join('text')
      .attr('class', 'pnr-donut-label')
      .attr('text-anchor', 'middle')
      .attr('dy', '1.6em')
      .text((v) => v);
  }, [split, width, size, empty, show, hide, count]);

  return (
    <div ref={box} className="pnr-chart pnr-donut" onMouseLeave={hide}>
      {empty ? (
        <p className="pnr-empty">No messages in this period</p>
      ) : (
        <>
          <svg ref={svgRef} className="pnr-svg" role="group" aria-label={`Scope: ${percent(split.scopedPercentage)} of messages were scoped`} />
          <Legend
            items={[
              { label: 'Scoped', className: 'pnr-fill-scoped' },
              { label: 'Non-scoped', className: 'pnr-fill-nonScoped' },
            ]}
          />
        </>
      )}
      <Tooltip tip={tip} />
    </div>
  );
}

export function ScopeTable({ split }: { split: ScopeSplit }) {
  const count = useCount();
  return (
    <table className="pnr-data-table">
      <caption>Scope: messages by scope</caption>
      <thead>
        <tr>
          <th scope="col">Scope</th>
          <th scope="col">Messages</th>
          <th scope="col">Share</th>
        </tr>
      </thead>
      <tbody>
        {slicesOf(split).map((s) => (
          <tr key={s.key}>
            <th scope="row">{s.label}</th>
            <td>{count(s.value)}</td>
            <td>{percent(s.share)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
