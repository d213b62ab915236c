import type { Schemas } from "./api.js";

/** The operator's kinds of audit entry, in the order its audit page's filter offers them (audit-kinds.test.ts holds both lists to the contract). */
export const AUDIT_KINDS = [
  "RESEND",
  "RESOLVE",
  "KICK",
  "GRANT_ISSUE",
  "GRANT_CANCEL",
  "CALLBACK_URL",
  "SECRET_ROTATE",
  "SECRET_REVOKE",
  "TEST_CALL",
  "ACCOUNT_ADD",
  "ACCOUNT_REMOVE",
] as const satisfies readonly Schemas["AuditKind"][];

/** A studio's kinds of audit entry: its own settings and webhook calls. */
export const STUDIO_AUDIT_KINDS = [
  "WEBHOOK_URL",
  "WEBHOOK_TEST",
  "WEBHOOK_RESEND",
  "SECRET_ROTATE",
  "SECRET_REVOKE",
] as const satisfies readonly Schemas["AuditKind"][];
