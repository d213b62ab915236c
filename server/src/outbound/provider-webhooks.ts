import type { Logger } from "pino";
import type { WebhookOutcome, WebhookTransport } from "../domain/ports/provider-webhooks.js";
import type { TenantCredentials } from "../domain/ports/tenants.js";
import { quoteProvider } from "../common/provider-message.js";
import { OutboundFailure, type SignedHttpClient } from "./signed-http-client.js";

/** Timeout for calls to provider webhooks; the spec sets none, so the wallet callback default (5000 ms) bounds them too. */
export const PROVIDER_WEBHOOK_TIMEOUT_MS = 5_000;

/** A webhook call that got no answer, as the operator is told (decisions.md §4: by kind only). */
export const PROVIDER_UNREACHABLE = "provider unreachable";
export const PROVIDER_TIMED_OUT = "provider timed out";

/**
 * Signed calls to a provider's webhook base address (spec D), with X-Tenant-ID = the provider's id.
 * Never retried: a failure is reported to the caller as it is.
 */
export class HttpProviderWebhooks implements WebhookTransport {
  constructor(
    private readonly http: SignedHttpClient,
    private readonly tenants: TenantCredentials,
    private readonly logger: Logger,
  ) {}

  /** POSTs the exact body bytes to `{webhookUrl}{path}`; only a 200 counts as success. */
  async send(providerId: string, path: string, body: string): Promise<WebhookOutcome> {
    const provider = this.tenants.provider(providerId);
    if (!provider?.webhookUrl) return { ok: false, error: "provider has no webhook URL configured" };
    try {
      const response = await this.http.call({
        baseUrl: provider.webhookUrl,
        method: "POST",
        path,
        body,
        tenantId: providerId,
        secret: this.tenants.currentSecret(providerId),
        timeoutMs: PROVIDER_WEBHOOK_TIMEOUT_MS,
      });
      if (response.status === 200) return { ok: true, response };
      return { ok: false, error: quoteProvider(`provider answered ${response.status}: ${response.body}`), response };
    } catch (error) {
      // Errors reach the operator (a grant's lastError, a 502): they say what kind of failure it was and never name the
      // provider's addresses, ports or system error codes, which go to the service's own log only (decisions.md §4).
      const kind = error instanceof OutboundFailure ? error.kind : "network";
      this.logger.warn({ provider: providerId, path, kind, detail: (error as Error).message }, "provider webhook call failed");
      return { ok: false, error: kind === "timeout" ? PROVIDER_TIMED_OUT : PROVIDER_UNREACHABLE };
    }
  }
}
