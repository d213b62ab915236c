import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSandbox } from "../sandbox/sandbox.js";
import { runDemo, type DemoOptions, type DemoReport } from "./demo-session.js";

/**
 * Runs the demo against a sandbox of its own: started in this process on ephemeral loopback ports with
 * fresh SQLite files in a temporary directory, and torn down afterwards whatever happened.
 */
export async function runSelfContainedDemo(options: DemoOptions = {}): Promise<DemoReport> {
  const dataDir = mkdtempSync(join(tmpdir(), "croupier-demo-"));
  try {
    const sandbox = await startSandbox({ dataDir, servicePort: 0, walletPort: 0, providerPort: 0, logLevel: "silent" });
    try {
      return await runDemo(sandbox.target, options);
    } finally {
      await sandbox.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
