import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request as httpRequest, type OutgoingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../src/server.js";
import { PASSWORD } from "./backoffice-harness.js";
import { startInstances, stopAll } from "./cluster/cluster-support.js";
import { OPERATOR, startTestServer, testConfigJson } from "./harness.js";
import { createTestDatabase, describePostgres, type TestDatabase } from "./postgres.js";

/*
 * Sign-in's defences (decisions.md §5, issue 30 item 5), over real HTTP: JSON only (415), no cross-site request (403),
 * attempt limits kept in the database (the address first, so a flood of names from one address takes no room), and
 * on PostgreSQL the same limits for every instance on the database.
 */
const SIGN_IN = "/backoffice/api/sign-in";

interface Answer {
  status: number;
  code: string | undefined;
  cookie: string | undefined;
}

/** A sign-in sent as given, from `localAddress` (any 127.0.0.0/8 address is this machine's): each one a client of its own. */
function post(baseUrl: string, headers: OutgoingHttpHeaders, body: string, agent: Agent): Promise<Answer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method: "POST", path: SIGN_IN, headers, agent }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, code: res.headers["x-error-code"] as string | undefined, cookie: res.headers["set-cookie"]?.[0] }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

const JSON_TYPE = { "content-type": "application/json" };
const credentials = (username: string, password = PASSWORD) => JSON.stringify({ username, password });
const clientAt = (localAddress: string) => new Agent({ keepAlive: true, localAddress, maxSockets: 16 });

/** Sends `count` attempts, at most 16 at a time; the answers in the order sent. */
async function attempts(count: number, send: (i: number) => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = new Array<Answer>(count);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < count; i = next++) answers[i] = await send(i);
  };
  await Promise.all(Array.from({ length: 16 }, lane));
  return answers;
}

const statuses = (answers: readonly Answer[]) => answers.reduce<Record<number, number>>((n, a) => ({ ...n, [a.status]: (n[a.status] ?? 0) + 1 }), {});

/** Distinct user names tried from one address in the flood below; before the limits were kept this way, each kept a bucket in memory. */
const NAMES = 2_000;

/** How many name buckets the flood below left: the names tried are `name-0` to `name-1999`. */
const NAME_BUCKETS = "SELECT COUNT(*) AS n FROM sign_in_attempts WHERE bucket LIKE 'u:name-%'";

function defences(store: "SQLite" | "PostgreSQL", database: () => Record<string, unknown>, nameBuckets: () => Promise<number>) {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const agents: Agent[] = [];
  const at = (address: string) => {
    const agent = clientAt(address);
    agents.push(agent);
    return agent;
  };
  beforeAll(async () => {
    server = await startTestServer({ ...testConfigJson(), database: database() });
    // One account per test: each name may sign in 5 times in a row.
    for (const username of ["dana", "dora"])
      await server.services.backoffice.addUser({ username, operatorId: OPERATOR.id, role: "manager", password: PASSWORD });
  });
  afterAll(async () => {
    for (const agent of agents) agent.destroy();
    await server?.close();
  });

  it(`${store}: takes JSON only: a text/plain, form, multipart or untyped body is 415 even with the right password`, async () => {
    const client = at("127.0.0.11");
    const form = "username=dana&password=correct+horse+battery+staple";
    for (const [type, body] of [
      ["text/plain", credentials("dana")],
      ["text/plain;charset=UTF-8", credentials("dana")],
      ["application/x-www-form-urlencoded", form],
      ["multipart/form-data; boundary=x", credentials("dana")],
      [undefined, credentials("dana")],
    ] as const) {
      const answer = await post(server.url, type === undefined ? {} : { "content-type": type }, body, client);
      expect(answer, String(type)).toEqual({ status: 415, code: "unsupported_media_type", cookie: undefined });
    }
    for (const type of ["application/json", "application/json; charset=utf-8", "Application/JSON"]) {
      expect((await post(server.url, { "content-type": type }, credentials("dana"), client)).status, type).toBe(200);
    }
  });

  it(`${store}: refuses a request the browser marks cross-site with 403; same-origin, same-site and none sign in`, async () => {
    const client = at("127.0.0.12");
    const crossSite = await post(server.url, { ...JSON_TYPE, "sec-fetch-site": "cross-site" }, credentials("dora"), client);
    expect(crossSite).toEqual({ status: 403, code: "forbidden", cookie: undefined });
    for (const site of ["same-origin", "same-site", "none"]) {
      const answer = await post(server.url, { ...JSON_TYPE, "sec-fetch-site": site }, credentials("dora"), client);
      expect(answer.status, site).toBe(200);
      expect(answer.cookie).toMatch(/^croupier_session=/);
    }
  });

  it(`${store}: ${NAMES.toLocaleString("en")} distinct names from one address keep a bucket only for the names the address let through`, async () => {
    const client = at("127.0.0.13");
    const started = performance.now();
    const answers = await attempts(NAMES, (i) => post(server.url, JSON_TYPE, credentials(`name-${i}`, "wrong password"), client));
    const seconds = (performance.now() - started) / 1000;
    const { 401: allowed = 0, 429: refused = 0 } = statuses(answers);
    // 20 at once, then one every 6 seconds while the flood lasts; every other name was refused before its bucket.
    expect(allowed + refused).toBe(NAMES);
    expect(allowed).toBeGreaterThanOrEqual(20);
    expect(allowed).toBeLessThanOrEqual(20 + Math.ceil(seconds / 6));
    // A name's bucket is deleted a minute after its one attempt (full again): on a slow machine some may be gone already.
    const kept = await nameBuckets();
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(allowed);
  }, 240_000);
}

