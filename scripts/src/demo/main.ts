#!/usr/bin/env node
import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createProviderClient } from "@croupier/sdk-provider";
import { SANDBOX_FILES } from "../sandbox/sandbox.js";
import { webhookUrlFor } from "../sandbox/sandbox-config.js";
import { readSandboxTarget, type SandboxTarget } from "../sandbox/sandbox-target.js";
import { runDemo, type DemoReport } from "./demo-session.js";
import { runSelfContainedDemo } from "./self-contained-demo.js";

const HELP = `Usage: npm run demo [-- options]

Plays a scripted session (launch, rounds, a rollback, a free-spin grant and cancel, a replay link, a
kick) and checks that the platform's record and the operator wallet's ledger agree. Exits 1 if not.

Against the sandbox of a running \`npm start\` (found through data/sandbox.json); when none is running,
it starts a self-contained sandbox of its own for the length of the demo.

Options:
  --self-contained   always use a sandbox of its own (ephemeral ports, temporary databases)
  --target FILE      the sandbox description written by npm start, default data/sandbox.json
                     [CROUPIER_SANDBOX_DATA_DIR/sandbox.json]
`;

async function answers(target: SandboxTarget): Promise<boolean> {
  try {
    return (await fetch(`${target.serviceUrl}/healthz`, { signal: AbortSignal.timeout(2000) })).status === 200;
  } catch {
    return false;
  }
}

/**
 * Where the demo's provider's webhooks go when that is not the mock studio (`npm start -- --provider-webhook-url`, or a
 * URL its studio account set): the demo's free-spin and kick steps check what the mock studio received, so it cannot
 * play against that sandbox. Undefined when they reach the mock studio, or when the service does not say.
 */
async function webhooksElsewhere(target: SandboxTarget): Promise<string | undefined> {
  const provider = createProviderClient({ baseUrl: target.serviceUrl, tenantId: target.provider.id, secret: target.provider.secret });
  const { data } = await provider.getSettings();
  if (!data || data.webhookUrl === webhookUrlFor(target.studioUrl, target.provider.id)) return undefined;
  return data.webhookUrl ?? "nowhere (no webhook URL is set)";
}

/** `npm run demo`. */
async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: { "self-contained": { type: "boolean" }, target: { type: "string" }, help: { type: "boolean", short: "h" } },
    }));
  } catch (error) {
    // An unknown option, a stray argument or a missing value: the usage, not a stack trace.
    process.stderr.write(`demo: ${error instanceof Error ? error.message : String(error)}\n\n${HELP}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const print = (line: string) => process.stdout.write(`${line}\n`);
  const targetPath = values.target ?? join(process.env.CROUPIER_SANDBOX_DATA_DIR ?? "data", SANDBOX_FILES.target);
  let report: DemoReport;
  if (!values["self-contained"] && existsSync(targetPath)) {
    const target = readSandboxTarget(targetPath);
    const live = await answers(target);
    const elsewhere = live ? await webhooksElsewhere(target) : undefined;
    if (!live) {
      print(`No sandbox answers at ${target.serviceUrl} (${targetPath} is stale); running a self-contained one instead.\n`);
      report = await runSelfContainedDemo({ print });
    } else if (elsewhere !== undefined) {
      print(
        `The running sandbox's webhooks of ${target.provider.id} go to ${elsewhere}, not to its mock studio, whose free spins and ` +
          `revokes the demo checks; running a self-contained one instead.\n`,
      );
      report = await runSelfContainedDemo({ print });
    } else {
      report = await runDemo(target, { print });
      print(`\nThe player's ledger in the mock wallet: curl '${target.walletUrl}/ledger?playerRef=${report.playerRef}'`);
    }
  } else {
    if (!values["self-contained"]) print(`No running sandbox (${targetPath} not found: start one with npm start); running a self-contained one.\n`);
    report = await runSelfContainedDemo({ print });
  }
  return report.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`demo: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
