import { dirname, relative } from "node:path";
import type { RunningSandbox } from "./sandbox.js";
import { SANDBOX_ACCOUNTS, webhookUrlFor } from "./sandbox-config.js";

interface ConfigShape {
  operators: { id: string; secret: string }[];
  providers: { id: string; secret: string; webhookUrl: string; currencies: string[]; games: { id: string }[] }[];
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
  // The admin commands find the sandbox through data/sandbox.json, or through CROUPIER_SANDBOX_DATA_DIR elsewhere.
  const dataDir = shown(dirname(sandbox.configPath));
  const admin = dataDir === "data" ? "npm run admin --" : `CROUPIER_SANDBOX_DATA_DIR=${dataDir} npm run admin --`;
  const campaigns = config.campaigns.map((c) => `${c.id} (${c.spins} free spins on ${c.gameId})`).join(", ");
  // A provider given --provider-webhook-url gets its webhooks at that address; the others' go to the mock studio.
  const ownReceiver = config.providers.filter((p) => p.webhookUrl !== webhookUrlFor(studioUrl, p.id));
  const studioTargets = config.providers.filter((p) => !ownReceiver.includes(p)).map((p) => p.id);
  const studioRole = studioTargets.length === 0 ? "game pages and replays only" : `webhook target of ${studioTargets.join(" and ")}`;
  const launches = sandbox.target.launches.flatMap((l) => [
    `  ${l.providerId.padEnd(10)} ${l.gameId} (${l.currency}) for player ${l.playerRef}`,
    `    session token  ${l.sessionToken}`,
    `    game URL       ${l.launchUrl}`,
  ]);
  return [
    "",
    "Croupier sandbox is running. Ctrl-C stops everything.",
    "",
    `  service      ${serviceUrl.padEnd(24)} Croupier itself, SQLite ${shown(databases.service)}`,
    `  mock wallet  ${walletUrl.padEnd(24)} ${sandbox.target.operator.id}'s wallet callback, SQLite ${shown(databases.wallet)}`,
    `  mock studio  ${studioUrl.padEnd(24)} ${studioRole} (scripts/src/sandbox/mock-provider)`,
    ...ownReceiver.map((p) => `  webhooks of ${p.id} go to your receiver at ${p.webhookUrl} (--provider-webhook-url)`),
    "",
    "Tenants (these secrets are for this sandbox only; never use them anywhere else):",
    ...tenants,
    `  campaign  ${campaigns}`,
    "",
    `Web back office: ${serviceUrl}/backoffice/ (sign in with one of these sandbox-only accounts)`,
    ...SANDBOX_ACCOUNTS.map(
      (a) =>
        `  ${a.username.padEnd(13)} password ${a.password.padEnd(26)} ${a.role} of ${a.operatorId ?? (a.providerId ? `the studio ${a.providerId}` : "the platform (every operator)")}`,
    ),
    "",
    "Ready-to-use launches, one per provider (live for a day; the mock wallet gives a new player 100000 to play with):",
    ...launches,
    "  Play them with your own code: docs/providers.md#quick-start-your-studio-against-the-sandbox",
    "",
    `API reference: ${serviceUrl}/docs/ (the service API, the wallet callbacks and the webhooks, from the OpenAPI documents)`,
    "",
    `Configuration: ${shown(sandbox.configPath)} (run the service alone, the sandbox stopped, with CROUPIER_SECRET_KEY_FILE=${shown(sandbox.target.secretKeyFile)} npm run server -- --config ${shown(sandbox.configPath)})`,
    "",
    "Try next, in another terminal:",
    "  npm run demo                                   a scripted session: launch, rounds, rollback, free spins, replay link, kick,",
    "                                                 and a grant the studio refuses, for star-manager to re-send in the back office",
    `  curl ${serviceUrl}/healthz`,
    `  curl ${walletUrl}/players                  every player's balance in the mock wallet`,
    `  curl ${walletUrl}/ledger                   every ledger entry (?playerRef=ID for one player's)`,
    `  curl ${studioUrl}/free-spins               the studio's free-spin batches`,
    `  curl ${studioUrl}/revocations              session revocations the studio received`,
    `  curl -X POST ${walletUrl}/control/faults -d '{"failureRate":0.3}'   make the wallet flaky (0 to stop)`,
    `  curl -X POST '${studioUrl}/control/faults?refuseGrants=true'   the studio answers every grant webhook 503 (false to stop)`,
    `  ${admin} problems   credits the wallet never applied, which need a person`,
    `  ${admin} grant-status GRANT_ID   a grant's spins left, asked of the studio`,
    `  ${admin} --help   the other admin tools (they find this sandbox's configuration and key themselves)`,
    "",
    "Before go-live, run the conformance kit against your own wallet or webhooks the same way (conformance/README.md):",
    `  npx --no-install croupier-conformance wallet --url ${walletUrl} --operator-id ${sandbox.target.operator.id} --secret ${sandbox.target.operator.secret} --player p-conformance --allow-money-moves`,
    `  npx --no-install croupier-conformance provider --url ${provider?.webhookUrl ?? ""} --provider-id ${providerId} --secret ${providerSecret} --game ${providerGame}`,
    "",
  ].join("\n");
}