describe("sign-in defences (SQLite)", () => {
  const dir = mkdtempSync(join(tmpdir(), "sign-in-defences-"));
  const path = join(dir, "croupier.db");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  defences(
    "SQLite",
    () => ({ sqlitePath: path }),
    () => {
      const db = new Database(path, { readonly: true });
      try {
        return Promise.resolve((db.prepare(NAME_BUCKETS).get() as { n: number }).n);
      } finally {
        db.close();
      }
    },
  );
});

describePostgres("sign-in defences (PostgreSQL)", () => {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());
  const url = () => {
    if (!database) throw new Error("the suite's PostgreSQL database is not created yet");
    return database.url;
  };
  defences(
    "PostgreSQL",
    () => ({ url: url(), poolSize: 4 }),
    async () => {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        return Number((await client.query<{ n: string }>(NAME_BUCKETS)).rows[0]?.n);
      } finally {
        await client.end();
      }
    },
  );

  describe("two instances on one database", () => {
    let instances: RunningServer[] = [];
    const agents = [clientAt("127.0.0.21"), clientAt("127.0.0.22")];
    beforeAll(async () => {
      instances = await startInstances(2, url(), {}, "sign-in");
      await instances[0]!.services.backoffice.addUser({ username: "erin", operatorId: OPERATOR.id, role: "manager", password: PASSWORD });
    });
    afterAll(async () => {
      for (const agent of agents) agent.destroy();
      await stopAll(instances);
    });

    it("let through 5 wrong passwords for one name between them, not 5 each; then even the right one is 429", async () => {
      const answers: Answer[] = [];
      for (let i = 0; i < 10; i++) answers.push(await post(instances[i % 2]!.url, JSON_TYPE, credentials("erin", `guess ${i}`), agents[0]!));
      expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
      // The name's bucket is the cluster's: another address, on either instance, is refused too.
      for (const instance of instances) expect((await post(instance.url, JSON_TYPE, credentials("erin"), agents[1]!)).status).toBe(429);
    });

    it("let through 20 attempts from one address between them, not 20 each", async () => {
      const client = clientAt("127.0.0.23");
      agents.push(client);
      const answers: Answer[] = [];
      const started = performance.now();
      for (let i = 0; i < 40; i++) answers.push(await post(instances[i % 2]!.url, JSON_TYPE, credentials(`someone-${i}`, "wrong"), client));
      // The address's bucket refills one attempt every 6 s: a slow machine may earn one or two back during the 40.
      const refilled = Math.floor((performance.now() - started) / 6_000);
      const { 401: passed = 0, 429: refused = 0 } = statuses(answers);
      expect(passed + refused).toBe(40);
      expect(passed).toBeGreaterThanOrEqual(20);
      expect(passed).toBeLessThanOrEqual(20 + refilled);
    });
  });
});
