import { isIP, type LookupFunction } from "node:net";
import { isForbiddenAddress, type HostResolver } from "../common/addresses.js";

/** Why a connection was not opened: the name resolved to an address callbacks may not reach. */
export class ForbiddenAddressError extends Error {
  override readonly name = "ForbiddenAddressError";
  readonly code = "ERR_FORBIDDEN_ADDRESS";
}

/**
 * A `lookup` that checks every resolution when a connection opens (decisions.md §4), so a name rebound to a forbidden
 * address is refused; the connection goes to the address checked. `check` false resolves the same way unchecked.
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
