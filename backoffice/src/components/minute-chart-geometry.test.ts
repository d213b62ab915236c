import { describe, expect, it } from "vitest";
import { minuteChartGeometry } from "./minute-chart-geometry.js";

describe("the overview's minute charts", () => {
  it("stacks bars per minute under the busiest minute's total", () => {
    const g = minuteChartGeometry(
      [
        { label: "OK", className: "ok", values: [0, 2, 4] },
        { label: "Failed", className: "bad", values: [0, 2, 0] },
      ],
      "bars",
    );
    expect(g.peak).toBe(4);
    expect(g.peakIndex).toBe(1);
    // The busy minutes' stacks reach the top; the empty minute draws nothing.
    expect(g.bars.map((b) => [b.series, b.y, b.h])).toEqual([
      [0, 61, 59],
      [1, 2, 59],
      [0, 2, 118],
    ]);
    expect(g.bars.every((b) => b.x >= 200 && b.x + b.w <= 600)).toBe(true);
  });

  it("draws lines with gaps where a minute had no call, and nothing for an empty hour", () => {
    const g = minuteChartGeometry([{ label: "Mean", className: "mean", values: [10, 20, null, 5] }], "lines");
    expect(g.peak).toBe(20);
    expect(g.lines[0]!.segments).toEqual(["75,61 225,2"]);
    // Every value is marked, the lone last minute included.
    expect(g.marks.map((m) => [m.x, m.y])).toEqual([
      [15, 59.5],
      [165, 0.5],
      [465, 89],
    ]);
    const empty = minuteChartGeometry([{ label: "Mean", className: "mean", values: [null, null] }], "lines");
    expect(empty.peakIndex).toBeNull();
    expect(empty.lines[0]!.segments).toEqual([]);
    expect(empty.marks).toEqual([]);
  });
});
