import { CroupierConfigurationError } from "./configuration-error.js";
import type { RetryOptions } from "./retry.js";
import type { ConnectionOptions } from "./signed-client.js";
import type { VerificationOptions } from "./verify-signature.js";

/*
 * The options a client or receiver is created with, checked at creation. JavaScript callers (and `process.env.X!`)
 * can pass anything, and a bad value otherwise shows up only at the first call, as a network error or a 401.
 */

/** Node's longest timer (2^31 - 1 ms): a longer one fires at once, so it would time out every call. */
const MAX_TIMER_MS = 2_147_483_647;

function refuse(factory: string, option: string, problem: string): never {
  throw new CroupierConfigurationError(option, `${factory}: option ${option} ${problem}`);
}

/** How a value that should have been a non-empty string reads in a message. */
function described(value: unknown): string {
  if (value === undefined) return "is missing";
  if (value === "") return "is empty";
  if (typeof value === "string") return "is only whitespace";
  return `is ${value === null ? "null" : `a ${typeof value}`}, not a string`;
}

function requireText(factory: string, option: string, value: unknown, expected: string): void {
  if (typeof value !== "string" || value.trim() === "") refuse(factory, option, `${described(value)}: pass ${expected}`);
}

function requireFunction(factory: string, option: string, value: unknown, optional: boolean): void {
  if (value === undefined && optional) return;
  if (typeof value !== "function") refuse(factory, option, `${value === undefined ? "is missing" : `is a ${typeof value}`}: pass a function`);
}

function requireNumber(factory: string, option: string, value: unknown, rule: { min: number; max?: number; integer?: boolean }): void {
  if (value === undefined) return;
  const fits =
    typeof value === "number" &&
    Number.isFinite(value) &&
    value >= rule.min &&
    value <= (rule.max ?? Number.MAX_SAFE_INTEGER) &&
    (rule.integer !== true || Number.isInteger(value));
  if (fits) return;
  const range = rule.max === undefined ? `at least ${rule.min}` : `from ${rule.min} to ${rule.max}`;
  refuse(
    factory,
    option,
    `is ${typeof value === "string" ? JSON.stringify(value) : String(value)}: it must be ${rule.integer === true ? "an integer" : "a number"} ${range}`,
  );
}

/** The service's address: an absolute http(s) URL, optionally with a path prefix, and nothing a request cannot carry. */
function requireBaseUrl(factory: string, value: unknown): void {
  requireText(factory, "baseUrl", value, 'the service\'s address, for example "https://croupier.example"');
  const text = value as string;
  const example = `for example "https://${text.includes("://") ? text.slice(text.indexOf("://") + 3) : text}"`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse(factory, "baseUrl", `is ${JSON.stringify(text)}, not an absolute URL: start it with https:// or http://, ${example}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    const scheme = text.includes("://") ? `its scheme is ${url.protocol.slice(0, -1)}` : "it has no http:// or https:// scheme";
    refuse(factory, "baseUrl", `is ${JSON.stringify(text)}: ${scheme}; write ${example}`);
  }
  if (url.username !== "" || url.password !== "")
    refuse(factory, "baseUrl", "must not carry a user name or password: requests are signed with the secret");
  if (url.search !== "" || url.hash !== "")
    refuse(factory, "baseUrl", `is ${JSON.stringify(text)}: it must not carry a query or fragment; a path prefix is fine`);
}

function checkRetry(factory: string, retry: unknown): void {
  if (retry === undefined || retry === false) return;
  if (typeof retry !== "object" || retry === null || Array.isArray(retry)) {
    refuse(factory, "retry", "must be false or an object such as { maxAttempts: 5, initialDelayMs: 100, maxDelayMs: 5000 }");
  }
  const options = retry as RetryOptions;
  requireNumber(factory, "retry.maxAttempts", options.maxAttempts, { min: 1, integer: true });
  requireNumber(factory, "retry.initialDelayMs", options.initialDelayMs, { min: 0, max: MAX_TIMER_MS });
  requireNumber(factory, "retry.maxDelayMs", options.maxDelayMs, { min: 0, max: MAX_TIMER_MS });
  requireFunction(factory, "retry.onRetry", options.onRetry, true);
}

/** Checks a client's options; throws a {@link CroupierConfigurationError} naming the first option at fault. */
export function checkClientOptions(factory: string, options: ConnectionOptions & { retry?: false | RetryOptions }): void {
  if (typeof options !== "object" || (options as unknown) === null) refuse(factory, "options", "are missing: pass { baseUrl, tenantId, secret }");
  requireBaseUrl(factory, options.baseUrl);
  requireText(factory, "tenantId", options.tenantId, 'your own tenant id, for example "op-acme" or "prov-star"');
  requireText(factory, "secret", options.secret, "the shared secret of your tenant, for example process.env.CROUPIER_SECRET");
  requireNumber(factory, "timeoutMs", options.timeoutMs, { min: 1, max: MAX_TIMER_MS });
  requireFunction(factory, "fetch", options.fetch, true);
  checkRetry(factory, options.retry);
}

/**
 * Checks a receiver's options and its callbacks (`required` must be functions, `optional` functions when given);
 * throws a {@link CroupierConfigurationError} naming the first option at fault.
 */
export function checkReceiverOptions<Options extends VerificationOptions & { onError?: unknown }>(
  factory: string,
  options: Options,
  callbacks: { required: readonly (keyof Options & string)[]; optional: readonly (keyof Options & string)[] },
): void {
  if (typeof options !== "object" || (options as unknown) === null) refuse(factory, "options", "are missing: pass { tenantId, secrets, ... }");
  requireText(factory, "tenantId", options.tenantId, 'your own tenant id, for example "op-acme" or "prov-star"');
  const { secrets } = options;
  if (!Array.isArray(secrets) || secrets.length === 0) {
    refuse(
      factory,
      "secrets",
      `${secrets === undefined ? "is missing" : "must be a non-empty array"}: pass [currentSecret] (or [current, previous] during a rotation)`,
    );
  }
  secrets.forEach((secret, index) => requireText(factory, `secrets[${index}]`, secret, "the shared secret of your tenant"));
  requireNumber(factory, "toleranceSeconds", options.toleranceSeconds, { min: 0 });
  for (const name of callbacks.required) requireFunction(factory, name, options[name], false);
  for (const name of [...callbacks.optional, "onError", "now"] as const) requireFunction(factory, name, options[name], true);
}
