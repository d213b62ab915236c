/*
 * In your own tests: call your wallet receiver the way the platform does, signed with generateTestHeaders.
 * (README: "Testing your wallet receiver".)
 */
import { generateTestHeaders } from "@croupier/sdk-operator";

/** Asks the wallet at `walletUrl` for a player's balance with a correctly signed request, as Croupier would. */
export async function balanceAsThePlatformAsks(walletUrl: string, secret: string, playerRef: string): Promise<{ status: number; body: unknown }> {
  const target = `/v1/wallet/balance?playerRef=${encodeURIComponent(playerRef)}`;
  const headers = generateTestHeaders({ method: "GET", target, tenantId: "op-acme", secret });
  const response = await fetch(walletUrl + target, { headers });
  return { status: response.status, body: await response.json() };
}

/** The same call signed with a wrong secret: your receiver must refuse it with 401. */
export async function forgedBalanceCall(walletUrl: string, playerRef: string): Promise<number> {
  const target = `/v1/wallet/balance?playerRef=${encodeURIComponent(playerRef)}`;
  const response = await fetch(walletUrl + target, {
    headers: generateTestHeaders({ method: "GET", target, tenantId: "op-acme", secret: "not-the-secret" }),
  });
  return response.status;
}
