import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { choosePort } from "../src/sandbox/port-choice.js";

describe("choosePort", () => {
  it("keeps a free preferred port, falls back to another when it is taken, and turns 0 into a real port", async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const taken = (holder.address() as { port: number }).port;
    try {
      const fallback = await choosePort("127.0.0.1", taken);
      expect(fallback).not.toBe(taken);
      expect(fallback).toBeGreaterThan(0);
      expect(await choosePort("127.0.0.1", 0)).toBeGreaterThan(0);
    } finally {
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
    expect(await choosePort("127.0.0.1", taken)).toBe(taken);
  });
});
