import { spawn } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, describe, expect, it } from "vitest";
import { parseConfig, secretVariable } from "../src/config/parse.js";
import { configSchema } from "../src/config/schema.js";
import { ADMIN_SCRIPT, runNodeScript, signedRequest, tempDir, testConfigJson } from "./harness.js";

const MAIN = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const SERVER_SRC = fileURLToPath(new URL("../src", import.meta.url));
const EXAMPLE_PATH = fileURLToPath(new URL("../croupier.example.json", import.meta.url));
const example = () => JSON.parse(readFileSync(EXAMPLE_PATH, "utf8")) as Record<string, any>;
const EXAMPLE_SECRETS = { CROUPIER_OPERATOR_OP_ACME_SECRET: "acme-from-env", CROUPIER_PROVIDER_PROV_STAR_SECRET: "star-from-env" };

type SchemaNode = { $ref?: string; properties?: Record<string, SchemaNode>; items?: SchemaNode };
/** A schema node with its `$ref` followed (the schema's refs are all local `#/$defs/...`). */
function resolve(node: SchemaNode): SchemaNode {
  if (!node.$ref) return node;
  const target = (configSchema.$defs as Record<string, SchemaNode>)[node.$ref.replace("#/$defs/", "")]!;
  return { ...resolve(target), ...node, $ref: undefined };
}
/** Every property path the schema declares, as `operators[].rateLimit.burst`. */
function schemaPaths(node: SchemaNode, prefix = ""): string[] {
  const n = resolve(node);
  if (n.items) return schemaPaths(n.items, `${prefix}[]`);
  return Object.entries(n.properties ?? {}).flatMap(([key, child]) => [
    `${prefix}${prefix ? "." : ""}${key}`,
    ...schemaPaths(child, `${prefix}${prefix ? "." : ""}${key}`),
  ]);
}
/** Every key path present in a value, arrays collapsed to `[]`. */
function valuePaths(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => valuePaths(v, `${prefix}[]`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, child]) => [
    `${prefix}${prefix ? "." : ""}${key}`,
    ...valuePaths(child, `${prefix}${prefix ? "." : ""}${key}`),
  ]);
}
const unique = (paths: string[]) => [...new Set(paths)].sort();

