import createClient, { type Middleware } from "openapi-fetch";
import { validationInWords } from "./validation-text.js";
import type { ServiceComponents as components, ServicePaths as paths } from "@croupier/contract";

/** The contract's models, from the same generated types the SDKs use. */
export type Schemas = components["schemas"];
export type SessionInfo = Schemas["BackofficeSessionInfo"];

/**
 * What every call carries besides the cookie (which the browser sends): the CSRF token on every change and, for a
 * platform account, the operator it acts for. `onSignedOut` runs when the service answers 401 (the session ended).
 */
export const callContext: { csrfToken?: string; operatorId?: string; onSignedOut?: () => void } = {};

const context: Middleware = {
  onRequest({ request }) {
    const own = new URL(request.url).pathname.startsWith("/backoffice/api/");
    if (request.method !== "GET" && callContext.csrfToken) request.headers.set("X-CSRF-Token", callContext.csrfToken);
    if (!own && callContext.operatorId) request.headers.set("X-Operator-Id", callContext.operatorId);
    return request;
  },
  onResponse({ request, response }) {
    if (!request.url.endsWith("/backoffice/api/sign-in") && signedOut(response)) callContext.onSignedOut?.();
    return response;
  },
};

/**
 * Whether an answer means there is no session any more: 401 for an ended one; once the cookie's Max-Age has passed the
 * browser sends none, and the call is then judged as an unsigned API call (invalid nonce or signature).
 */
function signedOut(response: Response): boolean {
  const code = response.headers.get("X-Error-Code");
  return response.status === 401 || code === "invalid_nonce" || code === "invalid_signature";
}

/** The typed client of the service's API: the back office calls the same routes as integrations. */
export const api = createClient<paths>({ baseUrl: window.location.origin, credentials: "same-origin" });
api.use(context);

/** A failed call's message for people: the service's own message, or what to do when it could not be reached. */
export function problemText(error: unknown, response: Response | undefined): string {
  if (response === undefined) return "The service could not be reached. Check the connection and try again.";
  const message = typeof error === "object" && error !== null && "error" in error ? String((error as { error: unknown }).error) : "";
  if (signedOut(response)) return "Your session has ended. Sign in again.";
  if (response.status === 403) return message ? `Not allowed: ${message}.` : "Your account is not allowed to do this.";
  if (response.status === 429) return "Too many requests. Wait a moment and try again.";
  if (response.status >= 500) return `The service could not do this (${response.status}${message ? `: ${message}` : ""}). Try again shortly.`;
  if (!message) return `The request was refused (${response.status}).`;
  return validationInWords(message) ?? `${message[0]!.toUpperCase()}${message.slice(1)}.`;
}

/** Calls the API, turning a network failure into a result like any other so every page shows it the same way. */
export async function call<T>(send: () => Promise<{ data?: T; error?: unknown; response: Response }>): Promise<{ data?: T; problem?: string }> {
  try {
    const { data, error, response } = await send();
    if (error !== undefined || data === undefined) return { problem: problemText(error, response) };
    return { data };
  } catch {
    return { problem: problemText(undefined, undefined) };
  }
}
