/** One series of a minute chart: a value per minute (null where there is none, a gap in a line). */
export interface ChartSeries {
  label: string;
  /** Names its colour (`chart-<className>` in styles.css). */
  className: string;
  values: (number | null)[];
  /** What the legend says after the label, e.g. the hour's total. */
  legend?: string;
}

const WIDTH = 600;
const HEIGHT = 120;

/**
 * Where a minute chart's shapes go, in a 600 × 120 box (stretched to the page's width): stacked bars (one slot per
 * minute, the series on top of one another) or lines (one polyline per run of two minutes or more with a value, and a
 * dash 3 high at each value). The scale's top
 * is the highest minute (the stacked total for bars); `peakIndex` is that minute, null when every value is 0 or none.
 */
export function minuteChartGeometry(series: ChartSeries[], kind: "bars" | "lines") {
  const count = Math.max(0, ...series.map((s) => s.values.length));
  const slot = count === 0 ? WIDTH : WIDTH / count;
  const heights = Array.from({ length: count }, (_, i) =>
    kind === "bars" ? series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0) : Math.max(0, ...series.map((s) => s.values[i] ?? 0)),
  );
  const peak = Math.max(0, ...heights);
  const peakIndex = peak === 0 ? null : heights.indexOf(peak);
  const scale = (value: number) => (peak === 0 ? 0 : (value / peak) * (HEIGHT - 2));
  const bars: { series: number; x: number; y: number; w: number; h: number }[] = [];
  const lines: { series: number; segments: string[] }[] = [];
  /** Each value of a line also shows as a short dash, so a lone minute is seen. */
  const marks: { series: number; x: number; y: number; w: number }[] = [];
  if (kind === "bars") {
    for (let i = 0; i < count; i += 1) {
      let top = HEIGHT;
      series.forEach((s, n) => {
        const h = scale(s.values[i] ?? 0);
        if (h <= 0) return;
        top -= h;
        bars.push({ series: n, x: round(i * slot + slot * 0.1), y: round(top), w: round(slot * 0.8), h: round(h) });
      });
    }
  } else {
    series.forEach((s, n) => {
      const segments: string[] = [];
      let run: string[] = [];
      for (let i = 0; i <= count; i += 1) {
        const value = s.values[i];
        if (i < count && value !== null && value !== undefined) {
          run.push(`${round(i * slot + slot / 2)},${round(HEIGHT - scale(value))}`);
          marks.push({
            series: n,
            x: round(i * slot + slot * 0.1),
            y: round(Math.min(HEIGHT - 3, HEIGHT - scale(value) - 1.5)),
            w: round(slot * 0.8),
          });
          continue;
        }
        if (run.length > 1) segments.push(run.join(" "));
        run = [];
      }
      lines.push({ series: n, segments });
    });
  }
  return { width: WIDTH, height: HEIGHT, peak, peakIndex, bars, lines, marks };
}

const round = (n: number) => Math.round(n * 10) / 10;
