import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_SCRIPT,
  OPERATOR,
  OTHER_OPERATOR,
  PROVIDER,
  isSignedFor,
  runNodeScript,
  sendJson,
  signedRequest,
  startScriptedPeer,
  startTestServer,
  tempDir,
  testConfigJson,
  type ScriptedPeer,
} from "./harness.js";
import { launchSession } from "./wallet-harness.js";

/** The platform force-ending sessions from the admin tool while the service runs on the same database file. */
describe("admin end-sessions (self-exclusion, fraud hold)", () => {
  const dir = tempDir();
  const configFile = `${dir.path}/config.json`;
  let provider: ScriptedPeer;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let providerAnswers = 200;

  beforeAll(async () => {
    provider = await startScriptedPeer((_req, res) => sendJson(res, providerAnswers, {}));
    const json = testConfigJson({ webhook: provider.url, sqlitePath: `${dir.path}/croupier.db` });
    writeFileSync(configFile, JSON.stringify(json));
    server = await startTestServer(json);
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
    dir.remove();
  });

  const launch = (operator: typeof OPERATOR, playerRef: string) => launchSession(server.url, { operator, playerRef });
  const verifyStatus = async (sessionToken: string) =>
    (await signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/session/verify", { sessionToken })).status;
  const admin = (...args: string[]) => runNodeScript(ADMIN_SCRIPT, ["end-sessions", ...args, "--config", configFile]);
  const revokes = () => provider.requests.filter((r) => r.url === "/v1/game/session/revoke");

  it("ends every session of the player under the operator at once and tells the provider the reason", async () => {
    const [first, second] = [await launch(OPERATOR, "p-excl"), await launch(OPERATOR, "p-excl")];
    const bystanders = [await launch(OPERATOR, "p-other"), await launch(OTHER_OPERATOR, "p-excl")];

    const result = await admin("--operator", OPERATOR.id, "--player", "p-excl", "--reason", "SELF_EXCLUSION");
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ revokedCount: 2 });

    // The running service sees it at once: the game's next call is 401; other players and operators play on.
    expect(await verifyStatus(first)).toBe(401);
    expect(await verifyStatus(second)).toBe(401);
    for (const token of bystanders) expect(await verifyStatus(token)).toBe(200);

    expect(revokes()).toHaveLength(2);
    for (const call of revokes()) {
      expect(call.headers["x-tenant-id"]).toBe(PROVIDER.id);
      expect(isSignedFor(call, PROVIDER)).toBe(true);
    }
    const bodies = revokes().map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => b.sessionToken).sort()).toEqual([first, second].sort());
    for (const body of bodies)
      expect(body).toEqual({ sessionToken: body.sessionToken, playerRef: "p-excl", gameId: "starfall", reason: "SELF_EXCLUSION" });

    const again = await admin("--operator", OPERATOR.id, "--player", "p-excl", "--reason", "SELF_EXCLUSION");
    expect(JSON.parse(again.stdout)).toEqual({ revokedCount: 0 });
    expect(revokes()).toHaveLength(2);

    // Each is a change in the operator's audit log, by `admin`, with its reason and result (decisions.md §5).
    const log = await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/audit-log?kind=KICK");
    expect(log.json.items).toEqual(
      ["0 sessions ended", "2 sessions ended"].map((result) =>
        expect.objectContaining({ actor: "admin", action: "KICK", target: "player p-excl (reason SELF_EXCLUSION)", result }),
      ),
    );
    expect((await signedRequest(server.url, OTHER_OPERATOR, "GET", "/v1/operator/audit-log?kind=KICK")).json.items).toEqual([]);
  });

  it("an unreachable provider is reported on stderr and changes nothing", async () => {
    const token = await launch(OPERATOR, "p-fraud");
    providerAnswers = 503;
    try {
      const result = await admin("--operator", OPERATOR.id, "--player", "p-fraud", "--reason", "FRAUD_HOLD");
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({ revokedCount: 1 });
      expect(result.stderr).toMatch(/session revoke webhook failed/);
      expect(result.stderr).toMatch(/provider answered 503/);
      expect(await verifyStatus(token)).toBe(401);
      expect(JSON.parse(revokes().at(-1)!.body)).toMatchObject({ sessionToken: token, reason: "FRAUD_HOLD" });
    } finally {
      providerAnswers = 200;
    }
  });

  it("usage mistakes exit 2, an unknown operator 1, and nothing ends", async () => {
    const token = await launch(OPERATOR, "p-safe");
    const mistakes = [
      [["--operator", OPERATOR.id, "--player", "p-safe"], /--reason must be one of SELF_EXCLUSION, FRAUD_HOLD, KICK, got ""/],
      [["--operator", OPERATOR.id, "--player", "p-safe", "--reason", "BORED"], /got "BORED"/],
      [["--operator", OPERATOR.id, "--reason", "KICK"], /--operator and --player required/],
      [["p-safe", "--operator", OPERATOR.id, "--player", "p-safe", "--reason", "KICK"], /unexpected argument "p-safe"/],
    ] as const;
    for (const [args, message] of mistakes) {
      const result = await admin(...args);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toMatch(/Usage: npm run admin -- end-sessions/);
    }
    const unknown = await admin("--operator", "op-nobody", "--player", "p-safe", "--reason", "KICK");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no operator op-nobody/);
    expect(await verifyStatus(token)).toBe(200);
  });
});