describe("the configuration file's JSON Schema (server/config.schema.json)", () => {
  it("is a valid JSON Schema 2020-12 document that a standard validator compiles strictly", () => {
    const ajv = new Ajv2020({ strict: true, strictTypes: false });
    expect(ajv.validateSchema(configSchema)).toBe(true);
    expect(() => ajv.compile(configSchema)).not.toThrow();
  });

  it("the committed example validates, documents every key but secret, and parses to a configuration with the same keys", () => {
    const validate = new Ajv2020({ strict: false }).compile(configSchema);
    expect(validate(example()), JSON.stringify(validate.errors)).toBe(true);
    const declared = unique(schemaPaths(configSchema as SchemaNode));
    const secrets = ["operators[].secret", "providers[].secret"];
    // The example is a SQLite configuration: PostgreSQL's keys exclude sqlitePath, and docs/running.md's cluster section shows them.
    const postgresOnly = ["database.url", "database.poolSize", "database.readPoolSize", "database.readStatementTimeoutMs", "database.leaseSeconds"];
    const examplePaths = unique(valuePaths(example()));
    expect(examplePaths, JSON.stringify(declared.filter((p) => !examplePaths.includes(p)))).toEqual(
      declared.filter((p) => !secrets.includes(p) && !postgresOnly.includes(p)),
    );
    // The parsed configuration's keys are the schema's (the types in config/types.ts follow it), plus the secrets.
    const parsed = parseConfig(example(), { env: EXAMPLE_SECRETS });
    const parsedPaths = unique(valuePaths(parsed));
    expect(parsedPaths, JSON.stringify([declared.filter((p) => !parsedPaths.includes(p)), parsedPaths.filter((p) => !declared.includes(p))])).toEqual(
      declared.filter((p) => p !== "$schema" && !postgresOnly.includes(p)),
    );
    const postgres = parseConfig({ ...example(), database: { url: "postgres://croupier@db.internal:5432/croupier" } }, { env: EXAMPLE_SECRETS });
    expect(postgres.database).toEqual({
      url: "postgres://croupier@db.internal:5432/croupier",
      poolSize: 10,
      readPoolSize: 2,
      readStatementTimeoutMs: 5000,
      leaseSeconds: 15,
    });
  });

  it("fills in the defaults the schema declares", () => {
    const parsed = parseConfig({ operators: [], providers: [] });
    expect(parsed).toEqual({
      server: {
        host: "127.0.0.1",
        port: 8080,
        publicBaseUrl: "http://127.0.0.1:8080",
        headersTimeoutMs: 10000,
        requestTimeoutMs: 30000,
        maxConnections: 10000,
      },
      // No metrics.port: /metrics stays on the service's port.
      metrics: { host: "127.0.0.1" },
      database: { sqlitePath: "./data/croupier.db", synchronous: "FULL" },
      limits: {
        clockSkewSeconds: 300,
        secretGraceSeconds: 604800,
        replayLinkSeconds: 900,
        sessionTtlSeconds: 86400,
        expiredSessionRetentionSeconds: 3600,
        deliveryLogRetentionSeconds: 2592000,
        demoStartingBalance: 100000,
        rateLimit: { requestsPerSecond: 100, burst: 200 },
      },
      reconciler: { staleRoundSeconds: 1800, sweepIntervalSeconds: 60 },
      settlementRetry: { initialDelaySeconds: 5, maxDelaySeconds: 600, horizonSeconds: 86400 },
      backoffice: { sessionTtlSeconds: 28800, readRateLimit: { requestsPerSecond: 10, burst: 50 } },
      allowPrivateCallbackAddresses: false,
      logLevel: "info",
      operators: [],
      providers: [],
      campaigns: [],
    });
  });

  it("names the key and says what it must be", () => {
    const cases: [(json: Record<string, any>) => void, string][] = [
      [(j) => (j.operators[0].callbackTimeoutMs = "soon"), '"operators[0].callbackTimeoutMs": must be an integer from 1 to 600000'],
      [(j) => (j.server = { port: 70000 }), '"server.port": must be an integer from 0 to 65535'],
      [
        (j) => (j.server = { headersTimeoutMs: 20000, requestTimeoutMs: 15000 }),
        '"server.requestTimeoutMs": must be at least server.headersTimeoutMs',
      ],
      [(j) => (j.limits.clockSkewSeconds = -1), '"limits.clockSkewSeconds": must be a number >= 0'],
      [(j) => (j.logLevel = "loud"), '"logLevel": must be one of debug, info, warn, error, silent'],
      [(j) => (j.database = { synchronous: "off" }), '"database.synchronous": must be FULL or NORMAL'],
      [(j) => (j.database = { url: "mysql://db/croupier" }), '"database.url": must be a postgres:// or postgresql:// URL'],
      [(j) => (j.database = { url: "postgres://db/croupier", poolSize: 0 }), '"database.poolSize": must be an integer from 1 to 1000'],
      [(j) => (j.database = { url: "postgres://db/croupier", leaseSeconds: 5 }), '"database.leaseSeconds": must be a number >= 10'],
      [
        (j) => (j.database = { url: "postgres://db/croupier", sqlitePath: "./data/croupier.db" }),
        '"database.sqlitePath": give either database.sqlitePath (SQLite) or database.url (PostgreSQL), not both',
      ],
      [(j) => (j.providers[0].currencies = ["EUR", "eur"]), '"providers[0].currencies[1]": must be an uppercase ISO-4217 code'],
      [
        (j) => (j.operators[1].id = "op\u0007"),
        '"operators[1].id": must be 1-255 characters without control, line separator or bidirectional control characters',
      ],
      [
        (j) => (j.operators[1].id = "op\u202e"),
        '"operators[1].id": must be 1-255 characters without control, line separator or bidirectional control characters',
      ],
      [(j) => (j.operators[0].callbackUrl = "ftp://wallet.example"), '"operators[0].callbackUrl": must be an absolute http(s) URL'],
      [(j) => (j.providers[0].games[1].launchBaseUrl = "http://"), '"providers[0].games[1].launchBaseUrl": must be an absolute http(s) URL'],
      [(j) => (j.providers[0].name = ""), '"providers[0].name": must be a non-empty string'],
      [(j) => (j.allowPrivateCallbackAddresses = "yes"), '"allowPrivateCallbackAddresses": must be true or false'],
      [(j) => (j.providers[0].games[0] = 3), '"providers[0].games[0]": must be an object'],
      [(j) => (j.operators = {}), '"operators": must be an array'],
      [(j) => delete j.providers, '"providers": is required'],
      [(j) => delete j.providers[1].games[0].launchBaseUrl, '"providers[1].games[0].launchBaseUrl": is required'],
      [(j) => (j.campaigns[0].validFrom = "soon"), '"campaigns[0].validFrom": must be an RFC 3339 date-time'],
      [(j) => (j.operators[0].providers = ["prov-none"]), '"operators[0].providers[0]": unknown provider "prov-none"'],
      [(j) => (j.providers[1].games[0].id = "starfall"), '"game id": "starfall" appears more than once'],
    ];
    for (const [mistake, message] of cases) {
      const json = testConfigJson() as Record<string, any>;
      mistake(json);
      expect(() => parseConfig(json), message).toThrow(`invalid configuration at ${message}`);
    }
  });
});

