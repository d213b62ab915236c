import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignedHttp } from "../src/signed-http.js";

/* Issue 30, item 4: a --url whose path starts with `//` must not send the kit's signed calls to the host it names. */
const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

/** A server that records every request target and answers 404. */
async function recorder(): Promise<{ url: string; targets: string[]; server: Server }> {
  const targets: string[] = [];
  const server = createServer((req, res) => {
    targets.push(req.url ?? "");
    req.resume();
    res.writeHead(404, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, targets, server };
}

let given: Awaited<ReturnType<typeof recorder>>;
let elsewhere: Awaited<ReturnType<typeof recorder>>;
beforeAll(async () => {
  given = await recorder();
  elsewhere = await recorder();
});
afterAll(() => Promise.all([given, elsewhere].map((r) => new Promise((resolve) => r?.server.close(resolve)))));

describe("every call goes to the origin of --url", () => {
  it("a path starting with // stays a path on the given host, for the wallet checks (money moves allowed) and the provider checks", async () => {
    const host = new URL(elsewhere.url).host;
    const url = `${given.url}//${host}/x`;
    for (const args of [
      ["wallet", "--url", url, "--operator-id", "op-acme", "--secret", "s", "--player", "p-1", "--allow-money-moves", "--timeout-ms", "2000"],
      ["provider", "--url", url, "--provider-id", "prov-star", "--secret", "s", "--game", "starfall", "--timeout-ms", "2000"],
    ]) {
      const run = await promisify(execFile)(process.execPath, [cli, ...args]).catch((error: { code: number; stdout: string }) => error);
      expect("code" in run ? run.code : 0, args[0]).toBe(1);
    }
    expect(elsewhere.targets).toEqual([]);
    expect(given.targets.length).toBeGreaterThan(5);
    for (const target of given.targets) expect(target.startsWith(`//${host}/x/v1/`), target).toBe(true);
  });

  it("a request whose origin would change is refused unsent", async () => {
    const before = elsewhere.targets.length + given.targets.length;
    const http = new SignedHttp({ url: `${given.url}/`, tenantId: "op-acme", secret: "s", abortAfterMs: 2000 });
    const host = new URL(elsewhere.url).host;
    const exchange = await http.send("GET", `@${host}/v1/wallet/balance`);
    expect(exchange.status).toBe(0);
    expect(exchange.error).toBe(`not sent: http://${host} is not the origin of --url (${given.url})`);
    expect(elsewhere.targets.length + given.targets.length).toBe(before);
  });
});
