import { IDENTIFIER_RULE, LIMITS } from "@croupier/contract";
import { HandlerError } from "./handler-error.js";

/**
 * Small explicit checks for incoming bodies: each throws a 400 {@link HandlerError} naming the field,
 * so a receiver answers `{"error":"amount must be an integer >= 0"}` instead of passing junk to the
 * integrator's callback. Unknown fields are tolerated (a newer service may send more). The limits are the contract's
 * (`LIMITS` of @croupier/contract, generated from the TypeSpec), the ones the service validates with.
 */
export type JsonObject = Record<string, unknown>;

function invalid(message: string): never {
  throw new HandlerError(400, message);
}

/** The body must be a JSON object (not an array, string or null). */
export function requireObject(value: unknown, what = "body"): JsonObject {
  if (typeof value !== "object" || value === null || Array.isArray(value)) invalid(`${what} must be a JSON object`);
  return value as JsonObject;
}

/** The contract's identifier pattern: no control, line separator or bidirectional control character. */
const IDENTIFIER_PATTERN = new RegExp(LIMITS.identifierPattern, "u");

/** A required identifier: a non-empty string of at most the contract's identifier length (255), as its pattern allows. */
export function requireIdentifier(body: JsonObject, field: string): string {
  const value = body[field];
  if (typeof value !== "string" || value.length < LIMITS.identifierMinLength) invalid(`${field} must be a non-empty string`);
  if (value.length > LIMITS.identifierMaxLength) invalid(`${field} must be at most ${LIMITS.identifierMaxLength} characters`);
  if (!IDENTIFIER_PATTERN.test(value)) invalid(`${field} ${IDENTIFIER_RULE}`);
  return value;
}

/** An optional string: absent (or null) gives `undefined`. */
export function optionalString(body: JsonObject, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") invalid(`${field} must be a string`);
  return value;
}

/** A required integer (minor units are never fractional) of at least `min` and at most the contract's largest amount. */
export function requireInteger(body: JsonObject, field: string, min: number): number {
  const value = body[field];
  if (typeof value !== "number" || !Number.isInteger(value) || value < min) invalid(`${field} must be an integer >= ${min}`);
  if (value > LIMITS.amountMaximum) invalid(`${field} must be at most ${LIMITS.amountMaximum}`);
  return value;
}

/** An optional boolean. */
export function optionalBoolean(body: JsonObject, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "boolean") invalid(`${field} must be a boolean`);
  return value;
}

/** A required value out of a fixed list. */
export function requireOneOf<const T extends string>(body: JsonObject, field: string, allowed: readonly T[]): T {
  const value = body[field];
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) invalid(`${field} must be one of ${allowed.join(", ")}`);
  return value as T;
}

/** The contract's currency code pattern: three uppercase letters. */
const CURRENCY_PATTERN = new RegExp(LIMITS.currencyPattern, "u");

/** An uppercase ISO-4217 code; the spec makes the check case-sensitive. */
export function requireCurrency(body: JsonObject, field: string): string {
  const value = body[field];
  if (typeof value !== "string" || !CURRENCY_PATTERN.test(value)) invalid(`${field} must be an uppercase 3-letter ISO-4217 code`);
  return value;
}
