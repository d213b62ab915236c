import { notConfigured } from "../errors.js";
import type { OperatorWallet } from "../ports/operator-wallet.js";
import type { TenantDirectory } from "../tenants/tenant-directory.js";

/** What the operator's wallet answered to a test call: the balance, or why there is none, and how long it took. */
export type TestCallResult = { ok: true; balance: number; answer: string; latencyMs: number } | { ok: false; error: string; latencyMs: number };

/**
 * "Send a test call" from the settings page: one signed balance call to the operator's wallet for a player, exactly
 * as a provider's balance request would make it. Read-only: no money moves and nothing is stored.
 */
export class WalletTestCall {
  constructor(private readonly deps: { tenants: TenantDirectory; operatorWallet: OperatorWallet }) {}

  async run(operatorId: string, playerRef: string): Promise<TestCallResult> {
    const operator = this.deps.tenants.operator(operatorId);
    if (!operator?.callbackUrl) throw notConfigured("no wallet callback URL is set yet: save one first");
    const started = performance.now();
    const outcome = await this.deps.operatorWallet.balance({ ...operator, callbackUrl: operator.callbackUrl }, playerRef);
    const latencyMs = Math.round(performance.now() - started);
    return outcome.ok ? { ok: true, balance: outcome.balance, answer: outcome.body, latencyMs } : { ok: false, error: outcome.error, latencyMs };
  }
}
