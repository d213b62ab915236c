import type { ServiceSchemas } from "@croupier/contract";
import type { Response, Router } from "express";
import type { BackofficeAccounts, BackofficeActor, BackofficeSession } from "../../domain/back-office/backoffice-accounts.js";
import { forbidden } from "../../domain/errors.js";
import type { TenantDirectory } from "../../domain/tenants/tenant-directory.js";
import { backofficeSessionOf, SESSION_COOKIE } from "../backoffice-session.js";
import { contractRouter, type ContractHandler } from "./contract-router.js";

export interface BackofficeRouteDeps {
  accounts: BackofficeAccounts;
  tenants: TenantDirectory;
  operatorIds: readonly string[];
  /** Whether the service's public address is https: the cookie is then marked Secure. */
  secureCookie: boolean;
}

/** The back office's own routes (spec: Backoffice): sign in, sign out, who am I, and the tenants' configuration. */
export function backofficeRoutes(deps: BackofficeRouteDeps): Router {
  const router = contractRouter();
  router.post("/backoffice/api/sign-in", (async (req, res) => {
    const { username, password } = req.body;
    const session = await deps.accounts.signIn(username, password, req.socket.remoteAddress ?? "unknown");
    res.setHeader("Set-Cookie", cookie(session.token, deps.accounts.sessionTtlSeconds, deps.secureCookie));
    res.json(sessionBody(session));
  }) satisfies ContractHandler<"backofficeSignIn">);
  router.post("/backoffice/api/sign-out", (async (_req, res) => {
    await deps.accounts.signOut(requireSession(res).token);
    res.setHeader("Set-Cookie", cookie("", 0, deps.secureCookie));
    res.json({ signedOut: true });
  }) satisfies ContractHandler<"backofficeSignOut">);
  router.get("/backoffice/api/me", ((_req, res) => {
    res.json(sessionBody(requireSession(res)));
  }) satisfies ContractHandler<"backofficeMe">);
  router.get("/backoffice/api/operators", ((_req, res) => {
    const { operatorId: own, providerId } = requireSession(res).actor;
    // A studio account sees no operator's configuration.
    const ids = providerId !== null ? [] : own === null ? deps.operatorIds : [own];
    res.json(ids.map((id) => operatorSettings(deps.tenants, id)));
  }) satisfies ContractHandler<"backofficeListOperators">);
  router.get("/backoffice/api/studio-accounts", (async (req, res) => {
    requirePlatform(res);
    res.json((await deps.accounts.listStudioAccounts(req.query.providerId)).map(studioAccount));
  }) satisfies ContractHandler<"backofficeListStudioAccounts">);
  router.post("/backoffice/api/studio-accounts", (async (req, res) => {
    const { actor } = requirePlatform(res);
    const created = await deps.accounts.createStudioAccount(`backoffice:${actor.username}`, req.body);
    res.json({ ...studioAccount(created), password: created.password });
  }) satisfies ContractHandler<"backofficeCreateStudioAccount">);
  router.delete("/backoffice/api/studio-accounts/:username", (async (req, res) => {
    const { actor } = requirePlatform(res);
    await deps.accounts.removeStudioAccount(`backoffice:${actor.username}`, req.params.username);
    res.json({ removed: req.params.username });
  }) satisfies ContractHandler<"backofficeRemoveStudioAccount">);
  return router;
}

/** The session of a platform account: only the platform manages studio accounts (a viewer's changes are refused before). */
function requirePlatform(res: Response) {
  const session = requireSession(res);
  if (session.actor.operatorId !== null || session.actor.providerId !== null) throw forbidden("only a platform account manages studio accounts");
  return session;
}

function studioAccount(account: BackofficeActor): ServiceSchemas["StudioAccount"] {
  return { username: account.username, providerId: account.providerId!, role: account.role };
}

function requireSession(res: Response) {
  const session = backofficeSessionOf(res);
  // Only a session reaches back-office routes (authenticate.ts); this guards against a wiring mistake.
  if (!session) throw forbidden("back-office routes need a back-office session");
  return session;
}

function cookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}

function sessionBody(session: BackofficeSession): ServiceSchemas["BackofficeSessionInfo"] {
  return {
    username: session.actor.username,
    role: session.actor.role,
    ...(session.actor.operatorId === null ? {} : { operatorId: session.actor.operatorId }),
    ...(session.actor.providerId === null ? {} : { providerId: session.actor.providerId }),
    platform: session.actor.operatorId === null && session.actor.providerId === null,
    csrfToken: session.csrfToken,
    expiresAt: new Date(session.expiresAt).toISOString(),
  };
}

/** An operator's configuration as the back office shows it: never its secret. */
function operatorSettings(tenants: TenantDirectory, id: string): ServiceSchemas["OperatorSettings"] {
  const operator = tenants.operator(id);
  if (!operator) throw new Error(`configured operator ${id} missing from the directory`);
  return {
    id,
    ...(operator.callbackUrl === null ? {} : { callbackUrl: operator.callbackUrl }),
    callbackTimeoutMs: operator.callbackTimeoutMs,
    providers: operator.providers,
    blockedPlayerCount: operator.blockedPlayers.length,
    rateLimit: tenants.rateLimitFor(id),
  };
}
