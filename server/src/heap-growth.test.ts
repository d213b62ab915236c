import { describe, expect, it } from "vitest";
import { heapGrowthFlag } from "./heap-growth.js";

describe("heapGrowthFlag", () => {
  it("limits heap growth unless the command line chose its own growth", () => {
    expect(heapGrowthFlag([])).toBe("--heap-growing-percent=150");
    expect(heapGrowthFlag(["--enable-source-maps"])).toBe("--heap-growing-percent=150");
    expect(heapGrowthFlag(["--heap-growing-percent=80"])).toBeUndefined();
    expect(heapGrowthFlag(["--heap_growing_percent", "80"])).toBeUndefined();
  });
});
