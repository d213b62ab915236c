/** Example: calling the Croupier service as an operator, handling errors and rotating the secret. */
import { createOperatorClient, type OperatorClient } from "@croupier/sdk-operator";

/** Launches a REAL game and returns the URL for the iframe, or throws the typed error. */
export async function launchForPlayer(client: OperatorClient, playerRef: string): Promise<string> {
  const { data, error } = await client.launchGame({ playerRef, gameId: "starfall", currency: "EUR", mode: "REAL", language: "en" });
  if (error) {
    // status 0: network error or timeout; 429: wait error.retryAfter seconds; 401 "invalid signature": check the secret.
    if (error.status === 429) throw new Error(`rate limited, retry in ${error.retryAfter ?? 1}s`);
    throw error;
  }
  return data.launchUrl;
}

/** Issues free spins; resending with the same idempotencyKey is safe and returns the same grant. */
export async function giveWelcomeSpins(client: OperatorClient, playerRef: string) {
  const body = { playerRef, gameId: "starfall", spins: 10, currency: "EUR", idempotencyKey: `welcome-${playerRef}` };
  let result = await client.issueGrant(body);
  if (result.error?.status === 0) result = await client.issueGrant(body);
  return result;
}

/** The typed openapi-fetch client, signing installed: wrong paths and bodies do not compile. Returns how many sessions ended. */
export async function kickWithRawClient(client: OperatorClient, playerRef: string): Promise<number> {
  const { data } = await client.raw.POST("/v1/operator/players/kick", { body: { playerRef } });
  if (!data) throw new Error("kick failed");
  return data.revokedCount;
}

/**
 * Rotates the secret: the client signs with the new one at once. Persist it, and give your wallet
 * receiver `[newSecret, oldSecret]` until `previousSecretValidUntil`.
 */
export async function rotate(client: OperatorClient, oldSecret: string): Promise<string[]> {
  const { data, error } = await client.rotateSecret();
  if (error) throw error;
  return [data.secret, oldSecret];
}

/**
 * After a leak: rotates, then ends the old secret's grace period at once, so the leaked secret stops working now,
 * not in 7 days. Portal calls need the current secret (403 `current secret required` with the previous one).
 */
export async function rotateAfterLeak(client: OperatorClient): Promise<string> {
  const rotated = await client.rotateSecret();
  if (rotated.error) throw rotated.error;
  const revoked = await client.revokePreviousSecret(); // the leaked secret stops working now, not in 7 days
  if (revoked.error) throw revoked.error;
  return rotated.data.secret; // the only secret that verifies from now on
}

/** The client itself: base URL with or without a path prefix, no trailing slash. */
export function connect(baseUrl: string, secret: string): OperatorClient {
  return createOperatorClient({ baseUrl, tenantId: "op-acme", secret, timeoutMs: 5000 });
}
