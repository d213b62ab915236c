import { readFileSync } from "node:fs";
import type { SandboxConfigFiles } from "@croupier/server/admin/config-source";
import type { TenantCredentials } from "./sandbox-config.js";

/**
 * Everything a client of a running sandbox needs: where each piece listens, the sandbox-only tenant
 * credentials, what to play, and the service's configuration and key files. `npm start` writes it to
 * `data/sandbox.json`; `npm run demo` and the admin commands read it.
 */
export interface SandboxTarget extends SandboxConfigFiles {
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
  /** A live session per provider, launched at start, so a provider's own code can play without an operator. */
  launches: SandboxLaunch[];
}

/** A session the sandbox launched for a provider's first game: its token and the game URL a player's browser opens. */
export interface SandboxLaunch {
  providerId: string;
  gameId: string;
  playerRef: string;
  currency: string;
  sessionToken: string;
  launchUrl: string;
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
