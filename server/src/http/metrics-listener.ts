import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type RequestHandler } from "express";
import { notFound } from "../domain/errors.js";
import type { Metrics } from "../observability/metrics.js";
import { errorHandler } from "./error-handler.js";

/** `GET /metrics`: this instance's Prometheus exposition. */
export const metricsRoute =
  (metrics: Metrics): RequestHandler =>
  async (_req, res) => {
    const { contentType, body } = await metrics.scrape();
    res.type(contentType).send(body);
  };

/** The metrics listener (config `metrics.port`): `/metrics` and nothing else, apart from the service's port. */
export interface MetricsListener {
  url: string;
  close(): Promise<void>;
}

/** Starts the metrics listener on `host`:`port` (0 picks a free port). */
export async function startMetricsListener(metrics: Metrics, host: string, port: number): Promise<MetricsListener> {
  const app = express();
  app.disable("x-powered-by");
  app.get("/metrics", metricsRoute(metrics));
  app.use((_req, _res, next) => next(notFound("no such route")));
  app.use(errorHandler);
  const server: Server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
