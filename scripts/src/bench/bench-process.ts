import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { createInterface } from "node:readline";

/** A target or the wallet, running as its own process so each has its own event loop and /proc entry. */
export interface BenchProcess {
  name: string;
  pid: number;
  url: string;
  /** SIGTERM, then SIGKILL if it has not exited within five seconds. */
  stop(): Promise<void>;
}

/** How to tell that a child is ready: a line on its stdout that carries its URL, or a known URL's /healthz. */
export type Readiness = { urlLine: RegExp } | { healthUrl: string };

// A service's start parses the contract: on a loaded 2-core machine (the test suite's parallel files) that takes a while.
const START_TIMEOUT_MS = 60_000;

/** Children still running: killed if the bench itself dies (a crash, a closed stdout), so none is orphaned. */
const liveChildren = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of liveChildren) child.kill("SIGKILL");
});

/** Starts `node script args…` and resolves once it is ready; rejects with its stderr if it exits or hangs. */
export async function spawnBenchProcess(
  name: string,
  script: string,
  args: string[],
  readiness: Readiness,
  env: Record<string, string> = {},
): Promise<BenchProcess> {
  // BENCH_NODE_ARGS (for example "--cpu-prof --cpu-prof-dir=/tmp/prof") goes to every target process, to profile them.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    env: { ...process.env, ...env },
    // A service logging at "info" writes a line per request: a pipe nobody drains would block it.
    stdio: ["ignore", "urlLine" in readiness ? "pipe" : "ignore", "pipe"],
  });
  liveChildren.add(child);
  child.once("exit", () => liveChildren.delete(child));
  const stderr: string[] = [];
  child.stderr?.setEncoding("utf8").on("data", (text: string) => {
    stderr.push(text);
    if (stderr.length > 50) stderr.shift();
  });
  // Whatever settles first (ready, exited, too slow) stops the others: no polling or timer outlives the start.
  const settled = new AbortController();
  const exited = once(child, "exit", { signal: settled.signal }).then(([code]) => {
    throw new Error(`${name} exited with code ${String(code)} before it was ready: ${stderr.join("").trim().slice(-800)}`);
  });
  const timeout = sleep(START_TIMEOUT_MS, undefined, { signal: settled.signal }).then(() => {
    throw new Error(`${name} not ready after ${START_TIMEOUT_MS} ms: ${stderr.join("").trim().slice(-800)}`);
  });
  try {
    const url = await Promise.race([waitUntilReady(child, readiness, settled.signal), exited, timeout]);
    return { name, pid: child.pid ?? 0, url, stop: () => stopChild(child) };
  } catch (error) {
    await stopChild(child);
    throw error;
  } finally {
    settled.abort();
  }
}

async function waitUntilReady(child: ChildProcess, readiness: Readiness, signal: AbortSignal): Promise<string> {
  if ("healthUrl" in readiness) {
    while (!signal.aborted) {
      try {
        const response = await fetch(`${readiness.healthUrl}/healthz`);
        if (response.ok) return readiness.healthUrl;
      } catch {
        // Not listening yet.
      }
      await sleep(50);
    }
    throw new Error("stopped waiting");
  }
  let url: string | undefined;
  for await (const line of createInterface({ input: child.stdout! })) {
    url = readiness.urlLine.exec(line)?.[1];
    if (url) break;
  }
  if (!url) throw new Error("stdout closed before the URL line");
  // Leaving the loop closed the line reader, which paused stdout: keep draining so the child never blocks on a full pipe.
  child.stdout!.resume();
  return url;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const killed = await Promise.race([exited.then(() => false), sleep(5_000).then(() => true)]);
  if (killed) {
    child.kill("SIGKILL");
    await exited;
  }
}

/** A loopback port that was free a moment ago, for a child that cannot report the port it picked. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  await once(server, "close");
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}
