import { ApiError } from "../domain/errors.js";
import type { IssueGrantRequest } from "../domain/free-spins/grant-service.js";
import { toGrantResponse } from "../http/grant-response.js";
import { USAGE_EXIT_CODE, type AdminCommand } from "./command.js";
import { commandLineMistake, CURRENCY_CODE, optionText, wholeNumber, type AdminOptions } from "./options.js";

const USAGE =
  "issue-grant --operator ID --player REF --key KEY (--campaign ID | --game ID --spins N --currency CUR [--bet N]) [--expires-at RFC3339]";

/**
 * `issue-grant`: a free-spin grant issued by the platform on an operator's behalf, the same audited change as the
 * operator's grant route (the same key prints the original grant). Prints GrantResponseBody JSON.
 */
export const issueGrantCommand: AdminCommand = {
  name: "issue-grant",
  usage: USAGE,
  summary: "issue a free-spin grant for an operator's player (idempotent on --key)",
  options: {
    operator: { type: "string" },
    player: { type: "string" },
    key: { type: "string" },
    campaign: { type: "string" },
    game: { type: "string" },
    spins: { type: "string" },
    currency: { type: "string" },
    bet: { type: "string" },
    "expires-at": { type: "string" },
  },
  async run({ config, services, args, options, out, err }) {
    const request = parseRequest(args, options);
    if (typeof request === "string") {
      err(`admin issue-grant: ${request}\nUsage: npm run admin -- ${USAGE} --config FILE`);
      return USAGE_EXIT_CODE;
    }
    const operatorId = options.operator as string;
    if (!config.operators.some((o) => o.id === operatorId)) {
      err(`admin issue-grant: no operator ${operatorId} in the configuration`);
      return 1;
    }
    const { changes } = await services();
    try {
      // Audited in the operator's log like a grant issued through the API, by `admin`.
      const grant = await changes.issueGrant({ operatorId, actor: "admin" }, request);
      out(JSON.stringify(toGrantResponse(grant), null, 2));
      // A repeat of a key whose grant failed, or one still pending in the running service, is no success either.
      return grant.status === "active" ? 0 : 1;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      err(`admin issue-grant: ${error.message}`);
      return 1;
    }
  },
};

/** The request the options describe, or what is wrong with them (the checks the grant route's schema makes). */
function parseRequest(args: string[], options: AdminOptions): IssueGrantRequest | string {
  const mistake = commandLineMistake(args, options, ["operator", "player", "key"]);
  if (mistake) return mistake;
  const text = (name: string) => optionText(options, name);
  const request: Pick<IssueGrantRequest, "playerRef" | "idempotencyKey" | "expiresAt"> = { playerRef: text("player")!, idempotencyKey: text("key")! };
  const expiresAt = text("expires-at");
  if (expiresAt !== undefined) {
    if (!RFC_3339.test(expiresAt) || Number.isNaN(Date.parse(expiresAt))) return `--expires-at must be an RFC 3339 date-time, got "${expiresAt}"`;
    request.expiresAt = expiresAt;
  }
  const campaign = text("campaign");
  if (campaign !== undefined) {
    const extra = ["game", "spins", "currency", "bet"].filter((name) => options[name] !== undefined);
    return extra.length > 0
      ? `--campaign sets the game, spins, stake and currency: drop --${extra.join(", --")}`
      : { ...request, campaignId: campaign };
  }
  const game = text("game");
  const currency = text("currency");
  const spins = wholeNumber(options.spins);
  const bet = options.bet === undefined ? 0 : wholeNumber(options.bet);
  if (game === undefined || currency === undefined || options.spins === undefined) return "either --campaign, or --game, --spins and --currency";
  if (spins === undefined || spins <= 0) return `--spins must be a whole number greater than 0, got "${String(options.spins)}"`;
  if (bet === undefined) return `--bet must be a whole number of minor units >= 0, got "${String(options.bet)}"`;
  if (!CURRENCY_CODE.test(currency)) return `--currency must be an uppercase ISO-4217 code, got "${currency}"`;
  return { ...request, gameId: game, spins, betAmountMinor: bet, currency };
}

const RFC_3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
