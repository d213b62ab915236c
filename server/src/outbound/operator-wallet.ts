import type { CallEnd, RelayedType } from "../domain/ports/ledger.js";
import type { BalanceOutcome, CallbackOutcome, OperatorWallet } from "../domain/ports/operator-wallet.js";
import type { ReachableOperator, TenantCredentials } from "../domain/ports/tenants.js";
import type { Metrics } from "../observability/metrics.js";
import { OutboundFailure, type SignedHttpClient } from "./signed-http-client.js";

/**
 * The operator's wallet callbacks (spec C), signed with X-Tenant-ID = the operator's id and its current secret,
 * bounded by the operator's callbackTimeoutMs. Callers check that the operator has a callback URL.
 */
export class HttpOperatorWallet implements OperatorWallet {
  constructor(
    private readonly http: SignedHttpClient,
    private readonly tenants: TenantCredentials,
    private readonly metrics?: Metrics,
  ) {}

  /**
   * POSTs the stored body to `{callbackUrl}/v1/wallet/transaction`. Only a 200 with a well-formed
   * TransactionResponse is a result; DECLINED counts only for a BET. Anything else is FAILED; no answer in
   * time is TIMED_OUT.
   */
  async transaction(operator: ReachableOperator, type: RelayedType, body: string): Promise<CallbackOutcome> {
    const started = performance.now();
    const outcome = await this.callTransaction(operator, type, body);
    this.metrics?.observeWalletCall(operator.id, outcome.state, (performance.now() - started) / 1000);
    return outcome;
  }

  private async callTransaction(operator: ReachableOperator, type: RelayedType, body: string): Promise<CallbackOutcome> {
    let response;
    try {
      response = await this.http.call({
        baseUrl: operator.callbackUrl,
        method: "POST",
        path: "/v1/wallet/transaction",
        body,
        tenantId: operator.id,
        secret: this.tenants.currentSecret(operator.id),
        timeoutMs: operator.callbackTimeoutMs,
      });
    } catch (error) {
      if (error instanceof OutboundFailure && error.kind === "timeout") {
        return { state: "TIMED_OUT", error: error.message, call: { httpStatus: null, failure: "TIMEOUT", response: null } };
      }
      return {
        state: "FAILED",
        error: `wallet unreachable: ${(error as Error).message}`,
        call: { httpStatus: null, failure: "NETWORK", response: null },
      };
    }
    const call: CallEnd = { httpStatus: response.status, failure: null, response: response.body };
    if (response.status !== 200) return { state: "FAILED", error: `wallet answered ${response.status}: ${response.body.slice(0, 300)}`, call };
    const parsed = parseJson(response.body) as { status?: unknown; balance?: unknown } | undefined;
    if (!parsed || (parsed.status !== "OK" && parsed.status !== "DECLINED") || !Number.isSafeInteger(parsed.balance)) {
      return { state: "FAILED", error: `malformed wallet answer: ${response.body.slice(0, 300)}`, call };
    }
    if (parsed.status === "DECLINED" && type !== "BET")
      return { state: "FAILED", error: `wallet declined a ${type}, which must never be declined`, call };
    return { state: parsed.status, balance: parsed.balance as number, call };
  }

  /** GETs `{callbackUrl}/v1/wallet/balance?playerRef=...`, signed over path and query; no retry. */
  async balance(operator: ReachableOperator, playerRef: string): Promise<BalanceOutcome> {
    let response;
    try {
      response = await this.http.call({
        baseUrl: operator.callbackUrl,
        method: "GET",
        path: `/v1/wallet/balance?playerRef=${encodeURIComponent(playerRef)}`,
        tenantId: operator.id,
        secret: this.tenants.currentSecret(operator.id),
        timeoutMs: operator.callbackTimeoutMs,
      });
    } catch (error) {
      return { ok: false, error: `wallet balance call failed: ${(error as Error).message}` };
    }
    if (response.status !== 200) return { ok: false, error: `wallet balance answered ${response.status}` };
    const parsed = parseJson(response.body) as { balance?: unknown } | undefined;
    if (!parsed || !Number.isSafeInteger(parsed.balance)) return { ok: false, error: "malformed wallet balance answer" };
    return { ok: true, balance: parsed.balance as number, body: response.body };
  }
}

function parseJson(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
