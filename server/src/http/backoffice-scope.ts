/**
 * The routes a back-office sign-in session may call: those the web app uses and nothing else (decisions.md §5); a
 * test holds this list to the web app's calls.
 */
export const WEB_APP_ROUTES = [
  "POST /backoffice/api/sign-in",
  "POST /backoffice/api/sign-out",
  "GET /backoffice/api/me",
  "GET /backoffice/api/operators",
  "GET /backoffice/api/studio-accounts",
  "POST /backoffice/api/studio-accounts",
  "DELETE /backoffice/api/studio-accounts/{username}",
  "GET /v1/operator/overview",
  "GET /v1/operator/transactions",
  "GET /v1/operator/transactions/{providerId}/{transactionId}",
  "GET /v1/operator/rounds/{gameId}/{roundId}",
  "GET /v1/operator/problems",
  "POST /v1/operator/problems/{id}/resend",
  "POST /v1/operator/problems/{id}/resolve",
  "GET /v1/operator/audit-log",
  "GET /v1/operator/sessions",
  "POST /v1/operator/players/kick",
  "GET /v1/operator/games",
  "GET /v1/operator/free-spins/grants",
  "GET /v1/operator/free-spins/campaigns",
  "POST /v1/operator/free-spins/grants",
  "POST /v1/operator/free-spins/grants/{id}/cancel",
  "POST /portal/api/callback-url",
  "POST /portal/api/test-call",
  "POST /portal/api/rotate-secret",
  "GET /v1/provider/webhook-deliveries",
  "POST /v1/provider/webhook-deliveries/{id}/resend",
  "GET /v1/provider/free-spins/grants",
  "GET /v1/provider/free-spins/grants/{id}",
  "GET /v1/provider/audit-log",
  "GET /v1/provider/transactions",
  "GET /v1/provider/transactions/{transactionId}",
  "GET /v1/provider/rounds/{operatorId}/{gameId}/{roundId}",
  "GET /v1/provider/sessions",
  "GET /v1/provider/portal/settings",
  "POST /v1/provider/portal/webhook-url",
  "POST /v1/provider/portal/test-webhook",
  "POST /v1/provider/portal/rotate-secret",
] as const;

/** Each route as a method and a pattern over the raw path: a `{parameter}` is one non-empty segment. */
const MATCHERS = WEB_APP_ROUTES.map((route) => {
  const [method, template] = route.split(" ") as [string, string];
  const pattern = template.replace(/\{[^}]+\}/g, "[^/]+");
  return { method, path: new RegExp(`^${pattern}$`) };
});

/** Whether a back-office session may call `method path` (HEAD as GET). */
export function webAppRoute(method: string, path: string): boolean {
  const asRouted = method === "HEAD" ? "GET" : method;
  return MATCHERS.some((m) => m.method === asRouted && m.path.test(path));
}
