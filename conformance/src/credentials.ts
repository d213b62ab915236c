import { describe, type Exchange } from "./signed-http.js";

/** What the run's first call found: one correctly signed call that moves nothing, with the run's tenant id and secret. */
export interface CredentialsResult {
  /** False when that call was answered 401: the receiver refuses the tenant id or the secret, so no check could tell anything. */
  accepted: boolean;
  /** The call, e.g. `GET /v1/wallet/balance?playerRef=p-1`. */
  call: string;
  /** Its answer as the report shows answers, e.g. `401 invalid signature`. */
  got: string;
}

/**
 * Starts every run: `send` makes a correctly signed call that moves nothing. Any answer but 401 (even none, which the
 * checks then report one by one) lets the checks run; a 401 stops the run before them.
 */
export async function checkCredentials(send: () => Promise<Exchange>): Promise<CredentialsResult> {
  const exchange = await send();
  return { accepted: exchange.status !== 401, call: `${exchange.method} ${exchange.target}`, got: describe(exchange) };
}
