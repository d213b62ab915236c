/**
 * A shared PostgreSQL database started without CROUPIER_SECRET_KEY: every instance seals under the one key the first
 * stored, and a database so started, or one sealed under an explicit key, refuses the other kind of start.
 */
import { afterEach, expect, it } from "vitest";
import { parseConfig } from "../../src/config/parse.js";
import { startServer, type RunningServer } from "../../src/server.js";
import { OPERATOR, signedRequest, testConfigJson, testSecretKey } from "../harness.js";
import { createTestDatabase, describePostgres, type TestDatabase } from "../postgres.js";
import { eventually } from "../wallet-harness.js";
import { stopAll } from "./cluster-support.js";

describePostgres("the at-rest key of a shared database", () => {
  let database: TestDatabase | undefined;
  let instances: RunningServer[] = [];
  afterEach(async () => {
    await stopAll(instances);
    instances = [];
    await database?.drop();
  });

  const start = (id: string, secretKey: Buffer | undefined) =>
    startServer(parseConfig({ ...testConfigJson(), database: { url: database!.url, poolSize: 2 } }), { instanceId: id, secretKey });

  it("without a key, the instances share the key the first one stored: a secret rotated on one opens on the other", async () => {
    database = await createTestDatabase();
    const [a, b] = await Promise.all([start("k-1", undefined), start("k-2", undefined)]);
    instances.push(a, b);
    const rotated = await signedRequest(a.url, OPERATOR, "POST", "/portal/api/rotate-secret");
    expect(rotated.status).toBe(200);
    const fresh = { id: OPERATOR.id, secret: (rotated.json as { secret: string }).secret };
    await eventually(async () => (await signedRequest(b.url, fresh, "GET", "/v1/operator/games")).status === 200, 10_000, 200);
    await expect(start("k-3", testSecretKey())).rejects.toThrow(/sealed under a key it generated and keeps itself/);
  });

  it("a database sealed under CROUPIER_SECRET_KEY refuses an instance started without it", async () => {
    database = await createTestDatabase();
    instances.push(await start("k-1", testSecretKey()));
    await expect(start("k-2", undefined)).rejects.toThrow(/encrypted under CROUPIER_SECRET_KEY, which is not set/);
  });
});
