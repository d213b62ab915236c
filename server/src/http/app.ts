import type { ServiceSchemas } from "@croupier/contract";
import type { IncomingMessage, ServerResponse } from "node:http";
import express, { type Express, type RequestHandler } from "express";
import type { Logger } from "pino";
import { notFound } from "../domain/errors.js";
import type { Metrics } from "../observability/metrics.js";
import type { Readiness } from "../observability/readiness.js";
import { authenticate, authenticateHeaders, type AuthenticateOptions } from "./authenticate.js";
import { apiReferenceStatic } from "./api-reference-static.js";
import { backofficeStatic } from "./backoffice-static.js";
import { errorHandler } from "./error-handler.js";
import { jsonBody } from "./json-body.js";
import { metricsRoute } from "./metrics-listener.js";
import { openApiValidator } from "./openapi-validator.js";
import type { ParsedDocument } from "./validation-document.js";
import { rawBody } from "./raw-body.js";
import { requestLog } from "./request-log.js";
import { backofficeRoutes, type BackofficeRouteDeps } from "./routes/backoffice-routes.js";
import type { ContractHandler } from "./routes/contract-router.js";
import { freeSpinRoutes, type FreeSpinRouteDeps } from "./routes/free-spin-routes.js";
import { monitoringRoutes, type MonitoringRouteDeps } from "./routes/monitoring-routes.js";
import { operatorRoutes, type OperatorRouteDeps } from "./routes/operator-routes.js";
import { portalRoutes, type PortalRouteDeps } from "./routes/portal-routes.js";
import { reconciliationRoutes, type ReconciliationRouteDeps } from "./routes/reconciliation-routes.js";
import { replayRoutes, type ReplayRouteDeps } from "./routes/replay-routes.js";
import { studioRoutes, type StudioRouteDeps } from "./routes/studio-routes.js";
import {
  isWalletPath,
  mountWalletRoute,
  TRANSACTION_PATH,
  WALLET_PATHS,
  walletHandlers,
  walletRoutes,
  type WalletPath,
  type WalletRouteDeps,
} from "./routes/wallet-routes.js";

/** What each stage and router of the app uses, each its own set; the composition root builds them (compose.ts). */
export interface AppDependencies {
  requestLog: { logger: Logger; metrics: Metrics };
  health: { readiness: Readiness; metrics: Metrics };
  authentication: AuthenticateOptions;
  wallet: WalletRouteDeps;
  operator: OperatorRouteDeps;
  reconciliation: ReconciliationRouteDeps;
  monitoring: MonitoringRouteDeps;
  freeSpins: FreeSpinRouteDeps;
  replays: ReplayRouteDeps;
  studio: StudioRouteDeps;
  portal: PortalRouteDeps;
  backoffice: BackofficeRouteDeps;
}

/**
 * Every route (`/metrics` only without a listener of its own), one pipeline in the contract's order: signing headers (or a back-office session) → raw body → signature,
 * nonce, rate limit, role → JSON parse → OpenAPI validation (the wallet API's instances or everyone else's:
 * openapi-validator.ts) → routes → one error handler.
 *
 * Each of the wallet API's three paths, the money path among them, goes through an app of its own with the same stages
 * minus those that never act on it (health, metrics, the static pages, the other routers, the other validator
 * instance, which would validate a wallet request a second time), its handler mounted on the app: each Express layer is
 * a call, a path match and often a promise hop per request.
 */
