import { spawn, type ChildProcessByStdio } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";

/** A temp directory removed by the returned cleanup. */
export function tempDir(): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), "croupier-scripts-"));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/**
 * The options of a sandbox a test starts in its own process (`startSandbox({ dataDir, ...TEST_SANDBOX })`): ephemeral
 * ports, no log, and a settlement retry under which the demo's refused WIN is a problem after 1 s (resent at 0.2 s and
 * 0.6 s), not the sandbox's 4 s, which the demo waits out on every run. `demo.test.ts`'s self-contained demo and
 * `sandbox-process.test.ts` keep the sandbox's own schedule.
 */
export const TEST_SANDBOX = {
  servicePort: 0,
  walletPort: 0,
  providerPort: 0,
  logLevel: "silent",
  settlementRetry: { initialDelaySeconds: 0.2, maxDelaySeconds: 0.4, horizonSeconds: 1 },
} as const;

/** A built entry point running as a child process, with its output collected. */
export interface NodeProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  stdout(): string;
  stderr(): string;
  /** Resolves once stdout contains `text`; rejects if the process exits first or `timeoutMs` passes. */
  waitForOutput(text: string, timeoutMs?: number): Promise<void>;
  /** The exit code (or the signal's name) once the process ends. */
  exited: Promise<number | string>;
}

/** Starts `node <script> ...args` from the repository root. */
export function startNodeProcess(script: string, args: string[], options: { cwd: string; env?: Record<string, string> }): NodeProcess {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.on("close", (code, signal) => resolve(code ?? signal ?? "unknown")));
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    // Generous: a sandbox starts in about 5 s alone, and took over 20 s beside three other files on a loaded 2-core machine.
    waitForOutput(text, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => done(new Error(`no "${text}" within ${timeoutMs} ms; stdout:\n${stdout}\nstderr:\n${stderr}`)), timeoutMs);
        const check = () => stdout.includes(text) && done();
        const early = () => done(new Error(`exited before printing "${text}"; stdout:\n${stdout}\nstderr:\n${stderr}`));
        function done(error?: Error) {
          clearTimeout(timer);
          child.stdout.off("data", check);
          child.off("close", early);
          if (error) reject(error);
          else resolve();
        }
        child.stdout.on("data", check);
        child.once("close", early);
        check();
      });
    },
  };
}
