import { readFileSync } from "node:fs";
import type { TenantCredentials } from "./sandbox-config.js";

/**
 * Everything a client of a running sandbox needs: where each piece listens, the sandbox-only tenant
 * credentials, and what to play. `npm start` writes it to `data/sandbox.json`; `npm run demo` reads it.
 */
export interface SandboxTarget {
  serviceUrl: string;
  /** The mock operator wallet: the operator's callback URL, and its `/ledger` and `/players` routes. */
  walletUrl: string;
  /** The mock game studio: webhooks under `/providers/{id}`, plus its game, replay and free-spin routes. */
  studioUrl: string;
  operator: TenantCredentials;
  provider: TenantCredentials;
  gameId: string;
  currency: string;
  campaignId: string;
}

/** Reads a target written by `npm start`; throws when the file is missing or not a target. */
export function readSandboxTarget(path: string): SandboxTarget {
  const value = JSON.parse(readFileSync(path, "utf8")) as Partial<SandboxTarget>;
  for (const key of ["serviceUrl", "walletUrl", "studioUrl", "gameId", "currency", "campaignId"] as const) {
    if (typeof value[key] !== "string") throw new Error(`${path}: "${key}" is missing; restart the sandbox with npm start`);
  }
  if (typeof value.operator?.secret !== "string" || typeof value.provider?.secret !== "string") {
    throw new Error(`${path}: tenant credentials are missing; restart the sandbox with npm start`);
  }
  return value as SandboxTarget;
}
