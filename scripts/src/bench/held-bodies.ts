#!/usr/bin/env node
// `node scripts/dist/bench/held-bodies.js [--server PATH] [--connections N]`: the attack of issue 17 item 5, measured.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { setTimeout as sleep } from "node:timers/promises";
import { newBenchIdentity } from "./bench-identity.js";
import { freePort, spawnBenchProcess } from "./bench-process.js";
import { croupierConfig } from "./croupier-config.js";
import { memoryOf } from "./proc-stats.js";

const BODY_BYTES = 64 * 1024;

/**
 * Starts the service (this checkout's build, or another's with --server, to compare builds), opens N connections that
 * each send the headers of an unauthenticated provider call (an unknown tenant) declaring a 64 KiB body, then all of
 * that body but its last byte, and hold them; prints the service's resident memory before and with them held, and how
 * many connections the service answered and closed. No figure is asserted: it is a measurement for docs/benchmarks.md.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      server: { type: "string", default: fileURLToPath(new URL("../../../server/dist/main.js", import.meta.url)) },
      connections: { type: "string", default: "2000" },
    },
  });
  const count = Number(values.connections);
  const dir = mkdtempSync(join(tmpdir(), "croupier-held-bodies-"));
  const port = await freePort();
  const configPath = join(dir, "croupier.json");
  const settings = { port, sqlitePath: join(dir, "croupier.db"), walletUrl: "http://127.0.0.1:9/", synchronous: "FULL", logLevel: "silent" } as const;
  writeFileSync(configPath, JSON.stringify(croupierConfig(newBenchIdentity(), settings)));
  // An at-rest key of its own, as the bench gives each service (a build from before the key ignores it).
  const service = await spawnBenchProcess(
    "croupier",
    values.server,
    ["--config", configPath],
    { healthUrl: `http://127.0.0.1:${port}` },
    { CROUPIER_SECRET_KEY: randomBytes(32).toString("base64") },
  );
  const sockets: Socket[] = [];
  try {
    await sleep(2_000);
    const before = memoryOf(service.pid);
    let answered = 0;
    let closed = 0;
    const head =
      `POST /v1/wallet/transaction HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${BODY_BYTES}\r\n` +
      `x-tenant-id: prov-attacker\r\nx-timestamp: ${Math.floor(Date.now() / 1000)}\r\nx-nonce: n-1\r\nx-signature: ${"0".repeat(64)}\r\n\r\n`;
    const body = Buffer.alloc(BODY_BYTES - 1, 0x20);
    // In batches, so the listen backlog is not what refuses connections.
    for (let opened = 0; opened < count; opened += 100) {
      await Promise.all(
        Array.from(
          { length: Math.min(100, count - opened) },
          () =>
            new Promise<void>((resolve) => {
              const socket = connect(port, "127.0.0.1", () => {
                socket.write(head);
                socket.write(body, () => resolve());
              });
              socket.once("data", () => answered++);
              socket.once("close", () => {
                closed++;
                resolve();
              });
              socket.on("error", () => undefined);
              sockets.push(socket);
            }),
        ),
      );
    }
    await sleep(3_000);
    const held = memoryOf(service.pid);
    process.stdout.write(
      `${JSON.stringify({
        server: values.server,
        connections: count,
        rssBeforeMb: before.rssMb,
        rssHeldMb: held.rssMb,
        peakRssMb: held.peakRssMb,
        addedMb: Math.round((held.rssMb - before.rssMb) * 10) / 10,
        answered,
        closedByService: closed,
        loadAverage: loadavg(),
      })}\n`,
    );
  } finally {
    for (const socket of sockets) socket.destroy();
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
