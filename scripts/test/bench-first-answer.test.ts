import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, it } from "vitest";
import { answerOnce, type Workload } from "../src/bench/load-generator.js";

// Before any phase, the bench waits for each target to answer one whole unit: a cold process's first calls must not
// leave a short phase with none answered. These check the wait against real servers that fail first.
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A server answering 503 to its first `failures` requests and 200 `ok` after; it records each path it was sent. */
async function serverFailingFirst(failures: number): Promise<{ origin: string; paths: string[] }> {
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(req.url ?? "");
    if (paths.length <= failures) res.writeHead(503).end("warming up");
    else res.writeHead(200).end("ok");
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paths };
}

const pairs: Workload = {
  callsPerUnit: 2,
  call: (seq, step) => ({ method: "GET", path: `/unit-${seq}/step-${step}`, headers: {} }),
  accept: (status, body) => status === 200 && body === "ok",
};

it("retries until every origin has answered a whole unit, then stops sending", async () => {
  const first = await serverFailingFirst(3);
  const second = await serverFailingFirst(0);
  await answerOnce([first.origin, second.origin], pairs);
  // Units 0 to 2 fail at their first call (no second call follows a failed first); unit 3 is answered whole. The next
  // origin then gets the next unit, answered at once.
  expect(first.paths).toEqual(["/unit-0/step-0", "/unit-1/step-0", "/unit-2/step-0", "/unit-3/step-0", "/unit-3/step-1"]);
  expect(second.paths).toEqual(["/unit-4/step-0", "/unit-4/step-1"]);
});

it("gives up with the origin's last answer once the time is out", async () => {
  const failing = await serverFailingFirst(Number.MAX_SAFE_INTEGER);
  await expect(answerOnce([failing.origin], pairs, 300)).rejects.toThrow(
    new RegExp(`^${failing.origin} answered no unit within 300 ms: GET /unit-\\d+/step-0 → 503 warming up$`),
  );
});