export function buildApp(
  deps: AppDependencies,
  validation: { document: ParsedDocument; validateResponses: boolean },
  options: { metricsListener: boolean } = { metricsListener: false },
): (req: IncomingMessage, res: ServerResponse) => void {
  const { wallet: walletValidation, other: otherValidation } = contractValidation(validation.document, validation.validateResponses);
  const log = requestLog(deps.requestLog.logger, deps.requestLog.metrics);
  const signed = [
    authenticateHeaders(deps.authentication),
    rawBody,
    authenticate(deps.authentication, TRANSACTION_PATH),
    jsonBody,
  ] satisfies RequestHandler[];
  const wallet = walletHandlers(deps.wallet);
  const routes = [
    walletRoutes(wallet),
    operatorRoutes(deps.operator),
    reconciliationRoutes(deps.reconciliation),
    monitoringRoutes(deps.monitoring),
    freeSpinRoutes(deps.freeSpins),
    replayRoutes(deps.replays),
    studioRoutes(deps.studio),
    portalRoutes(deps.portal),
    backofficeRoutes(deps.backoffice),
  ];
  const noRoute: RequestHandler = (_req, _res, next) => next(notFound("no such route"));

  const app = contractApp();
  app.use(log);
  app.get("/healthz", ((_req, res) => {
    res.json({ status: "ok" });
  }) satisfies ContractHandler<"getHealth">);
  app.get("/readyz", async (_req, res) => {
    const status = await deps.health.readiness.status();
    // 200 with ReadyResponse, 503 with NotReadyBody: one status field either way.
    const body: ServiceSchemas["ReadyResponse"] | ServiceSchemas["NotReadyBody"] = { status };
    res.status(status === "ready" ? 200 : 503).json(body);
  });
  // With a metrics listener of its own (config metrics.port), /metrics is served there only: 404 here, before any check.
  app.get("/metrics", options.metricsListener ? (_req, _res, next) => next(notFound("no such route")) : metricsRoute(deps.health.metrics));
  app.use(backofficeStatic());
  app.use(apiReferenceStatic());
  // Never a wallet path here (the dispatch below), so only everyone else's validator instance.
  app.use(...signed, ...otherValidation, ...routes, noRoute, errorHandler);

  const walletApps = new Map<string, Express>(
    WALLET_PATHS.map((path) => {
      const walletApp = contractApp();
      walletApp.use(log, ...signed, ...walletValidation[path]);
      mountWalletRoute(walletApp, wallet, path);
      walletApp.use(noRoute, errorHandler);
      return [path, walletApp] as const;
    }),
  );

  return (req, res) => {
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    // Exactly a wallet path as Express reads it (the path before the query); anything else takes the whole app.
    (walletApps.get(query < 0 ? url : url.slice(0, query)) ?? app)(req, res);
  };
}

/** An Express app with the contract's settings. */
function contractApp(): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  // As in every router of the contract (routes/contract-router.ts); the OpenAPI validator reads this setting too.
  app.set("case sensitive routing", true);
  return app;
}

/** The validator instances: one per group of wallet paths, by path, and everyone else's. */
interface ContractValidation {
  wallet: Record<WalletPath, RequestHandler[]>;
  other: RequestHandler[];
}

/**
 * The wallet paths each instance covers: the validator compiles its instance's routes, sorted by path, on every request
 * until one matches, so the money path, which sorts last of the three, has an instance of its own.
 */
const WALLET_VALIDATION_GROUPS: readonly (readonly WalletPath[])[] = [["/v1/wallet/session/verify", "/v1/wallet/balance"], [TRANSACTION_PATH]];

const validations = new WeakMap<ParsedDocument, Map<boolean, ContractValidation>>();

/**
 * The wallet API's validator instances and everyone else's, built once per document and setting and shared by every
 * app of the process: building one compiles the OpenAPI meta-schema and the contract's schemas again, about 0.25 s of
 * CPU a service start, and tests and a cluster's instances start many services in one process. An instance keeps only
 * what it compiled; its one hook on an app (path parameters, added to the first app it serves) reaches only routes of
 * the app itself that take parameters, and there are none: the wallet apps' own routes take none, every other route is
 * in a router.
 */
function contractValidation(document: ParsedDocument, validateResponses: boolean): ContractValidation {
  let byResponses = validations.get(document);
  if (byResponses === undefined) validations.set(document, (byResponses = new Map()));
  let handlers = byResponses.get(validateResponses);
  if (handlers === undefined) {
    const wallet = {} as Record<WalletPath, RequestHandler[]>;
    for (const paths of WALLET_VALIDATION_GROUPS) {
      const group: readonly string[] = paths;
      const instance = openApiValidator({ document, validateResponses, paths, ignorePaths: (path) => !group.includes(path) }).handlers;
      for (const path of paths) wallet[path] = instance;
    }
    handlers = { wallet, other: openApiValidator({ document, validateResponses, ignorePaths: isWalletPath }).handlers };
    byResponses.set(validateResponses, handlers);
  }
  return handlers;
}
