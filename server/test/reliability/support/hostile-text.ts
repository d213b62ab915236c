import fc from "fast-check";

/**
 * Characters a hostile client sends: any UTF-16 code unit (unpaired surrogates included), and the ones that broke
 * something once: NUL, C1 controls, line separators, bidirectional controls, a surrogate pair.
 */
const hostileCharacter = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
  fc.constantFrom("\u0000", "\n", "\u0085", "\u009b", "\u2028", "\u202e", "\u2066", "\ud800", "\udfff", "😀", "%", "&", "=", "/", "?", "#", "+", " "),
  fc.constantFrom("a", "1", "-", "_", "."),
);

/** Text of hostile characters, up to `maxLength` of them. */
export const hostileText = (maxLength = 40) => fc.string({ unit: hostileCharacter, maxLength });

/** Spellings that slipped past a validator once: numbers, times and offsets it read its own way. */
export const oddSpellings = fc.constantFrom(
  "-Infinity",
  "Infinity",
  "NaN",
  "1e2",
  "-0",
  "0x10",
  " 5",
  "9".repeat(30),
  "2026-01-01T23:59:60Z",
  "2026-01-01T00:00:00+99:99",
  "2026-02-30T00:00:00Z",
  "0000-00-00T00:00:00Z",
  "2026-01-01T24:00:00Z",
  "",
  "null",
  "[]",
  "{}",
);

/**
 * Percent-encodes text byte for byte as a hostile client may send it: UTF-8, except that an unpaired surrogate is
 * written as the three bytes it would take (WTF-8), which is no UTF-8 at all. RFC 3986 unreserved characters stay.
 */
export function percentEncodeAnything(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join("");
    } else if (/[A-Za-z0-9\-._~]/.test(text[i]!)) out += text[i];
    else out += encodeURIComponent(text[i]!).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  }
  return out;
}