describe("the database from the environment", () => {
  it("CROUPIER_DATABASE_URL selects PostgreSQL over the file's url, and refuses a file that names a SQLite path", () => {
    const url = "postgresql://croupier:pw@10.0.0.5:5433/croupier";
    const fromEnv = parseConfig(
      { ...testConfigJson(), database: { url: "postgres://elsewhere/db", poolSize: 4 } },
      { env: { CROUPIER_DATABASE_URL: url } },
    );
    expect(fromEnv.database).toEqual({ url, poolSize: 4, readPoolSize: 2, readStatementTimeoutMs: 5000, leaseSeconds: 15 });
    expect(parseConfig({ ...testConfigJson(), database: {} }, { env: { CROUPIER_DATABASE_URL: url } }).database).toEqual({
      url,
      poolSize: 10,
      readPoolSize: 2,
      readStatementTimeoutMs: 5000,
      leaseSeconds: 15,
    });
    expect(() => parseConfig(testConfigJson({ sqlitePath: "./x.db" }), { env: { CROUPIER_DATABASE_URL: url } })).toThrow(
      'invalid configuration at "database.sqlitePath": give either database.sqlitePath (SQLite) or CROUPIER_DATABASE_URL (PostgreSQL), not both',
    );
    expect(() => parseConfig(testConfigJson(), { env: { CROUPIER_DATABASE_URL: "sqlite:./x.db" } })).toThrow(
      'invalid configuration at "CROUPIER_DATABASE_URL": must be a postgres:// or postgresql:// URL',
    );
  });
});

