import { describe, expect, it } from "vitest";
import { MemoryDedupStore, withCancelDedup, withGrantDedup, type GrantFreeSpinsRequest } from "../src/index.js";

const grant: GrantFreeSpinsRequest = { requestRef: "g-1", playerRef: "p-1", gameId: "starfall", spins: 10, betAmountMinor: 0, currency: "EUR" };

describe("dedup helpers", () => {
  it("runs concurrent grants of one requestRef once and keeps distinct ones apart", async () => {
    let created = 0;
    const onGrant = withGrantDedup(new MemoryDedupStore(), async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { externalRef: `b-${++created}` };
    });
    const answers = await Promise.all([onGrant(grant), onGrant(grant), onGrant({ ...grant, requestRef: "g-2" })]);
    expect(answers).toEqual([{ externalRef: "b-1" }, { externalRef: "b-1" }, { externalRef: "b-2" }]);
    expect(created).toBe(2);
  });

  it("does not remember a failed grant or cancel", async () => {
    let attempts = 0;
    const onGrant = withGrantDedup(new MemoryDedupStore(), () => {
      if (++attempts === 1) throw new Error("studio busy");
      return { externalRef: "b-1" };
    });
    await expect(onGrant(grant)).rejects.toThrow("studio busy");
    expect(await onGrant(grant)).toEqual({ externalRef: "b-1" });

    let cancels = 0;
    const onCancel = withCancelDedup(new MemoryDedupStore(), () => {
      if (++cancels === 1) throw new Error("studio busy");
    });
    const batch = { externalRef: "b-1", playerRef: "p-1", gameId: "starfall" };
    await expect(onCancel(batch)).rejects.toThrow("studio busy");
    await onCancel(batch);
    await onCancel(batch);
    expect(cancels).toBe(2);
  });
});
