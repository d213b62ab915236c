/**
 * The contract's patterns (spec/common/scalars.tsp; `LIMITS`) in words, for the messages of a value one of them refused:
 * the service's 400s and the SDKs' receivers say the same.
 */
/** What an identifier (`Identifier`, `LIMITS.identifierPattern`) must not contain. */
export const IDENTIFIER_RULE =
  "must not contain control, line separator or bidirectional control characters (U+0000 to U+001F, U+007F to U+009F, U+2028 to U+202E, U+2066 to U+2069) or unpaired surrogates";

/** What an http(s) URL (`HttpUrl`, `LIMITS.httpUrlPattern`) must be. */
export const HTTP_URL_RULE = "must be an absolute http(s) URL without spaces, control characters or unpaired surrogates";

/** What a person's note (`Note`, `LIMITS.notePattern`) must not contain. */
export const NOTE_RULE = "must not contain control characters other than tabs and line breaks, or unpaired surrogates";
