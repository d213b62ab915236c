/**
 * Which network addresses the platform's own calls may reach: shared by the portal's check of a callback URL (the domain)
 * and the connect-time check of every outbound connection (outbound), which must agree to the address.
 */
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Address ranges a tenant-supplied callback URL may not reach (SSRF), from the IANA IPv4 and IPv6 special-purpose
 * address registries: loopback, private, shared (carrier-grade NAT), link-local (cloud metadata lives at
 * 169.254.169.254), unique-local, documentation, benchmarking, reserved, multicast and unspecified.
 */
const FORBIDDEN = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  FORBIDDEN.addSubnet(net, prefix, "ipv4");
// IPv6 also covers the forms that embed an IPv4 address: IPv4-compatible (::/96), IPv4-translated (::ffff:0:0:0/96),
// NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48), 6to4 (2002::/16) and Teredo (inside 2001::/23); and the
// discard prefix, documentation (2001:db8::/32, 3fff::/20), SRv6 SIDs, unique-local, link-local, the deprecated
// site-local fec0::/10 and multicast. IPv4-mapped addresses (::ffff:0:0/96) are checked as the IPv4 they carry.
for (const [net, prefix] of [
  ["::", 96],
  ["::1", 128],
  ["::ffff:0:0:0", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["3fff::", 20],
  ["5f00::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  FORBIDDEN.addSubnet(net, prefix, "ipv6");
}

/** True when the address (IPv4, IPv6 or IPv4-mapped IPv6) lies in a range callbacks may not reach. */
export function isForbiddenAddress(address: string): boolean {
  const mapped = mappedIpv4(address);
  if (mapped !== undefined) return FORBIDDEN.check(mapped, "ipv4");
  const family = isIP(address);
  if (family === 4) return FORBIDDEN.check(address, "ipv4");
  if (family === 6) return FORBIDDEN.check(address, "ipv6");
  return false;
}

/** The IPv4 address an IPv4-mapped IPv6 address carries (`::ffff:127.0.0.1` or `::ffff:7f00:1`), if it is one. */
function mappedIpv4(address: string): string | undefined {
  const match = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match || isIP(address) !== 6) return undefined;
  if (match[1]) return match[1];
  const high = parseInt(match[2]!, 16);
  const low = parseInt(match[3]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** Resolves a host name to its addresses; injectable so tests can model DNS answers. */
export type HostResolver = (hostname: string) => Promise<string[]>;

export const systemResolver: HostResolver = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);
