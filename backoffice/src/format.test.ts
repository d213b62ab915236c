import { describe, expect, it } from "vitest";
import { formatMoney, formatTime, isoToLocalInput, localInputToIso, minorUnitDigits, parseMoney, words } from "./format.js";

describe("money and time formats", () => {
  it("uses each currency's ISO 4217 minor-unit exponent", () => {
    expect([minorUnitDigits("JPY"), minorUnitDigits("EUR"), minorUnitDigits("BHD"), minorUnitDigits("KWD")]).toEqual([0, 2, 3, 3]);
    expect(formatMoney(1500, "JPY", "en-US")).toBe("¥1,500");
    expect(formatMoney(1050, "EUR", "en-US")).toBe("€10.50");
    expect(formatMoney(5, "EUR", "en-US")).toBe("€0.05");
    expect(formatMoney(1234, "BHD", "en-US")).toMatch(/^BHD\s1\.234$/);
    expect(formatMoney(-700, "USD", "en-US")).toBe("-$7.00");
    expect(formatMoney(null, "EUR")).toBe("—");
  });

  it("keeps every digit of an amount a float would round", () => {
    expect(formatMoney(9007199254740991, "EUR", "en-US")).toBe("€90,071,992,547,409.91");
  });

  it("reads amounts people type in major units, to the currency's exponent and no further", () => {
    expect(parseMoney("12.5", "EUR")).toBe(1250);
    expect(parseMoney("0.2", "EUR")).toBe(20);
    expect(parseMoney("1500", "JPY")).toBe(1500);
    expect(parseMoney("1.5", "JPY")).toBeUndefined();
    expect(parseMoney("1.234", "BHD")).toBe(1234);
    expect(parseMoney("-1", "EUR")).toBeUndefined();
    expect(parseMoney("ten", "EUR")).toBeUndefined();
  });

  it("reads a local date-time input in the viewer's zone and names enum values in words", () => {
    expect(localInputToIso("")).toBeUndefined();
    expect(localInputToIso("2026-01-16T10:00")).toBe(new Date(2026, 0, 16, 10, 0).toISOString());
    expect(isoToLocalInput(new Date(2026, 0, 16, 10, 0).toISOString())).toBe("2026-01-16T10:00");
    expect(words("TIMED_OUT")).toBe("Timed out");
    expect(formatTime("2026-01-16T10:00:05Z", "en-GB")).toMatch(/16 Jan 2026, \d\d:\d\d:05 \S+/);
    expect(formatTime(null)).toBe("—");
  });
});
