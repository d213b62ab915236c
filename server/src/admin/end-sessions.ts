import type { RevokeReason } from "../domain/ports/provider-webhooks.js";
import { USAGE_EXIT_CODE, type AdminCommand } from "./command.js";

const USAGE = "end-sessions --operator ID --player REF --reason SELF_EXCLUSION|FRAUD_HOLD|KICK";
const REASONS: readonly RevokeReason[] = ["SELF_EXCLUSION", "FRAUD_HOLD", "KICK"];

/**
 * `end-sessions`: the platform force-ends a player's sessions for a reason of its own (self-exclusion, fraud hold),
 * as a kick does, the reason going to the session-revoke webhook. Prints `{"revokedCount": N}`.
 */
export const endSessionsCommand: AdminCommand = {
  name: "end-sessions",
  usage: USAGE,
  summary: "end a player's sessions now (self-exclusion, fraud hold) and tell the providers",
  options: { operator: { type: "string" }, player: { type: "string" }, reason: { type: "string" } },
  // Failed revoke webhooks are worth seeing: logged to stderr, as the service logs them.
  logsWarnings: true,
  async run({ config, services, args, options, out, err }) {
    const [operatorId, playerRef, reason] = [options.operator, options.player, options.reason];
    const mistake =
      args.length > 0
        ? `unexpected argument "${args[0]}"`
        : typeof operatorId !== "string" || operatorId === "" || typeof playerRef !== "string" || playerRef === ""
          ? "--operator and --player required"
          : !REASONS.includes(reason as RevokeReason)
            ? `--reason must be one of ${REASONS.join(", ")}, got "${String(reason ?? "")}"`
            : undefined;
    if (mistake) {
      err(`admin end-sessions: ${mistake}\nUsage: npm run admin -- ${USAGE} --config FILE`);
      return USAGE_EXIT_CODE;
    }
    if (!config.operators.some((o) => o.id === operatorId)) {
      err(`admin end-sessions: no operator ${String(operatorId)} in the configuration`);
      return 1;
    }
    const { changes } = await services();
    // Audited in the operator's log as a kick by `admin`, with its reason.
    const count = await changes.endSessions({ operatorId: operatorId as string, actor: "admin" }, playerRef as string, reason as RevokeReason);
    out(JSON.stringify({ revokedCount: count }));
    return 0;
  },
};
