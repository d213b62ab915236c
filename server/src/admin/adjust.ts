import { ApiError } from "../domain/errors.js";
import { ADJUSTMENT_SESSION_TOKEN } from "../domain/money/relay-order.js";
import { ADJUSTMENT_ID_PREFIX, type RelayableRequest } from "../domain/money/transaction-request.js";
import type { ReachableOperator } from "../domain/ports/tenants.js";
import { USAGE_EXIT_CODE, type AdminCommand } from "./command.js";
import { commandLineMistake, CURRENCY_CODE, optionText, wholeNumber, type AdminOptions } from "./options.js";

const USAGE = "adjust --operator ID --player REF --game ID --currency CUR --amount N --direction CREDIT|DEBIT --id ID [--reason TEXT]";

/**
 * `adjust`: a manual balance correction (the spec's ADJUSTMENT) through the same relay as a provider's transaction;
 * the same --id sends the identical `adjustment:<id>` again, so running it twice moves nothing twice.
 */
export const adjustCommand: AdminCommand = {
  name: "adjust",
  usage: USAGE,
  summary: "correct a player's balance: an ADJUSTMENT sent to the operator's wallet (idempotent on --id)",
  options: {
    operator: { type: "string" },
    player: { type: "string" },
    game: { type: "string" },
    currency: { type: "string" },
    amount: { type: "string" },
    direction: { type: "string" },
    id: { type: "string" },
    reason: { type: "string" },
  },
  async run({ services, args, options, out, err }) {
    const parsed = parseOptions(args, options);
    if (typeof parsed === "string") {
      err(`admin adjust: ${parsed}\nUsage: npm run admin -- ${USAGE} --config FILE`);
      return USAGE_EXIT_CODE;
    }
    const { operatorId, request } = parsed;
    const { tenants, catalogue, relay } = await services();
    const game = catalogue.visibleGame(operatorId, request.gameId);
    const operator = tenants.operator(operatorId);
    const refusal = !operator
      ? `no operator ${operatorId} in the configuration`
      : !game
        ? `game ${request.gameId} is not configured or not visible to ${operatorId}`
        : !game.provider.currencies.includes(request.currency)
          ? `currency ${request.currency} is not supported by game ${request.gameId}`
          : !operator.callbackUrl
            ? `${operatorId} has not configured its wallet callback URL`
            : undefined;
    if (refusal) {
      err(`admin adjust: ${refusal}`);
      return 1;
    }
    try {
      const { record } = await relay.submit({ by: "ADMIN", operatorId, request, operator: operator as ReachableOperator });
      if (record.state !== "OK" || record.responseBalance === null) {
        err(
          `admin adjust: the wallet did not apply ${request.transactionId} (${record.state}: ${record.lastError ?? "no balance"}); ` +
            "run the command again with the same --id to resend it",
        );
        return 1;
      }
      out(JSON.stringify({ transactionId: request.transactionId, status: record.state, balance: record.responseBalance }));
      return 0;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      err(`admin adjust: ${error.message}`);
      return 1;
    }
  },
};

/** The operator and the ADJUSTMENT the options describe, or what is wrong with them. */
function parseOptions(args: string[], options: AdminOptions): { operatorId: string; request: RelayableRequest } | string {
  const mistake = commandLineMistake(args, options, ["operator", "player", "game", "currency", "amount", "direction", "id"]);
  if (mistake) return mistake;
  const text = (name: string) => optionText(options, name);
  const amount = wholeNumber(text("amount"));
  if (amount === undefined) return `--amount must be a whole number of minor units from 0 to 2^53-1, got "${text("amount")}"`;
  const direction = text("direction");
  if (direction !== "CREDIT" && direction !== "DEBIT") return `--direction must be CREDIT or DEBIT, got "${direction}"`;
  if (!CURRENCY_CODE.test(text("currency")!)) return `--currency must be an uppercase ISO-4217 code, got "${text("currency")}"`;
  const transactionId = `${ADJUSTMENT_ID_PREFIX}${text("id")!}`;
  const reason = text("reason");
  return {
    operatorId: text("operator")!,
    request: {
      transactionId,
      sessionToken: ADJUSTMENT_SESSION_TOKEN,
      type: "ADJUSTMENT",
      roundId: transactionId,
      playerRef: text("player")!,
      amount,
      currency: text("currency")!,
      gameId: text("game")!,
      direction,
      ...(reason === undefined ? {} : { metadata: { reason } }),
    },
  };
}
