import type { IncomingMessage, ServerResponse } from "node:http";
import { FaultSettingsError, type FaultInjector } from "./faults.js";
import { replyJson } from "./json-reply.js";
import { readRawBody } from "./raw-body.js";
import type { WalletLedger } from "./wallet-ledger.js";
import type { WalletStats } from "./wallet-stats.js";

/** What the unsigned routes read and steer. */
export interface ControlContext {
  ledger: WalletLedger;
  faults: FaultInjector;
  stats: WalletStats;
}

/**
 * The unsigned routes for integrators and tests: read-only views of the wallet (`/players`, `/ledger`),
 * the fault switches (`/control/faults`), the counters (`/control/stats`) and `/healthz`. They carry no
 * signature because they are a developer tool: bind the wallet to loopback, as the CLI does by default.
 *
 * @returns false when the request is for none of these routes
 */
export async function serveControlRoute(request: IncomingMessage, response: ServerResponse, context: ControlContext): Promise<boolean> {
  const url = new URL(request.url ?? "/", "http://wallet.invalid");
  const route = `${request.method} ${url.pathname}`;
  switch (route) {
    case "GET /healthz":
      replyJson(response, 200, { status: "ok" });
      return true;
    case "GET /players":
      replyJson(response, 200, { players: context.ledger.players() });
      return true;
    case "GET /ledger": {
      const playerRef = url.searchParams.get("playerRef") ?? undefined;
      replyJson(response, 200, { entries: context.ledger.entries(playerRef) });
      return true;
    }
    case "GET /control/faults":
      replyJson(response, 200, context.faults.settings);
      return true;
    case "POST /control/faults":
      await updateFaults(request, response, context.faults);
      return true;
    case "GET /control/stats":
      replyJson(response, 200, context.stats.snapshot());
      return true;
    default:
      return false;
  }
}

async function updateFaults(request: IncomingMessage, response: ServerResponse, faults: FaultInjector): Promise<void> {
  let input: unknown;
  try {
    input = JSON.parse((await readRawBody(request)).toString("utf8"));
  } catch {
    replyJson(response, 400, { error: "body must be JSON" });
    return;
  }
  try {
    replyJson(response, 200, faults.update(input));
  } catch (error) {
    if (!(error instanceof FaultSettingsError)) throw error;
    replyJson(response, 400, { error: error.message });
  }
}
