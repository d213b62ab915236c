import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_SCRIPT,
  OPERATOR,
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
import { spawnService } from "./wallet-harness.js";

const GRANTS = "/v1/operator/free-spins/grants";

/** Free spins across process boundaries: a crash mid-grant, and the admin status pull (built CLIs, file database). */
describe("free spins: crash recovery and the admin commands", () => {
  const dir = tempDir();
  const configFile = `${dir.path}/config.json`;
  let provider: ScriptedPeer;
  let holdGrants = true;
  let statusAnswer: { status: number; body: string } = { status: 200, body: '{"remainingSpins":7,"completed":false}' };

  beforeAll(async () => {
    provider = await startScriptedPeer((req, res) => {
      if (req.url === "/v1/game/free-spins/grant") {
        if (holdGrants) return; // never answers: the service dies while waiting
        return sendJson(res, 200, { externalRef: `ext-${req.json.requestRef}` });
      }
      if (req.url === "/v1/game/free-spins/status") {
        res.writeHead(statusAnswer.status, { "content-type": "application/json" });
        res.end(statusAnswer.body);
        return;
      }
      sendJson(res, 404, {});
    });
  });
  afterAll(async () => {
    await provider?.close();
    dir.remove();
  });

  const grantCalls = () => provider.requests.filter((r) => r.url === "/v1/game/free-spins/grant");
  let interruptedId = "";
  let activeGrant: any;

  it("a grant left pending by a crashed process is failed as interrupted at the next start, and its key stays consumed", async () => {
    const service = await spawnService(configFile, testConfigJson({ webhook: provider.url, sqlitePath: `${dir.path}/croupier.db` }));
    try {
      const body = { playerRef: "p-crash", gameId: "starfall", spins: 5, currency: "EUR", idempotencyKey: "crash-key" };
      const inFlight = signedRequest(service.url, OPERATOR, "POST", GRANTS, body).catch((error: unknown) => error);
      const deadline = Date.now() + 30_000;
      while (grantCalls().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(grantCalls()).toHaveLength(1);
      interruptedId = JSON.parse(grantCalls()[0]!.body).requestRef;
      await service.kill();
      expect(await inFlight).toBeInstanceOf(Error);
    } finally {
      await service.kill();
    }

    holdGrants = false;
    const server = await startTestServer(testConfigJson({ webhook: provider.url, sqlitePath: `${dir.path}/croupier.db` }));
    try {
      const grant = (await signedRequest(server.url, OPERATOR, "GET", `${GRANTS}/${interruptedId}`)).json;
      expect(grant).toMatchObject({ id: interruptedId, status: "failed", idempotencyKey: "crash-key" });
      expect(grant.lastError).toMatch(/^interrupted/);
      const repeat = await signedRequest(server.url, OPERATOR, "POST", GRANTS, {
        playerRef: "p-crash",
        gameId: "starfall",
        spins: 5,
        currency: "EUR",
        idempotencyKey: "crash-key",
      });
      expect(repeat.json).toEqual(grant);
      expect(grantCalls()).toHaveLength(1);

      activeGrant = (
        await signedRequest(server.url, OPERATOR, "POST", GRANTS, {
          playerRef: "p-admin",
          gameId: "starfall",
          spins: 9,
          currency: "EUR",
          idempotencyKey: "admin-key",
        })
      ).json;
      expect(activeGrant.status).toBe("active");
    } finally {
      await server.close();
    }
  });

  it("grant-status asks the provider through the signed status webhook and prints remainingSpins and completed", async () => {
    const result = await runNodeScript(ADMIN_SCRIPT, ["grant-status", activeGrant.id, "--config", configFile]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`grant ${activeGrant.id}`);
    expect(result.stdout).toContain("remainingSpins: 7\n");
    expect(result.stdout).toContain("completed: false\n");
    const calls = provider.requests.filter((r) => r.url === "/v1/game/free-spins/status");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers["x-tenant-id"]).toBe(PROVIDER.id);
    expect(isSignedFor(calls[0]!, PROVIDER)).toBe(true);
    expect(JSON.parse(calls[0]!.body)).toEqual({ externalRef: activeGrant.externalRef, playerRef: "p-admin", gameId: "starfall" });
  });

  it("grant-status exits non-zero with a clear message when it cannot answer", async () => {
    statusAnswer = { status: 500, body: '{"error":"status backend down"}' };
    const failed = await runNodeScript(ADMIN_SCRIPT, ["grant-status", activeGrant.id], { CROUPIER_CONFIG: configFile });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/provider answered 500: .*status backend down/);

    statusAnswer = { status: 200, body: '{"remainingSpins":"many"}' };
    const malformed = await runNodeScript(ADMIN_SCRIPT, ["grant-status", activeGrant.id, "--config", configFile]);
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toMatch(/without remainingSpins and completed/);

    const noRef = await runNodeScript(ADMIN_SCRIPT, ["grant-status", interruptedId, "--config", configFile]);
    expect(noRef.code).toBe(1);
    expect(noRef.stderr).toMatch(/is failed and has no provider reference/);

    const unknown = await runNodeScript(ADMIN_SCRIPT, ["grant-status", crypto.randomUUID(), "--config", configFile]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no grant/);

    const usage = await runNodeScript(ADMIN_SCRIPT, ["grant-status", "--config", configFile]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Usage: npm run admin -- grant-status <grantId>/);
    const unknownCommand = await runNodeScript(ADMIN_SCRIPT, ["frobnicate"]);
    expect(unknownCommand.code).toBe(2);
    expect(unknownCommand.stderr).toMatch(/unknown command "frobnicate"/);
    // Help that was asked for is no mistake: usage on stdout, exit 0.
    const help = await runNodeScript(ADMIN_SCRIPT, ["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(
      /Commands:\n {2}issue-grant --operator ID .*\n {31}issue a free-spin grant .*\n {2}grant-status <grantId> {7}ask the provider/,
    );
  });

  const admin = (...args: string[]) => runNodeScript(ADMIN_SCRIPT, [...args, "--config", configFile]);
  const grantsAtProvider = () => grantCalls().filter((r) => JSON.parse(r.body).playerRef.startsWith("p-tool"));

  it("issue-grant issues a grant through the provider once, printed as GrantResponseBody; the same key replays it", async () => {
    const args = [
      "issue-grant",
      "--operator",
      OPERATOR.id,
      "--player",
      "p-tool-1",
      "--game",
      "starfall",
      "--spins",
      "12",
      "--currency",
      "EUR",
      "--bet",
      "25",
      "--key",
      "tool-key-1",
    ];
    const first = await admin(...args);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    const grant = JSON.parse(first.stdout);
    expect(grant).toMatchObject({
      operatorId: OPERATOR.id,
      providerId: PROVIDER.id,
      gameId: "starfall",
      playerRef: "p-tool-1",
      spins: 12,
      betAmountMinor: 25,
      currency: "EUR",
      status: "active",
      idempotencyKey: "tool-key-1",
      externalRef: `ext-${grant.id}`,
    });
    expect(grantsAtProvider()).toHaveLength(1);
    expect(isSignedFor(grantsAtProvider()[0]!, PROVIDER)).toBe(true);
    expect(JSON.parse(grantsAtProvider()[0]!.body)).toEqual({
      requestRef: grant.id,
      playerRef: "p-tool-1",
      gameId: "starfall",
      spins: 12,
      betAmountMinor: 25,
      currency: "EUR",
    });

    const repeat = await admin(...args.slice(0, -2), "--spins", "99", "--key", "tool-key-1");
    expect(repeat.code).toBe(0);
    expect(JSON.parse(repeat.stdout)).toEqual(grant);
    expect(grantsAtProvider()).toHaveLength(1);

    // The operator sees the grant on its own routes, as if it had issued it.
    const server = await startTestServer(testConfigJson({ webhook: provider.url, sqlitePath: `${dir.path}/croupier.db` }));
    try {
      expect((await signedRequest(server.url, OPERATOR, "GET", `${GRANTS}/${grant.id}`)).json).toEqual(grant);
    } finally {
      await server.close();
    }
  });

  it("issue-grant from a campaign reads its terms; the grant route's checks apply; usage mistakes exit 2", async () => {
    const campaign = await admin("issue-grant", "--operator", OPERATOR.id, "--player", "p-tool-2", "--campaign", "welcome-10", "--key", "tool-key-2");
    expect(campaign.code).toBe(0);
    expect(JSON.parse(campaign.stdout)).toMatchObject({
      campaignId: "welcome-10",
      gameId: "starfall",
      spins: 10,
      betAmountMinor: 20,
      currency: "EUR",
      status: "active",
    });

    const refused = [
      [["--game", "nowhere", "--spins", "1", "--currency", "EUR"], /game not found/],
      [["--game", "moonshot", "--spins", "1", "--currency", "GBP"], /not visible/],
      [["--game", "starfall", "--spins", "1", "--currency", "GBP"], /currency/],
      [["--campaign", "no-such-campaign"], /campaign not found/],
    ] as const;
    for (const [terms, message] of refused) {
      const result = await admin("issue-grant", "--operator", OPERATOR.id, "--player", "p-tool-3", "--key", `k-${terms[1]}`, ...terms);
      expect(result.code, terms.join(" ")).toBe(1);
      expect(result.stderr).toMatch(message);
      expect(result.stdout).toBe("");
    }
    const unknownOperator = await admin("issue-grant", "--operator", "op-nobody", "--player", "p-tool-3", "--key", "k", "--campaign", "welcome-10");
    expect(unknownOperator.code).toBe(1);
    expect(unknownOperator.stderr).toMatch(/no operator op-nobody/);

    const mistakes = [
      [["--player", "p-tool-3", "--key", "k", "--campaign", "welcome-10"], /--operator required/],
      [
        ["--operator", OPERATOR.id, "--player", "p-tool-3", "--key", "k", "--game", "starfall", "--spins", "0", "--currency", "EUR"],
        /--spins must be a whole number greater than 0/,
      ],
      [["--operator", OPERATOR.id, "--player", "p-tool-3", "--key", "k", "--game", "starfall", "--spins", "1.5", "--currency", "EUR"], /--spins/],
      [
        ["--operator", OPERATOR.id, "--player", "p-tool-3", "--key", "k", "--game", "starfall", "--spins", "1", "--currency", "eur"],
        /uppercase ISO-4217/,
      ],
      [
        ["--operator", OPERATOR.id, "--player", "p-tool-3", "--key", "k", "--game", "starfall", "--spins", "1", "--currency", "EUR", "--bet", "-1"],
        /--bet/,
      ],
      [
        ["--operator", OPERATOR.id, "--player", "p-tool-3", "--key", "k", "--game", "starfall"],
        /either --campaign, or --game, --spins and --currency/,
      ],
      [["--operator", OPERATOR.id, "--player", "p-tool-3", "--key", "k", "--campaign", "welcome-10", "--spins", "3"], /drop --spins/],
      [["--operator", OPERATOR.id, "--player", "p-tool-3", "--key", "k", "--campaign", "welcome-10", "--expires-at", "tomorrow"], /RFC 3339/],
    ] as const;
    for (const [terms, message] of mistakes) {
      const result = await admin("issue-grant", ...terms);
      expect(result.code, terms.join(" ")).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toMatch(/Usage: npm run admin -- issue-grant/);
    }
    expect(grantsAtProvider()).toHaveLength(2);
  });

  it("issue-grant exits 1 with the failed grant's id and the provider's error when the provider refuses", async () => {
    const refusing = await startScriptedPeer((_req, res) => sendJson(res, 503, { error: "grant backend down" }));
    const refusingConfig = `${dir.path}/refusing.json`;
    writeFileSync(refusingConfig, JSON.stringify(testConfigJson({ webhook: refusing.url, sqlitePath: `${dir.path}/refusing.db` })));
    const issue = () =>
      runNodeScript(ADMIN_SCRIPT, [
        "issue-grant",
        "--operator",
        OPERATOR.id,
        "--player",
        "p-tool-4",
        "--game",
        "starfall",
        "--spins",
        "3",
        "--currency",
        "EUR",
        "--key",
        "tool-key-4",
        "--config",
        refusingConfig,
      ]);
    try {
      const result = await issue();
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/provider grant call failed \(grant [0-9a-f-]{36} is failed\): .*503.*grant backend down/);
      expect(refusing.requests).toHaveLength(1);
      // The key is consumed: a second run prints the failed grant and calls nobody.
      const again = await issue();
      expect(again.code).toBe(1);
      expect(JSON.parse(again.stdout)).toMatchObject({ status: "failed", idempotencyKey: "tool-key-4" });
      expect(refusing.requests).toHaveLength(1);
    } finally {
      await refusing.close();
    }
  });
});
