import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { pino, type Logger } from "pino";
import { hostname } from "node:os";
import { appDependencies, leaseMsOf, openComposition, type InstanceOptions, type Services } from "./compose.js";
import type { CroupierConfig } from "./config/types.js";
import { buildApp } from "./http/app.js";
import { startMetricsListener, type MetricsListener } from "./http/metrics-listener.js";
import { SERVICE_OPENAPI_PATH } from "./http/openapi-validator.js";
import { assignRequestId } from "./http/request-id.js";
import { readOpenApiDocument } from "./http/validation-document.js";

/** A running service. */
export interface RunningServer {
  url: string;
  port: number;
  services: Services;
  /** The metrics listener's address, when config `metrics.port` gives it one. */
  metricsUrl?: string;
  /** Stops accepting connections, drains in-flight requests, stops background work and closes the database. */
  close(): Promise<void>;
}

/** How to start the service beyond its configuration. */
export interface StartOptions extends InstanceOptions {
  /**
   * The key sealing secrets and session tokens at rest (`CROUPIER_SECRET_KEY`, 32 bytes). Without it the service seals
   * under a key it generates (beside a SQLite file, or in a shared database) and warns; a database sealed under an
   * explicit key refuses to start without it, with a SecretKeyError saying what to do (unlock-database.ts).
   */
  secretKey?: Buffer;
  validateResponses?: boolean;
  logger?: Logger;
}

/**
 * This instance's name in logs and metrics: `CROUPIER_INSTANCE_ID`, or host name and process id, which tell apart the
 * instances of a cluster and the successive processes of one machine.
 */
export function defaultInstanceId(): string {
  return process.env.CROUPIER_INSTANCE_ID || `${hostname()}-${process.pid}`;
}

/** Starts the aggregation service; `port: 0` in the config picks a free port. */
export async function startServer(config: CroupierConfig, options: StartOptions = {}): Promise<RunningServer> {
  const instanceId = options.instanceId ?? defaultInstanceId();
  const logger = options.logger ?? pino({ level: config.logLevel, base: { service: "croupier", instance: instanceId } });
  const composition = await openComposition(config, {
    instanceId,
    logger,
    secretKey: () => options.secretKey,
    processMetrics: options.processMetrics,
    resolveHost: options.resolveHost,
  });
  const { stores } = composition;
  let services: Services;
  try {
    services = await composition.services();
  } catch (error) {
    await composition.close();
    throw error;
  }
  // Once the stores opened with that key: a database sealed under another one is refused above, without this warning.
  if (options.secretKey === undefined) {
    logger.warn(
      `CROUPIER_SECRET_KEY is not set: secrets are sealed under a key the service generated and keeps ${
        stores.shared ? "in the database" : "beside the database file"
      }, which guards nothing against a copy of ${stores.shared ? "the database" : "its folder"}; set CROUPIER_SECRET_KEY in production`,
    );
  }
  // Nothing can still be waiting for a grant left pending by a stopped process (on a shared database: one pending for
  // longer than its lease, which no live instance can still be calling). Only here, never in tools (admin) that open
  // the database beside a running service.
  await services.grants.failInterruptedGrants();
  // Likewise for wallet calls: a PENDING record older than its callback timeout has an unknown outcome.
  await services.relay.recoverOrphans();
  const metricsPort = config.metrics.port;
  const app = buildApp(
    appDependencies(services),
    { document: readOpenApiDocument(SERVICE_OPENAPI_PATH), validateResponses: options.validateResponses ?? false },
    { metricsListener: metricsPort !== undefined },
  );
  let closing: Promise<void> | undefined;
  // Timeouts are checked every second (Node's default: every 30 s, which would let a slow client outlast them).
  const { headersTimeoutMs, requestTimeoutMs, maxConnections } = config.server;
  const server = createServer(
    { headersTimeout: headersTimeoutMs, requestTimeout: requestTimeoutMs, connectionsCheckingInterval: 1_000 },
    (req, res) => {
      assignRequestId(req, res);
      // Once stopping, every answer ends its connection: a keep-alive client sending request after request would
      // otherwise hold it open (and the stop waiting) for ever. Its next request opens a connection elsewhere.
      if (closing) res.shouldKeepAlive = false;
      app(req, res);
    },
  );
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(config.server.port, config.server.host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    // A port already taken: the stores are closed again, so the caller may start on another port.
    await composition.close();
    throw error;
  }
  let metricsListener: MetricsListener | undefined;
  if (metricsPort !== undefined) {
    try {
      metricsListener = await startMetricsListener(services.metrics, config.metrics.host, metricsPort);
    } catch (error) {
      server.close();
      await composition.close();
      throw error;
    }
  }
  server.keepAliveTimeout = 65_000;
  // Slow or idle clients cannot hold connections open at will: headers within 10 s, the whole request within 30 s,
  // and at most 10,000 connections at once by default (Node's defaults: 60 s, 300 s, unlimited).
  server.maxConnections = maxConnections;
  for (const job of [services.reconciler, services.settlementRetry, services.sessionSweeper, services.deliveryLogSweeper]) {
    // With other instances on the database, one instance at a time runs each (its lease: periodic-job.ts).
    if (stores.shared) job.holdLeaseOn(stores.cluster, leaseMsOf(config));
    job.start();
    services.stoppers.push(() => job.stop());
  }
  for (const job of services.clusterJobs) {
    await job.runOnce();
    job.start();
    services.stoppers.push(() => job.stop());
  }
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${config.server.host.includes(":") ? `[${config.server.host}]` : config.server.host}:${port}`,
    port,
    ...(metricsListener === undefined ? {} : { metricsUrl: metricsListener.url }),
    services,
    close() {
      closing ??= (async () => {
        services.readiness.startDraining();
        // Connections between requests are closed as they fall idle; those in a request end with its answer.
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        }).finally(() => clearInterval(sweep));
        await metricsListener?.close();
        for (const stop of services.stoppers) await stop();
        // This instance's job leases end now, so another instance takes over at once rather than after they run out.
        await stores.cluster.leave().catch(() => undefined);
        await composition.close();
      })();
      return closing;
    },
  };
}
