import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort } from "./service-process.js";

const PRISM = fileURLToPath(new URL("../../../../node_modules/.bin/prism", import.meta.url));
/** The contract documents: what the service answers, and what it sends to operator wallets and provider webhooks. */
export const DOCUMENTS = {
  service: fileURLToPath(new URL("../../../../spec/openapi/service.openapi.yaml", import.meta.url)),
  operatorWallet: fileURLToPath(new URL("../../../../spec/openapi/operator-wallet.openapi.yaml", import.meta.url)),
  providerWebhooks: fileURLToPath(new URL("../../../../spec/openapi/provider-webhooks.openapi.yaml", import.meta.url)),
} as const;

/**
 * Prism in validation-proxy mode in front of a real server: every request and response is checked against the
 * document; violations come back in the `sl-violations` header, and with `--errors` an invalid response is
 * replaced by a problem+json error. `validateRequests: false` lets deliberately invalid requests through so the
 * server's own 400 answers can be checked too.
 */
export class PrismProxy {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    private readonly log: () => string,
    /** Every violation Prism logged (its VALIDATOR lines), in order; a proxy the service calls reports only here. */
    readonly violations: string[],
  ) {}

  static async start(upstream: string, options: { validateRequests: boolean; document?: keyof typeof DOCUMENTS }): Promise<PrismProxy> {
    const port = await freePort();
    const violations: string[] = [];
    const child = spawn(
      PRISM,
      [
        "proxy",
        DOCUMENTS[options.document ?? "service"],
        upstream,
        "-h",
        "127.0.0.1",
        "-p",
        String(port),
        "--errors",
        `--validate-request=${options.validateRequests}`,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`prism did not start:\n${output}`)), 60_000);
      const onData = (chunk: Buffer) => {
        const text = chunk.toString();
        // Warnings are logged as "Violation: ..."; with --errors an error-level violation ends the request instead.
        for (const line of text.split("\n"))
          if (/Violation:|Request terminated with error/.test(line)) violations.push(line.replace(/\x1b\[[0-9;]*m/g, "").trim());
        output = (output + text).slice(-20_000);
        if (output.includes("Prism is listening")) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on("data", onData);
      child.stderr?.on("data", onData);
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`prism exited with ${code}:\n${output}`));
      });
    });
    return new PrismProxy(child, `http://127.0.0.1:${port}`, () => output, violations);
  }

  /** Prism's recent log (its VALIDATOR lines name each violation). */
  recentLog(): string {
    return this.log();
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    this.child.kill("SIGTERM");
    await exited;
  }
}
