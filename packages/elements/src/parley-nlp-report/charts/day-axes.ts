import { axisBottom, axisLeft } from 'd3-axis';
import type { ScaleBand, ScaleLinear, ScalePoint } from 'd3-scale';
import { select } from 'd3-selection';
import { formatDay, type Count } from '../format.js';
import { integerTicks, thinned } from './chart-kit.js';

export interface DayPlot {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
  /** The plot area inside the margins. */
  w: number;
  h: number;
  x: ScaleBand<string> | ScalePoint<string>;
  y: ScaleLinear<number, number>;
  /** The largest value drawn: at most five whole-number ticks up to it. */
  top: number;
  /** The element's locale's way of writing the ticks. */
  count: Count;
}

/**
 * The frame both day charts share: the svg sized to its box, the plot group, whole-number gridlines on the left and
 * days along the bottom, thinned to what fits. Returns the plot group to draw the marks into.
 */
export function drawDayAxes(node: SVGSVGElement, { width, height, margin, w, h, x, y, top, count }: DayPlot) {
  const svg = select(node).attr('width', width).attr('height', height).attr('viewBox', `0 0 ${width} ${height}`);
  const plot = svg
    .selectAll<SVGGElement, null>('g.pnr-plot')
    .data([null])
    .join('g')
    .attr('class', 'pnr-plot')
    .attr('transform', `translate(${margin.left},${margin.top})`);
  plot
    .selectAll<SVGGElement, null>('g.pnr-axis-y')
    .data([null])
    .join('g')
    .attr('class', 'pnr-axis pnr-axis-y')
    .call(
      axisLeft(y)
        .tickValues(integerTicks(y.ticks(Math.min(5, Math.max(top, 1)))))
        .tickFormat((d) => count(Number(d)))
        .tickSize(-w)
        .tickPadding(6),
    )
    .call((g) => g.select('.domain').remove());
  plot
    .selectAll<SVGGElement, null>('g.pnr-axis-x')
    .data([null])
    .join('g')
    .attr('class', 'pnr-axis pnr-axis-x')
    .attr('transform', `translate(0,${h})`)
    .call(
      axisBottom(x)
        .tickValues(thinned(x.domain(), w))
        .tickFormat((d) => formatDay(d))
        .tickSizeOuter(0),
    );
  return plot;
}
