import { relative } from "node:path";
import type { RunningSandbox } from "./sandbox.js";
import { SANDBOX_ACCOUNTS, webhookUrlFor } from "./sandbox-config.js";

interface ConfigShape {
  operators: { id: string; secret: string }[];
  providers: { id: string; secret: string; currencies: string[]; games: { id: string }[] }[];
  campaigns: { id: string; gameId: string; spins: number }[];
}

/**
 * What `npm start` prints once everything listens: addresses, tenants with their sandbox-only secrets,
 * and what to try next. Secrets are printed on purpose: they exist only in this sandbox.
 */
export function sandboxBanner(sandbox: RunningSandbox, databases: { service: string; wallet: string }): string {
  const config = sandbox.config as unknown as ConfigShape;
  const { serviceUrl, walletUrl, studioUrl } = sandbox.target;
  const shown = (path: string) => {
    const inside = relative(process.cwd(), path);
    return inside === "" || inside.startsWith("..") ? path : inside;
  };
  const tenants = [
    ...config.operators.map((o) => `  operator  ${o.id.padEnd(10)} secret ${o.secret}`),
    ...config.providers.map(
      (p) => `  provider  ${p.id.padEnd(10)} secret ${p.secret}   games ${p.games.map((g) => g.id).join(", ")} (${p.currencies.join("/")})`,
    ),
  ];
  const [provider] = config.providers;
  const providerId = provider?.id ?? "";
  const providerSecret = provider?.secret ?? "";
  const providerGame = provider?.games[0]?.id ?? "";
  const campaigns = config.campaigns.map((c) => `${c.id} (${c.spins} free spins on ${c.gameId})`).join(", ");
  return [
    "",
    "Croupier sandbox is running. Ctrl-C stops everything.",
    "",
    `  service      ${serviceUrl.padEnd(24)} Croupier itself, SQLite ${shown(databases.service)}`,
    `  mock wallet  ${walletUrl.padEnd(24)} ${sandbox.target.operator.id}'s wallet callback, SQLite ${shown(databases.wallet)}`,
    `  mock studio  ${studioUrl.padEnd(24)} webhook target of ${config.providers.map((p) => p.id).join(" and ")} (scripts/src/sandbox/mock-provider)`,
    "",
    "Tenants (these secrets are for this sandbox only; never use them anywhere else):",
    ...tenants,
    `  campaign  ${campaigns}`,
    "",
    `Web back office: ${serviceUrl}/backoffice/ (sign in with one of these sandbox-only accounts)`,
    ...SANDBOX_ACCOUNTS.map(
      (a) => `  ${a.username.padEnd(13)} password ${a.password.padEnd(26)} ${a.role} of ${a.operatorId ?? "the platform (every operator)"}`,
    ),
    "",
    `Configuration: ${shown(sandbox.configPath)} (run the service alone with npm run server -- --config ${shown(sandbox.configPath)})`,
    "",
    "Try next, in another terminal:",
    "  npm run demo                                   a scripted session: launch, rounds, rollback, free spins, replay link, kick",
    `  curl ${serviceUrl}/healthz`,
    `  curl ${walletUrl}/players                  every player's balance in the mock wallet`,
    `  curl ${walletUrl}/ledger                   every ledger entry (?playerRef=ID for one player's)`,
    `  curl ${studioUrl}/free-spins               the studio's free-spin batches`,
    `  curl ${studioUrl}/revocations              session revocations the studio received`,
    `  curl -X POST ${walletUrl}/control/faults -d '{"failureRate":0.3}'   make the wallet flaky (0 to stop)`,
    `  npm run admin -- grant-status GRANT_ID --config ${shown(sandbox.configPath)}   a grant's spins left, asked of the studio`,
    "  npm run admin -- --help                        the other admin tools: issue-grant, end-sessions, adjust, problems",
    "",
    "Before go-live, run the conformance kit against your own wallet or webhooks the same way (conformance/README.md):",
    `  npx croupier-conformance wallet --url ${walletUrl} --operator-id ${sandbox.target.operator.id} --secret ${sandbox.target.operator.secret} --player p-conformance --allow-money-moves`,
    `  npx croupier-conformance provider --url ${webhookUrlFor(studioUrl, providerId)} --provider-id ${providerId} --secret ${providerSecret} --game ${providerGame}`,
    "",
  ].join("\n");
}
