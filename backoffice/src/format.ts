/*
 * How the back office shows money and times: amounts in major units with the currency, using the ISO 4217 minor-unit
 * exponent the browser's Intl data knows (JPY 0, EUR 2, BHD and KWD 3), and times in the viewer's own time zone.
 */

/** The currency's minor-unit exponent (ISO 4217); 2 for a code the browser does not know. */
export function minorUnitDigits(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount in minor units as major units with the currency, exactly (the integer is split, never divided). */
export function formatMoney(minor: number | null | undefined, currency: string, locale?: string): string {
  if (minor === null || minor === undefined) return "—";
  const digits = minorUnitDigits(currency);
  const text = String(Math.abs(minor)).padStart(digits + 1, "0");
  const major = `${minor < 0 ? "-" : ""}${digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`}`;
  try {
    const format = new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    // A decimal string keeps every digit, where a float could not (Intl.NumberFormat v3).
    return format.format(major as unknown as number);
  } catch {
    return `${major} ${currency}`;
  }
}

/** Major units typed by a person ("12.50") as minor units of the currency; undefined when it is not such an amount. */
export function parseMoney(text: string, currency: string): number | undefined {
  const digits = minorUnitDigits(currency);
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!match || (match[2] ?? "").length > digits) return undefined;
  const minor = Number(`${match[1]}${(match[2] ?? "").padEnd(digits, "0")}`);
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/** An instant (RFC 3339) in the viewer's time zone, with the zone named. */
export function formatTime(iso: string | null | undefined, locale?: string): string {
  if (!iso) return "—";
  // dateStyle and timeStyle cannot be combined with timeZoneName, so the fields are named one by one.
  return new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    timeZoneName: "short",
  }).format(new Date(iso));
}

/** A `datetime-local` input's value (the viewer's zone) as RFC 3339; undefined when empty. */
export function localInputToIso(value: string): string | undefined {
  return value === "" ? undefined : new Date(value).toISOString();
}

/** An instant (RFC 3339) as a `datetime-local` input's value in the viewer's zone; empty when there is none. */
export function isoToLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Words for an enum value: `TIMED_OUT` reads "Timed out". */
export function words(value: string): string {
  const lower = value.replace(/_/g, " ").toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}
