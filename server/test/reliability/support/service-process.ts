import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const MAIN = fileURLToPath(new URL("../../../dist/main.js", import.meta.url));

/** A port the OS just handed out and released, so every restart of the service listens at the same address. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no free port");
  return address.port;
}

/**
 * The service as operations run it: `node server/dist/main.js --config FILE`, a separate process that can be
 * killed with SIGKILL at any instant and started again on the same SQLite file and port. `entry` runs another build's
 * main.js instead (an earlier release, for the rolling upgrade test); `label` names each start `<label>.<n>`
 * (CROUPIER_INSTANCE_ID), so the database's claimed_by says which process, of which release, claimed a transaction.
 */
export class ServiceProcess {
  private child: ChildProcess | undefined;
  private output = "";
  readonly url: string;
  /** How many times the process was killed with SIGKILL. */
  kills = 0;
  /** How many times the process was started. */
  starts = 0;
  /** Wallet calls a restart found cut in half by a kill (its "pending transactions ... marked TIMED_OUT" warnings). */
  orphansRecovered = 0;

  constructor(
    private readonly configPath: string,
    config: Record<string, unknown>,
    readonly port: number,
    private readonly options: { entry?: string; label?: string } = {},
  ) {
    writeFileSync(configPath, JSON.stringify(config));
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Starts the process and resolves once /healthz answers 200. */
  async start(timeoutMs = 30_000): Promise<void> {
    if (this.child) throw new Error("already running");
    this.starts += 1;
    const env = this.options.label ? { ...process.env, CROUPIER_INSTANCE_ID: `${this.options.label}.${this.starts}` } : process.env;
    const child = spawn(process.execPath, [this.options.entry ?? MAIN, "--config", this.configPath], { stdio: ["ignore", "pipe", "pipe"], env });
    this.child = child;
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      for (const match of text.matchAll(/"recovered":(\d+)/g)) this.orphansRecovered += Number(match[1]);
      this.output = (this.output + text).slice(-4000);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) {
        this.child = undefined;
        throw new Error(`service exited with ${child.exitCode} while starting:\n${this.output}`);
      }
      try {
        if ((await fetch(`${this.url}/healthz`, { signal: AbortSignal.timeout(2_000) })).status === 200) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`service did not become healthy:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** kill -9: no drain, no shutdown hook, whatever was in flight is cut. */
  async kill(): Promise<void> {
    const child = this.running();
    if (!child) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    this.child = undefined;
    this.kills += 1;
  }

  /** A graceful stop (SIGTERM: drain, then close the database), for the final audit. */
  async stop(): Promise<void> {
    const child = this.running();
    if (!child) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const forced = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(forced);
    this.child = undefined;
  }

  /** The process while it runs; one that already exited is forgotten (its 'exit' event, already past, would never come). */
  private running(): ChildProcess | undefined {
    if (this.child && (this.child.exitCode !== null || this.child.signalCode !== null)) this.child = undefined;
    return this.child;
  }

  /** The last lines the process printed, for failure messages. */
  recentOutput(): string {
    return this.output;
  }
}
