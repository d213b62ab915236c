import { createWebhookHandler, MemoryNonceStore, WebhookError, type WebhookHandler } from "@croupier/sdk-provider";
import type { TenantCredentials } from "../sandbox-config.js";
import { BatchError, type FreeSpinBatches } from "./free-spin-batches.js";

/** A session-revoke webhook as the mock studio remembers it (never the session token itself). */
export interface Revocation {
  providerId: string;
  playerRef: string;
  gameId: string;
  reason: string;
  at: string;
}

/** The mock studio's fault switch: while `refuseGrants` is on, every grant webhook is answered 503, as a studio down for maintenance. */
export interface StudioFaults {
  refuseGrants: boolean;
}

/** Turns the bookkeeping's "no such batch" into the webhook answer the platform logs. */
function asWebhookError(error: unknown): never {
  if (error instanceof BatchError) throw new WebhookError(error.status, error.message);
  throw error;
}

/**
 * The signed webhook receiver of one provider (spec D), built on sdk-provider's `createWebhookHandler`:
 * grants go into the shared batch book (deduplicated on requestRef there), status reports the spins
 * left, cancel voids them, revoke is recorded so the sandbox can show it arrived.
 */
export function buildProviderWebhooks(
  provider: TenantCredentials,
  state: { batches: FreeSpinBatches; revocations: Revocation[]; faults: StudioFaults },
  log: (line: string) => void,
): WebhookHandler {
  const { batches, revocations } = state;
  return createWebhookHandler({
    tenantId: provider.id,
    secrets: [provider.secret],
    nonceStore: new MemoryNonceStore(),
    onGrant(request) {
      if (state.faults.refuseGrants) throw new WebhookError(503, "the studio is down for maintenance");
      const batch = batches.grant(provider.id, request);
      log(`${provider.id}: grant ${request.spins} free spins on ${request.gameId} to ${request.playerRef} -> ${batch.externalRef}`);
      return { externalRef: batch.externalRef };
    },
    onStatus(request) {
      try {
        const batch = batches.find(provider.id, request);
        const remainingSpins = batches.remaining(batch);
        return { remainingSpins, completed: remainingSpins === 0 };
      } catch (error) {
        return asWebhookError(error);
      }
    },
    onCancel(request) {
      try {
        const batch = batches.find(provider.id, request);
        batches.cancel(batch);
        log(`${provider.id}: cancel ${batch.externalRef} (${batch.spinsTaken} of ${batch.spins} spins taken stand)`);
      } catch (error) {
        asWebhookError(error);
      }
    },
    onRevoke(request) {
      revocations.push({
        providerId: provider.id,
        playerRef: request.playerRef,
        gameId: request.gameId,
        reason: request.reason,
        at: new Date().toISOString(),
      });
      log(`${provider.id}: session of ${request.playerRef} on ${request.gameId} revoked (${request.reason})`);
    },
    onError: (error) => log(`${provider.id}: webhook failed: ${error instanceof Error ? error.message : "error"}`),
  });
}
