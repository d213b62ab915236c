/** The four signing headers of decisions.md §1, in the lowercase form Node exposes them. */
export const SIGNING_HEADERS = { tenantId: "x-tenant-id", timestamp: "x-timestamp", nonce: "x-nonce", signature: "x-signature" } as const;

/** Header values as sent on a signed request. */
export interface SignedHeaders {
  "X-Tenant-ID": string;
  "X-Timestamp": string;
  "X-Nonce": string;
  "X-Signature": string;
}

/** Anything that can answer a case-insensitive header lookup: a Fetch `Headers`, or Node's `IncomingHttpHeaders`. */
export type HeaderSource = { get(name: string): string | null } | Record<string, string | string[] | undefined>;

/** Reads one header from either shape; a repeated header counts as missing, since it cannot be verified unambiguously. */
export function readHeader(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === "function") {
    const value = (headers as { get(name: string): string | null }).get(name);
    return value === null ? undefined : value;
  }
  const record = headers as Record<string, string | string[] | undefined>;
  const value = record[name.toLowerCase()] ?? findCaseInsensitive(record, name);
  return typeof value === "string" ? value : undefined;
}

function findCaseInsensitive(record: Record<string, string | string[] | undefined>, name: string) {
  const lower = name.toLowerCase();
  for (const key of Object.keys(record)) {
    if (key.toLowerCase() === lower) return record[key];
  }
  return undefined;
}
