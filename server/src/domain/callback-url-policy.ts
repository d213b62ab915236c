import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { badRequest } from "./errors.js";
import { isAbsoluteHttpUrl } from "./session-service.js";

/**
 * Address ranges a tenant-supplied callback URL may not reach (SSRF): loopback, private, carrier-grade NAT,
 * link-local (cloud metadata lives at 169.254.169.254), unique-local, multicast and unspecified, in IPv4 and IPv6.
 */
const FORBIDDEN = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) FORBIDDEN.addSubnet(net, prefix, "ipv4");
// IPv6 also covers the IPv4-compatible (::/96), IPv4-translated (::ffff:0:0:0/96), NAT64 (64:ff9b::/96) and 6to4
// (2002::/16) forms that embed an IPv4 address, and the deprecated site-local fec0::/10.
for (const [net, prefix] of [
  ["::", 96], ["::1", 128], ["::ffff:0:0:0", 96], ["64:ff9b::", 96], ["2002::", 16], ["fc00::", 7], ["fe80::", 10], ["fec0::", 10], ["ff00::", 8],
] as const) {
  FORBIDDEN.addSubnet(net, prefix, "ipv6");
}

const METADATA_HOSTS = new Set(["localhost", "metadata", "metadata.google.internal", "instance-data", "metadata.azure.internal"]);

/** True when the address (IPv4, IPv6 or IPv4-mapped IPv6) lies in a range callbacks may not reach. */
export function isForbiddenAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return FORBIDDEN.check(mapped[1], "ipv4");
  const family = isIP(address);
  if (family === 4) return FORBIDDEN.check(address, "ipv4");
  if (family === 6) return FORBIDDEN.check(address, "ipv6");
  return false;
}

/** Resolves a host name to its addresses; injectable so tests can model DNS answers. */
export type HostResolver = (hostname: string) => Promise<string[]>;

const systemResolver: HostResolver = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Checks a callback URL set through the portal: absolute http(s), no credentials, and (unless private addresses
 * are allowed) neither a literal nor a resolved address in a forbidden range. A name that does not resolve
 * here is accepted: it cannot be shown to point inside, and calls to it simply fail. The URL is kept as given
 * (calls append their path to it without a doubled slash).
 */
export async function checkCallbackUrl(value: string, allowPrivate: boolean, resolve: HostResolver = systemResolver): Promise<string> {
  if (!isAbsoluteHttpUrl(value)) throw badRequest("callbackUrl must be an absolute http(s) URL");
  const url = new URL(value);
  if (url.username || url.password) throw badRequest("callbackUrl must not contain credentials");
  if (allowPrivate) return value;
  // "localhost." is "localhost": a fully qualified name's trailing dot must not slip past the name checks.
  const host = url.hostname.replace(/^\[|\]$/g, "").replace(/\.+$/, "").toLowerCase();
  if (METADATA_HOSTS.has(host) || host.endsWith(".localhost") || host.endsWith(".internal")) {
    throw badRequest("callbackUrl must not point at a loopback, private, link-local or metadata address");
  }
  let addresses: string[] = [];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      addresses = [];
    }
  }
  if (addresses.some(isForbiddenAddress)) {
    throw badRequest("callbackUrl must not point at a loopback, private, link-local or metadata address");
  }
  return value;
}
