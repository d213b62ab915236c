import { existsSync, statSync } from "node:fs";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, signedRequest, startTestServer, tempDir, testConfigJson } from "./harness.js";

/** Issue 17 items 5 and 7: the server's timeouts and the database files' permissions. */
describe("service hardening", () => {
  const dir = tempDir();
  const sqlitePath = `${dir.path}/croupier.db`;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer(testConfigJson({ sqlitePath }));
  });
  afterAll(async () => {
    await server?.close();
    dir.remove();
  });

  it("creates the database, its WAL and its shared-memory file readable by the owner only (0600)", async () => {
    expect((await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/games")).status).toBe(200);
    for (const file of [sqlitePath, `${sqlitePath}-wal`, `${sqlitePath}-shm`]) {
      expect(existsSync(file), file).toBe(true);
      expect(statSync(file).mode & 0o777, file).toBe(0o600);
    }
  });

  it("closes a connection whose headers never complete within the headers timeout (10 s, not Node's 60 s)", async () => {
    const socket = connect(server.port, "127.0.0.1");
    socket.write("POST /v1/wallet/transaction HTTP/1.1\r\nHost: x\r\n");
    const started = Date.now();
    const keepTalking = setInterval(() => socket.write("X-Slow: 1\r\n"), 1000);
    await new Promise<void>((resolve) => socket.on("close", () => resolve()).on("error", () => undefined));
    clearInterval(keepTalking);
    expect(Date.now() - started).toBeLessThan(25_000);
  }, 40_000);
});
