import { parseArgs } from "node:util";
import type { ProviderCheckOptions } from "./provider/run-provider-checks.js";
import type { WalletCheckOptions } from "./wallet/run-wallet-checks.js";

/** A mistake on the command line: printed without a stack trace, exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

export const USAGE = `Usage:
  croupier-conformance wallet   --url URL --operator-id ID --secret S [--player REF ...] [options]
  croupier-conformance provider --url URL --provider-id ID --secret S [options]

Checks an operator's wallet callbacks (wallet) or a provider's webhook receiver (provider) against the
Croupier interface, check by check. Point it at a sandbox, never at production money.

Wallet options:
  --url URL               the wallet's callback base address, as registered with Croupier      required
  --operator-id ID        the operator's tenant id (the X-Tenant-ID the wallet expects)         required
  --secret S              the operator's secret (or env CROUPIER_CONFORMANCE_SECRET)             required
  --player REF            a sandbox player with a known balance; the checks that need one are
                          skipped without it (repeatable; the first is used)
  --allow-money-moves     run the checks that move a balance (each puts back what it moved)
  --currency CUR          currency of the transactions sent                                     default EUR
  --game ID               gameId of the transactions sent                           default croupier-conformance
  --timeout-ms N          the operator's callback timeout every answer must meet                default 5000

Provider options:
  --url URL               the provider's webhook base address, as registered with Croupier      required
  --provider-id ID        the provider's tenant id (the X-Tenant-ID the receiver expects)        required
  --secret S              the provider's secret (or env CROUPIER_CONFORMANCE_SECRET)             required
  --player REF            playerRef of the free-spin grants the kit asks for  default croupier-conformance-player
  --game ID               gameId of those grants                                    default croupier-conformance
  --currency CUR          currency of those grants                                              default EUR
  --timeout-ms N          the limit on one answer                                               default 5000

Both:
  --only IDS              run only these checks, comma-separated (e.g. S1,I2)
  --junit FILE            also write a JUnit XML report
  --json FILE             also write the report as JSON
  -h, --help              this text

Every run starts with one correctly signed call that moves nothing; if it is answered 401, the run stops:
your credentials were refused, and no check runs.

Exit code: 0 when every check ran and passed, 1 when one failed, 2 when the credentials were refused or for a
usage mistake, 3 when none failed but some were skipped (an incomplete run is not a pass).
Nothing is sent anywhere but --url.`;

/** What the command line asked for. */
export type Command =
  | { kind: "help" }
  | { kind: "wallet"; options: WalletCheckOptions; junit?: string; json?: string }
  | { kind: "provider"; options: ProviderCheckOptions; junit?: string; json?: string };

const shared = {
  url: { type: "string" },
  secret: { type: "string" },
  player: { type: "string", multiple: true },
  currency: { type: "string" },
  game: { type: "string" },
  "timeout-ms": { type: "string" },
  only: { type: "string" },
  junit: { type: "string" },
  json: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** Parses the arguments after the program name; throws {@link UsageError} for any mistake. */
export function parseCommand(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Command {
  const [kind, ...rest] = argv;
  if (kind === undefined || kind === "--help" || kind === "-h" || kind === "help") return { kind: "help" };
  if (kind !== "wallet" && kind !== "provider") throw new UsageError(`unknown command "${kind}": use wallet or provider`);
  const tenantFlag = kind === "wallet" ? "operator-id" : "provider-id";
  let values;
  try {
    ({ values } = parseArgs({
      args: [...rest],
      options: { ...shared, [tenantFlag]: { type: "string" }, ...(kind === "wallet" ? { "allow-money-moves": { type: "boolean" } } : {}) },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message.replace(/\. To specify.*$/s, "") : "bad arguments");
  }
  if (values.help) return { kind: "help" };
  const text = (name: string): string | undefined => values[name as keyof typeof values] as string | undefined;
  const url = required(text("url"), "--url");
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--url must be an absolute http(s) URL, got "${url}"`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new UsageError(`--url must be an absolute http(s) URL, got "${url}"`);
  if (parsed.search || parsed.hash) throw new UsageError("--url is a base address: no query or fragment");
  const tenantId = required(text(tenantFlag), `--${tenantFlag}`);
  const secret = required(text("secret") ?? env.CROUPIER_CONFORMANCE_SECRET, "--secret (or CROUPIER_CONFORMANCE_SECRET)");
  const currency = text("currency");
  if (currency !== undefined && !/^[A-Z]{3}$/.test(currency))
    throw new UsageError(`--currency must be an uppercase ISO-4217 code such as EUR, got "${currency}"`);
  const timeout = text("timeout-ms");
  if (timeout !== undefined && !/^[1-9]\d{0,6}$/.test(timeout))
    throw new UsageError(`--timeout-ms must be a whole number of milliseconds from 1, got "${timeout}"`);
  const only = text("only")
    ?.split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  const players = (values.player as string[] | undefined) ?? [];
  if (players.some((player) => player === "")) throw new UsageError("--player must not be empty");
  const common = {
    url,
    secret,
    ...(currency === undefined ? {} : { currency }),
    ...(text("game") === undefined ? {} : { gameId: text("game") }),
    ...(timeout === undefined ? {} : { timeoutMs: Number(timeout) }),
    ...(only === undefined ? {} : { only }),
  };
  const outputs = { ...(text("junit") === undefined ? {} : { junit: text("junit") }), ...(text("json") === undefined ? {} : { json: text("json") }) };
  if (kind === "wallet") {
    const allowMoneyMoves = (values as Record<string, unknown>)["allow-money-moves"] === true;
    return { kind, options: { ...common, operatorId: tenantId, players, allowMoneyMoves }, ...outputs };
  }
  if (players.length > 1) throw new UsageError("provider takes one --player");
  return { kind, options: { ...common, providerId: tenantId, ...(players[0] === undefined ? {} : { player: players[0] }) }, ...outputs };
}

function required(value: string | undefined, flag: string): string {
  if (value === undefined || value === "") throw new UsageError(`${flag} is required`);
  return value;
}
