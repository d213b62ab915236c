import { isIP, type LookupFunction } from "node:net";
import { isForbiddenAddress, type HostResolver } from "../common/addresses.js";

/** Why a connection was not opened: the name resolved to an address callbacks may not reach. */
export class ForbiddenAddressError extends Error {
  override readonly name = "ForbiddenAddressError";
  readonly code = "ERR_FORBIDDEN_ADDRESS";
}

/**
 * A `lookup` for outbound connections to tenant-supplied addresses (decisions.md §4): every resolution of the host
 * name is checked when a connection is opened, not only when the URL was saved, so a name that rebinds to a private,
 * loopback, link-local or reserved address later is refused. If any address of the answer is forbidden the connection
 * is refused; otherwise it goes to the first address, the one checked (pinned: no second resolution). `check` false
 * resolves the same way without the check (an injected resolver then serves trusted calls too).
 */
export function guardedLookup(resolve: HostResolver, check = true): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.length === 0 || (check && addresses.some(isForbiddenAddress));
        if (refused) return callback(new ForbiddenAddressError(`${hostname} resolves to an address callbacks may not reach`), "", 0);
        const address = addresses[0]!;
        const family = isIP(address);
        if ((options as { all?: boolean }).all) return callback(null, [{ address, family }], family);
        callback(null, address, family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}

/** An IP literal never goes through `lookup`: it is checked before the call. */
export function isForbiddenLiteral(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "");
  return isIP(host) !== 0 && isForbiddenAddress(host);
}
