// TEMPORARY: mirrors the agreed sdk-operator API until it lands; deleted when the wallet switches to it.
import { MemoryNonceStore, verify, type HeaderSource, type NonceStore } from "@croupier/signing";
import type { TransactionRequest, TransactionResponse } from "./transaction-types.js";

export class WalletError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}
export type WalletCallbackHandler = (request: { method: string; target: string; headers: HeaderSource; body: string | Uint8Array }) => Promise<{ status: number; headers: Record<string, string>; body: string }>;

export function createWalletCallbackHandler(options: {
  tenantId: string;
  secrets: string[];
  toleranceSeconds?: number;
  nonceStore?: NonceStore;
  onTransaction(request: TransactionRequest): Promise<TransactionResponse> | TransactionResponse;
  onBalance(playerRef: string): Promise<{ balance: number }> | { balance: number };
}): WalletCallbackHandler {
  const nonces = options.nonceStore ?? new MemoryNonceStore();
  const json = (status: number, value: unknown) => ({ status, headers: { "content-type": "application/json" }, body: JSON.stringify(value) });
  return async (request) => {
    const result = verify({ ...request, secrets: options.secrets, expectedTenantId: options.tenantId, toleranceSeconds: options.toleranceSeconds ?? 300 });
    if (!result.ok) {
      if (result.reason === "invalid-nonce") return json(400, { error: "invalid nonce" });
      return { status: 401, headers: { "content-type": "text/plain" }, body: "invalid signature" };
    }
    if (!(await nonces.remember(result.tenantId, result.nonce, result.timestamp + 600))) return json(401, { error: "replayed request" });
    const url = new URL(request.target, "http://x");
    try {
      if (request.method === "POST" && url.pathname === "/v1/wallet/transaction") {
        return json(200, await options.onTransaction(JSON.parse(Buffer.from(request.body).toString("utf8"))));
      }
      if (request.method === "GET" && url.pathname === "/v1/wallet/balance") {
        const playerRef = url.searchParams.get("playerRef");
        if (!playerRef) return json(400, { error: "playerRef is required" });
        return json(200, await options.onBalance(playerRef));
      }
      return json(404, { error: "not found" });
    } catch (error) {
      if (error instanceof WalletError) return json(error.status, { error: error.message });
      return json(500, { error: "internal error" });
    }
  };
}
