/** Reading an admin command's options (node:util parseArgs values): the checks every command would otherwise repeat. */
import { LIMITS } from "@croupier/contract";

export type AdminOptions = Record<string, unknown>;

/** The option's value, or undefined when it is absent or empty. */
export function optionText(options: AdminOptions, name: string): string | undefined {
  const value = options[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** What is wrong with the command line before any option is read: positionals, or required options left out. */
export function commandLineMistake(args: string[], options: AdminOptions, required: readonly string[]): string | undefined {
  if (args.length > 0) return `unexpected argument "${args[0]}"`;
  const missing = required.filter((name) => optionText(options, name) === undefined);
  return missing.length > 0 ? `--${missing.join(", --")} required` : undefined;
}

/** A whole number from 0 to 2^53-1 written in decimal digits, or undefined. */
export function wholeNumber(value: unknown): number | undefined {
  if (typeof value !== "string" || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** An uppercase ISO-4217 code, as the wire contract requires of every currency. */
export const CURRENCY_CODE = new RegExp(LIMITS.currencyPattern, "u");
