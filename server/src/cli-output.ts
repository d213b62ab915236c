import { readFileSync } from "node:fs";

/** The service's version, from server/package.json (the service and the admin CLI print it for --version). */
export function serviceVersion(): string {
  return (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;
}

/**
 * What a command-line tool prints for an error it did not expect: the message alone for a system error (a port in
 * use, a database file it cannot open: the operator's to fix), the stack for anything else (a bug to report).
 */
export function describeFailure(error: unknown): string {
  if (error instanceof Error) return typeof (error as { code?: unknown }).code === "string" ? error.message : (error.stack ?? error.message);
  return String(error);
}
