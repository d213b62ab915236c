import { describe, expect, it } from "vitest";
import { validationInWords } from "./validation-text.js";

describe("the service's validation messages in words for a person", () => {
  it.each([
    ['query.from must match format "date-time"', "From must be a date and time."],
    ['Query.from must match format "date-time"', "From must be a date and time."],
    ["body.spins must be >= 1", "Spins must be at least 1."],
    [
      "query.limit must be <= 200; query.cursor must NOT have fewer than 1 characters",
      "Page size must be at most 200. Page position must not be empty.",
    ],
    ["body.currency must be equal to one of the allowed values: EUR, USD", "Currency must be one of EUR, USD."],
    ["body must have required property 'playerRef'", "Player is required."],
    ["body.betAmountMinor must be integer", "Stake per spin must be a whole number."],
    ['body.playerRef must match pattern "^x$"', "Player has characters that are not allowed here."],
  ])("%s", (message, words) => {
    expect(validationInWords(message)).toBe(words);
  });

  it("leaves a message it does not know to the caller", () => {
    expect(validationInWords("problem not found")).toBeUndefined();
    expect(validationInWords('query.from must match format "date-time"; the moon is full')).toBeUndefined();
  });
});
