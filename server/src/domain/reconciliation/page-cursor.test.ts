import { describe, expect, it } from "vitest";
import { ApiError } from "../errors.js";
import { readPage, TIME_POSITION } from "./page-cursor.js";

/** Rows numbered newest first; `read` returns those strictly older than the position, as the stores do. */
const rows = [5, 4, 3, 2, 1].map((n) => ({ createdAt: 1_700_000_000_000 + n, rowid: n }));
const read = (after: { createdAt: number; rowid: number } | undefined, limit: number) =>
  Promise.resolve(rows.filter((r) => after === undefined || r.rowid < after.rowid).slice(0, limit));

describe("readPage", () => {
  it("keeps the cursor's wire format: the position's numbers joined by dots, base64url", async () => {
    const first = await readPage({ limit: "2" }, TIME_POSITION, read, (r) => r);
    expect(first.rows.map((r) => r.rowid)).toEqual([5, 4]);
    expect(first.nextCursor).toBe(Buffer.from("1700000000004.4").toString("base64url"));
    const last = await readPage({ cursor: first.nextCursor!, limit: "3" }, TIME_POSITION, read, (r) => r);
    expect(last).toEqual({ rows: rows.slice(2), nextCursor: null });
  });

  it("refuses a cursor of another list's shape, or one it did not make, with a 400", async () => {
    const idCursor = Buffer.from("17").toString("base64url");
    for (const cursor of [idCursor, "", "!!", Buffer.from("1.x").toString("base64url")]) {
      await expect(readPage({ cursor }, TIME_POSITION, read, (r) => r)).rejects.toBeInstanceOf(ApiError);
    }
  });
});
