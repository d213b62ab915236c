import { isIP } from "node:net";
import { isForbiddenAddress, systemResolver, type HostResolver } from "../../common/addresses.js";
import { badRequest } from "../errors.js";
import { isAbsoluteHttpUrl } from "../sessions/session-service.js";

const METADATA_HOSTS = new Set(["localhost", "metadata", "metadata.google.internal", "instance-data", "metadata.azure.internal"]);

/**
 * Checks a callback URL (or a provider's webhook URL, named `field` in the refusals) set through a portal: absolute http(s), no credentials, and (unless private addresses
 * are allowed) neither a literal nor a resolved address in a forbidden range. A name that does not resolve
 * here is accepted: it cannot be shown to point inside, and calls to it simply fail. The URL is kept as given
 * (calls append their path to it without a doubled slash).
 */
export async function checkCallbackUrl(
  value: string,
  allowPrivate: boolean,
  resolve: HostResolver = systemResolver,
  field: "callbackUrl" | "webhookUrl" = "callbackUrl",
): Promise<string> {
  if (!isAbsoluteHttpUrl(value)) throw badRequest(`${field} must be an absolute http(s) URL`);
  const url = new URL(value);
  if (url.username || url.password) throw badRequest(`${field} must not contain credentials`);
  if (allowPrivate) return value;
  // "localhost." is "localhost": a fully qualified name's trailing dot must not slip past the name checks.
  const host = url.hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.+$/, "")
    .toLowerCase();
  if (METADATA_HOSTS.has(host) || host.endsWith(".localhost") || host.endsWith(".internal")) {
    throw badRequest(`${field} must not point at a loopback, private, link-local or metadata address`);
  }
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      addresses = [];
    }
  }
  if (addresses.some(isForbiddenAddress)) {
    throw badRequest(`${field} must not point at a loopback, private, link-local or metadata address`);
  }
  return value;
}
