import type { HostResolver } from "../../common/addresses.js";
import type { Acting, AuditTrail } from "../reconciliation/audit-trail.js";
import { SecretChanges } from "./secret-changes.js";
import { checkCallbackUrl } from "../back-office/callback-url-policy.js";
import type { GrantService, IssueGrantRequest } from "../free-spins/grant-service.js";
import type { GrantRecord } from "../ports/grants.js";
import type { RevokeReason } from "../ports/provider-webhooks.js";
import type { SessionService } from "../sessions/session-service.js";
import type { TenantDirectory } from "./tenant-directory.js";
import type { WalletTestCall } from "../back-office/wallet-test-call.js";

const sessionsEnded = (count: number) => `${count} ${count === 1 ? "session" : "sessions"} ended`;
const grantResult = (grant: GrantRecord) => `${grant.status.toUpperCase()}${grant.lastError === null ? "" : `: ${grant.lastError}`}`;

/**
 * The changes an operator makes to its players, grants and settings, each written to the audit log with who acted and
 * the result, whether through a signed call, the back office or the admin CLI (decisions.md §5). The services below do
 * the work; this only names each change for the log.
 */
export class OperatorChanges {
  private readonly secrets: SecretChanges;

  constructor(
    private readonly deps: {
      audit: AuditTrail;
      sessions: SessionService;
      grants: GrantService;
      tenants: TenantDirectory;
      walletTestCall: WalletTestCall;
      allowPrivateCallbackAddresses: boolean;
      resolveHost?: HostResolver;
    },
  ) {
    this.secrets = new SecretChanges(deps);
  }

  kick(acting: Acting, playerRef: string): Promise<number> {
    return this.deps.audit.record(
      acting,
      { kind: "KICK", target: `player ${playerRef}` },
      () => this.deps.sessions.kick(acting.operatorId, playerRef),
      sessionsEnded,
    );
  }

  /**
   * The platform's forced end of a player's sessions for a reason (the admin CLI's end-sessions), written as a kick
   * naming its reason; resolves once the providers were told.
   */
  endSessions(acting: Acting, playerRef: string, reason: RevokeReason): Promise<number> {
    return this.deps.audit.record(
      acting,
      { kind: "KICK", target: `player ${playerRef} (reason ${reason})` },
      async () => {
        const { count, notified } = await this.deps.sessions.end(acting.operatorId, playerRef, reason);
        await notified;
        return count;
      },
      sessionsEnded,
    );
  }

  issueGrant(acting: Acting, request: IssueGrantRequest): Promise<GrantRecord> {
    const what = "campaignId" in request ? `campaign ${request.campaignId}` : `${request.spins} spins of ${request.gameId}`;
    return this.deps.audit.record(
      acting,
      { kind: "GRANT_ISSUE", target: `${what} for player ${request.playerRef} (key ${request.idempotencyKey})` },
      () => this.deps.grants.issue(acting.operatorId, request),
      (grant) => `grant ${grant.id} ${grantResult(grant)}`,
    );
  }

  cancelGrant(acting: Acting, id: string): Promise<GrantRecord> {
    return this.deps.audit.record(
      acting,
      { kind: "GRANT_CANCEL", target: `grant ${id}` },
      () => this.deps.grants.cancel(acting.operatorId, id),
      grantResult,
    );
  }

  setCallbackUrl(acting: Acting, callbackUrl: string): Promise<{ callbackUrl: string; callbackTimeoutMs: number }> {
    return this.deps.audit.record(
      acting,
      { kind: "CALLBACK_URL", target: `callback URL ${callbackUrl}` },
      async () => {
        const checked = await checkCallbackUrl(callbackUrl, this.deps.allowPrivateCallbackAddresses, this.deps.resolveHost);
        return this.deps.tenants.setCallbackUrl(acting.operatorId, checked);
      },
      () => "SET",
    );
  }

  rotateSecret(acting: Acting): Promise<{ secret: string; previousSecretValidUntil: string }> {
    return this.secrets.rotate(acting);
  }

  revokePreviousSecret(acting: Acting): Promise<{ previousSecretValidUntil: null }> {
    return this.secrets.revokePrevious(acting);
  }

  testCall(acting: Acting, playerRef: string): ReturnType<WalletTestCall["run"]> {
    return this.deps.audit.record(
      acting,
      { kind: "TEST_CALL", target: `balance of player ${playerRef}` },
      () => this.deps.walletTestCall.run(acting.operatorId, playerRef),
      (outcome) => (outcome.ok ? `OK: balance ${outcome.balance} in ${outcome.latencyMs} ms` : `FAILED: ${outcome.error}`),
    );
  }
}
