import { minuteChartGeometry, type ChartSeries } from "./minute-chart-geometry.js";

/** The hour of a minute (ISO) in the viewer's zone, for the axis and the summary. */
const clock = (iso: string) => new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" }).format(new Date(iso));

/**
 * A small chart of the overview's 60 minutes, drawn as inline SVG (no chart library): stacked bars for counts, lines for
 * latencies. It is one image to assistive technology, named by its title and described by a sentence of its figures;
 * the legend says each series' total in words.
 */
export function MinuteChart(props: { id: string; title: string; unit: string; minutes: string[]; series: ChartSeries[]; kind: "bars" | "lines" }) {
  const { id, title, unit, minutes, series, kind } = props;
  const geometry = minuteChartGeometry(series, kind);
  const peakAt = geometry.peakIndex === null ? null : minutes[geometry.peakIndex];
  const summary =
    peakAt === null || peakAt === undefined
      ? `${title}: nothing in the last hour.`
      : `${title}: highest ${geometry.peak} ${unit} at ${clock(peakAt)}, over the minutes ${clock(minutes[0]!)} to ${clock(minutes.at(-1)!)}.`;
  return (
    <figure class="chart">
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <p class="chart-scale" aria-hidden="true">
        max {geometry.peak} {unit}
      </p>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${geometry.width} ${geometry.height}`}
        preserveAspectRatio="none"
        class="chart-plot"
      >
        <desc id={`${id}-desc`}>{summary}</desc>
        <line class="chart-axis" x1="0" y1={geometry.height} x2={geometry.width} y2={geometry.height} vector-effect="non-scaling-stroke" />
        {geometry.bars.map((bar) => (
          <rect key={`${bar.series}-${bar.x}`} class={`chart-${series[bar.series]!.className}`} x={bar.x} y={bar.y} width={bar.w} height={bar.h} />
        ))}
        {geometry.marks.map((mark) => (
          <rect key={`${mark.series}-${mark.x}`} class={`chart-${series[mark.series]!.className}`} x={mark.x} y={mark.y} width={mark.w} height="3" />
        ))}
        {geometry.lines.map((line) =>
          line.segments.map((points, n) => (
            <polyline
              key={`${line.series}-${n}`}
              class={`chart-line chart-${series[line.series]!.className}`}
              points={points}
              fill="none"
              vector-effect="non-scaling-stroke"
            />
          )),
        )}
      </svg>
      <p class="chart-axis-labels" aria-hidden="true">
        <span>{minutes[0] ? clock(minutes[0]) : ""}</span>
        <span>now</span>
      </p>
      <ul class="chart-legend">
        {series.map((s) => (
          <li key={s.label}>
            <span class={`chart-swatch chart-${s.className}`} aria-hidden="true" /> {s.label}
            {s.legend === undefined ? "" : `: ${s.legend}`}
          </li>
        ))}
      </ul>
    </figure>
  );
}
