import type { Acting, AuditTrail } from "../reconciliation/audit-trail.js";
import type { TenantDirectory } from "./tenant-directory.js";

/** A tenant's secret rotation and the end of its previous secret's grace, audited alike for operators and providers. */
export class SecretChanges {
  constructor(private readonly deps: { audit: AuditTrail; tenants: TenantDirectory }) {}

  rotate(acting: Acting): Promise<{ secret: string; previousSecretValidUntil: string }> {
    return this.deps.audit.record(
      acting,
      { kind: "SECRET_ROTATE", target: "secret" },
      () => this.deps.tenants.rotateSecret(acting.operatorId),
      // Never the secret itself: the log is read by every viewer.
      (rotated) => `ROTATED: the previous secret works until ${rotated.previousSecretValidUntil}`,
    );
  }

  revokePrevious(acting: Acting): Promise<{ previousSecretValidUntil: null }> {
    return this.deps.audit.record(
      acting,
      { kind: "SECRET_REVOKE", target: "previous secret" },
      () => this.deps.tenants.revokePreviousSecret(acting.operatorId),
      () => "REVOKED",
    );
  }
}