describe("tenant secrets from the environment", () => {
  const dir = tempDir();
  afterAll(() => dir.remove());
  const withoutSecrets = () => {
    const json = testConfigJson() as Record<string, any>;
    for (const tenant of [...json.operators, ...json.providers]) delete tenant.secret;
    return json;
  };
  const allFromEnv = {
    CROUPIER_OPERATOR_OP_ACME_SECRET: "a",
    CROUPIER_OPERATOR_OP_BETA_SECRET: "b",
    CROUPIER_PROVIDER_PROV_STAR_SECRET: "s",
    CROUPIER_PROVIDER_PROV_MOON_SECRET: "m",
  };

  it("maps an id to its variable: upper-cased, every character but A-Z and 0-9 replaced by _", () => {
    expect(secretVariable("operator", "op-acme")).toBe("CROUPIER_OPERATOR_OP_ACME_SECRET");
    expect(secretVariable("provider", "prov.star 2")).toBe("CROUPIER_PROVIDER_PROV_STAR_2_SECRET");
    expect(secretVariable("provider", "Ünï")).toBe("CROUPIER_PROVIDER__N__SECRET");
  });

  it("takes each secret from its variable, over the file's", () => {
    const config = parseConfig(testConfigJson(), { env: { CROUPIER_OPERATOR_OP_ACME_SECRET: "from-env" } });
    expect(config.operators.map((o) => o.secret)).toEqual(["from-env", "op-secret-2"]);
    const none = parseConfig(withoutSecrets(), { env: allFromEnv });
    expect([...none.operators, ...none.providers].map((t) => t.secret)).toEqual(["a", "b", "s", "m"]);
  });

  it("reads a …_SECRET_FILE, dropping one trailing newline", () => {
    const file = `${dir.path}/acme.secret`;
    writeFileSync(file, "from-a-file\n");
    const env = { ...allFromEnv, CROUPIER_OPERATOR_OP_ACME_SECRET: undefined, CROUPIER_OPERATOR_OP_ACME_SECRET_FILE: file };
    expect(parseConfig(withoutSecrets(), { env }).operators[0]!.secret).toBe("from-a-file");
  });

  it("refuses a tenant with no secret from any source, both variables at once, and an unreadable or empty file", () => {
    const { CROUPIER_PROVIDER_PROV_MOON_SECRET: _moon, ...allButMoon } = allFromEnv;
    expect(() => parseConfig(withoutSecrets(), { env: allButMoon })).toThrow(
      'invalid configuration at "providers[1].secret": is required: set it in the file, or in CROUPIER_PROVIDER_PROV_MOON_SECRET (or CROUPIER_PROVIDER_PROV_MOON_SECRET_FILE naming a file that holds it)',
    );
    const empty = `${dir.path}/empty.secret`;
    writeFileSync(empty, "\n");
    const cases: [Record<string, string>, RegExp][] = [
      [{ CROUPIER_OPERATOR_OP_ACME_SECRET_FILE: empty }, /"CROUPIER_OPERATOR_OP_ACME_SECRET_FILE": .*empty\.secret is empty/],
      [{ CROUPIER_OPERATOR_OP_ACME_SECRET_FILE: `${dir.path}/missing` }, /"CROUPIER_OPERATOR_OP_ACME_SECRET_FILE": cannot read .*missing/],
      [
        { CROUPIER_OPERATOR_OP_ACME_SECRET: "x", CROUPIER_OPERATOR_OP_ACME_SECRET_FILE: empty },
        /both CROUPIER_OPERATOR_OP_ACME_SECRET and CROUPIER_OPERATOR_OP_ACME_SECRET_FILE are set/,
      ],
    ];
    for (const [env, message] of cases) expect(() => parseConfig(testConfigJson(), { env })).toThrow(message);
  });
});

