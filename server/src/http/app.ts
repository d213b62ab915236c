import type { ServiceSchemas } from "@croupier/contract";
import express, { type Express } from "express";
import type { Services } from "../compose.js";
import { notFound } from "../domain/errors.js";
import { authenticate, authenticateHeaders, type AuthenticateOptions } from "./authenticate.js";
import { backofficeStatic } from "./backoffice-static.js";
import { errorHandler } from "./error-handler.js";
import { jsonBody } from "./json-body.js";
import type { OpenApiValidation } from "./openapi-validator.js";
import { rawBody } from "./raw-body.js";
import { requestLog } from "./request-log.js";
import { backofficeRoutes } from "./routes/backoffice-routes.js";
import type { ContractHandler } from "./routes/contract-router.js";
import { freeSpinRoutes } from "./routes/free-spin-routes.js";
import { monitoringRoutes } from "./routes/monitoring-routes.js";
import { operatorRoutes } from "./routes/operator-routes.js";
import { portalRoutes } from "./routes/portal-routes.js";
import { reconciliationRoutes } from "./routes/reconciliation-routes.js";
import { replayRoutes } from "./routes/replay-routes.js";

/** What authentication needs of the services, the same for both HTTP paths. */
export function authenticationOptions(services: Services): AuthenticateOptions {
  return {
    tenants: services.tenants,
    nonces: services.nonces,
    rateLimiter: services.rateLimiter,
    clockSkewSeconds: services.config.limits.clockSkewSeconds,
    backoffice: services.backoffice,
  };
}

/**
 * Every route but the provider wallet API (served by http/provider-wallet-api.ts, the money path, without Express).
 * The middleware order is the contract's: signing headers (or session) → raw body → signature, nonce, rate limit, role → JSON parse →
 * OpenAPI validation (`validator`: express-openapi-validator, see server.ts) → routes → one error handler.
 */
export function buildApp(services: Services, validator: OpenApiValidation): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  // As in every router of the contract (routes/contract-router.ts); the OpenAPI validator reads this setting too.
  app.set("case sensitive routing", true);
  app.use(requestLog(services.logger, services.metrics));
  app.get("/healthz", ((_req, res) => {
    res.json({ status: "ok" });
  }) satisfies ContractHandler<"getHealth">);
  app.get("/readyz", async (_req, res) => {
    const status = await services.readiness.status();
    // 200 with ReadyResponse, 503 with NotReadyBody: one status field either way.
    const body: ServiceSchemas["ReadyResponse"] | ServiceSchemas["NotReadyBody"] = { status };
    res.status(status === "ready" ? 200 : 503).json(body);
  });
  app.get("/metrics", async (_req, res) => {
    const { contentType, body } = await services.metrics.scrape();
    res.type(contentType).send(body);
  });
  app.use(backofficeStatic());
  const authentication = authenticationOptions(services);
  app.use(authenticateHeaders(authentication));
  app.use(rawBody);
  app.use(authenticate(authentication));
  app.use(jsonBody);
  app.use(validator.handlers);
  app.use(operatorRoutes(services));
  app.use(reconciliationRoutes(services));
  app.use(monitoringRoutes(services));
  app.use(freeSpinRoutes(services));
  app.use(replayRoutes(services));
  app.use(
    portalRoutes({
      tenants: services.tenants,
      walletTestCall: services.walletTestCall,
      allowPrivateCallbackAddresses: services.config.allowPrivateCallbackAddresses,
      resolveHost: services.resolveHost,
    }),
  );
  app.use(
    backofficeRoutes({
      accounts: services.backoffice,
      tenants: services.tenants,
      operatorIds: services.config.operators.map((o) => o.id),
      secureCookie: services.config.server.publicBaseUrl.startsWith("https:"),
    }),
  );
  app.use((_req, _res, next) => next(notFound("no such route")));
  app.use(errorHandler);
  return app;
}
