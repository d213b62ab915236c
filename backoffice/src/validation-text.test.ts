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
    // A studio account's pages: a path parameter, its filters and its settings form.
    ['params.id must match format "uuid"', "Id must be an id such as 3b8f5c2e-7d41-4a9e-9c1f-2a6b0d4e8f17."],
    ['query.sessionRef must match pattern "^[A-Za-z0-9_-]{16}$"', "Session has characters that are not allowed here."],
    ["query.outcome must be equal to one of the allowed values: DELIVERED, FAILED", "Outcome must be one of DELIVERED, FAILED."],
    [
      "body.webhookUrl must be an absolute http(s) URL without spaces, control characters or unpaired surrogates",
      "Webhook URL must be a web address starting with http:// or https://, without spaces.",
    ],
    // The contract's other patterns in words: no code points or surrogates for a person (issue 31).
    [
      "query.playerRef must not contain control, line separator or bidirectional control characters (U+0000 to U+001F, U+007F to U+009F, U+2028 to U+202E, U+2066 to U+2069) or unpaired surrogates",
      "Player has characters that are not allowed here.",
    ],
    [
      "body.note must not contain control characters other than tabs and line breaks, or unpaired surrogates",
      "Note has characters that are not allowed here.",
    ],
    // The service's own address check names the field alone.
    [
      "webhookUrl must not point at a loopback, private, link-local or metadata address",
      "Webhook URL must not point at a loopback, private, link-local or metadata address.",
    ],
    ["callbackUrl must not contain credentials", "Callback URL must not contain credentials."],
  ])("%s", (message, words) => {
    expect(validationInWords(message)).toBe(words);
  });

  it("leaves a message it does not know to the caller", () => {
    expect(validationInWords("problem not found")).toBeUndefined();
    expect(validationInWords('query.from must match format "date-time"; the moon is full')).toBeUndefined();
  });
});