describe("the service and admin command lines", () => {
  const dir = tempDir();
  afterAll(() => dir.remove());
  const version = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;

  it("--version and --help answer on stdout with exit 0; a bad argument is a usage message, exit 2, never a stack trace", async () => {
    // Started together: each is a node process start, slow on a busy machine.
    const [answers, mistakes] = await Promise.all([
      Promise.all([MAIN, ADMIN_SCRIPT].flatMap((script) => ["--version", "-v", "--help"].map((flag) => runNodeScript(script, [flag])))),
      Promise.all(
        (
          [
            [MAIN, ["--bogus"]],
            [MAIN, ["stray"]],
            [MAIN, ["--config"]],
            [ADMIN_SCRIPT, ["--bogus"]],
            [ADMIN_SCRIPT, ["grant-status", "--bogus"]],
          ] as const
        ).map(([script, args]) => runNodeScript(script, [...args])),
      ),
    ]);
    for (const [i, run] of answers.entries()) {
      expect(run.code, String(i)).toBe(0);
      expect(run.stderr, String(i)).toBe("");
      if (i % 3 === 2) expect(run.stdout).toMatch(/^Usage: npm run (server|admin) --/);
      else expect(run.stdout).toBe(`${version}\n`);
    }
    expect(answers[2]!.stdout).toContain("CROUPIER_OPERATOR_<ID>_SECRET");
    // Every variable the service's source reads by name is in the server's --help; the admin commands' own, in theirs.
    const sources = readdirSync(SERVER_SRC, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts") && !f.includes("generated"));
    const readIn = (files: string[]) =>
      new Set(files.flatMap((f) => [...readFileSync(`${SERVER_SRC}/${f}`, "utf8").matchAll(/\benv\.(CROUPIER_[A-Z_]+)/g)].map((m) => m[1]!)));
    const read = readIn(sources.filter((f) => !f.startsWith("admin/")));
    expect([...read].sort()).toEqual(expect.arrayContaining(["CROUPIER_CONFIG", "CROUPIER_DATABASE_URL", "CROUPIER_INSTANCE_ID"]));
    for (const name of read) expect(answers[2]!.stdout, name).toMatch(new RegExp(`^  ${name} `, "m"));
    const readByAdmin = readIn(sources.filter((f) => f.startsWith("admin/")));
    expect([...readByAdmin]).toContain("CROUPIER_SANDBOX_DATA_DIR");
    for (const name of readByAdmin) expect(answers[5]!.stdout, name).toMatch(new RegExp(`^  ${name} `, "m"));
    for (const run of mistakes) {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(/Usage: npm run/);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  }, 120_000);

  it("a port already in use stops the start with a message, not a stack trace", { timeout: 60_000 }, async () => {
    const blocker = (await import("node:net")).createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    const file = `${dir.path}/busy.json`;
    writeFileSync(file, JSON.stringify({ ...testConfigJson({ sqlitePath: `${dir.path}/busy.db` }), server: { host: "127.0.0.1", port } }));
    try {
      const run = await runNodeScript(MAIN, ["--config", file]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^croupier: failed to start: .*EADDRINUSE/);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
    }
  });

  it("starts from the committed example with the secrets in the environment (one from a file) and signs with them", { timeout: 60_000 }, async () => {
    const json = example();
    json.server.port = 0;
    json.database.sqlitePath = `${dir.path}/example.db`;
    const file = `${dir.path}/example.json`;
    writeFileSync(file, JSON.stringify(json));
    const secretFile = `${dir.path}/star.secret`;
    writeFileSync(secretFile, "star-from-a-file\n");
    const child = spawn(process.execPath, [MAIN, "--config", file], {
      env: { ...process.env, CROUPIER_OPERATOR_OP_ACME_SECRET: "acme-from-env", CROUPIER_PROVIDER_PROV_STAR_SECRET_FILE: secretFile },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start: ${stderr}`)), 20_000);
        child.stdout.on("data", () => {
          const match = /"url":"(http:\/\/[^"]+)"/.exec(stdout);
          if (match?.[1]) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        });
      });
      const games = await signedRequest(url, { id: "op-acme", secret: "acme-from-env" }, "GET", "/v1/operator/games");
      expect(games.status).toBe(200);
      expect(games.json).toEqual([expect.objectContaining({ gameId: "starfall" })]);
      const wrong = await signedRequest(url, { id: "op-acme", secret: "not-it" }, "GET", "/v1/operator/games");
      expect(wrong.status).toBe(401);
      const star = await signedRequest(url, { id: "prov-star", secret: "star-from-a-file" }, "POST", "/v1/wallet/session/verify", {
        sessionToken: "nope",
      });
      expect(star.status).toBe(401);
      expect(star.json).toBeTypeOf("object"); // a JSON 401 (unknown session), not the plain-text signature failure
    } finally {
      child.kill("SIGTERM");
      await exited;
    }
    expect(stdout).not.toContain("acme-from-env");
    expect(stdout).not.toContain("star-from-a-file");
  });
});
