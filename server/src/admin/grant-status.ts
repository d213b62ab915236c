import { grantCall } from "../domain/free-spins/grant-service.js";
import { USAGE_EXIT_CODE, type AdminCommand } from "./command.js";

/**
 * `grant-status <grantId>`: the on-demand status pull of a free-spin grant (spec D.3). Asks the provider's
 * `/v1/game/free-spins/status` webhook and prints remainingSpins and completed; exits 1 when it cannot.
 */
export const grantStatusCommand: AdminCommand = {
  name: "grant-status",
  usage: "grant-status <grantId>",
  summary: "ask the provider how many spins of a free-spin grant remain",
  async run({ keyless, services, args, out, err }) {
    const [grantId] = args;
    if (grantId === undefined || args.length !== 1) {
      err("admin grant-status: exactly one grant id expected\nUsage: npm run admin -- grant-status <grantId> --config FILE");
      return USAGE_EXIT_CODE;
    }
    const grant = await keyless.stores.grants.findById(grantId);
    if (!grant) {
      err(`admin grant-status: no grant ${grantId}`);
      return 1;
    }
    if (grant.externalRef === null) {
      err(
        `admin grant-status: grant ${grantId} is ${grant.status} and has no provider reference${grant.lastError ? ` (lastError: ${grant.lastError})` : ""}`,
      );
      return 1;
    }
    const { providerWebhooks } = await services();
    const outcome = await providerWebhooks.post({
      ...grantCall(grant, "GRANT_STATUS"),
      actor: "admin",
      payload: { externalRef: grant.externalRef, playerRef: grant.playerRef, gameId: grant.gameId },
    });
    if (!outcome.ok) {
      err(`admin grant-status: ${outcome.error}`);
      return 1;
    }
    const status = statusOf(outcome.response.body);
    if (!status) {
      err(`admin grant-status: provider answered 200 without remainingSpins and completed: ${outcome.response.body.slice(0, 500)}`);
      return 1;
    }
    out(`grant ${grant.id} (${grant.status}, provider ${grant.providerId}, externalRef ${grant.externalRef})`);
    out(`remainingSpins: ${status.remainingSpins}`);
    out(`completed: ${status.completed}`);
    return 0;
  },
};

/** A FreeSpinsStatusResponse, or undefined when the body is not one. */
function statusOf(body: string): { remainingSpins: number; completed: boolean } | undefined {
  try {
    const parsed = JSON.parse(body) as { remainingSpins?: unknown; completed?: unknown } | null;
    if (Number.isSafeInteger(parsed?.remainingSpins) && typeof parsed?.completed === "boolean") {
      return { remainingSpins: parsed.remainingSpins as number, completed: parsed.completed };
    }
  } catch {
    // falls through: not JSON
  }
  return undefined;
}
