import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const cli = createRequire(import.meta.url).resolve("@redocly/cli/bin/cli.js");

/**
 * `npm run lint:openapi` passes with warnings too; this holds the documents to no finding at all (the ignored ones
 * are listed, with their reason, in redocly.yaml), offline, as CI runs it.
 */
describe("redocly lint (recommended rules, redocly.yaml)", () => {
  it.each(["service", "operator-wallet", "provider-webhooks"])(
    "finds nothing in the %s document",
    (api) => {
      const run = spawnSync(process.execPath, [cli, "lint", api, "--format=json"], {
        cwd: repoRoot,
        encoding: "utf8",
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      });
      expect(run.status, run.stderr).toBe(0);
      const report = JSON.parse(run.stdout) as { totals: { errors: number; warnings: number }; problems: unknown[] };
      expect(report.problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    },
    60_000,
  );
});
