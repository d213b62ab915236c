import type { OperatorWalletComponents as WalletComponents, ServiceComponents, ServicePaths as paths } from "@croupier/contract";

type Service = ServiceComponents["schemas"];
type Wallet = WalletComponents["schemas"];

/* Model types, taken from the generated OpenAPI types so they follow the contract. */

/**
 * A wallet transaction the service sends to the operator's callback (spec C), told apart by `type`: a BET, WIN,
 * ROLLBACK (with originalTransactionId) or ADJUSTMENT (with direction). Narrow on `type` to read the fields of one.
 */
export type TransactionRequest = Wallet["WalletTransactionRequest"];
/** The operator's answer to a transaction: OK, or DECLINED (BET only), with the balance after it. */
export type TransactionResponse = Wallet["TransactionResponse"];
/**
 * What an `onTransaction` callback returns: a {@link TransactionResponse} whose `status` may also be typed as a plain
 * string, so `const answer = { status: "OK", balance }` built before the return compiles without `as const`. The
 * receiver checks it when it answers: anything but OK or DECLINED, or DECLINED on anything but a BET, answers 500.
 */
export type TransactionAnswer = Omit<TransactionResponse, "status"> & { status: TransactionResponse["status"] | (string & {}) };
/** A game visible to the operator tenant. */
export type GameSummary = Service["GameSummary"];
/** The body of a game launch. */
export type LaunchGameRequestBody = Service["LaunchGameRequestBody"];
/** A launched session: launch URL and session token. */
export type LaunchGameResponse = Service["LaunchGameResponse"];
/** The result of a kick: how many sessions ended. */
export type KickPlayerResponse = Service["KickPlayerResponse"];
/** A short-lived replay link. */
export type RoundReplayResponse = Service["RoundReplayResponse"];
/** The body of a free-spin grant issue. */
export type IssueGrantRequestBody = Service["IssueGrantRequestBody"];
/** The operator-side record of a free-spin grant. */
export type GrantResponseBody = Service["GrantResponseBody"];
/** A campaign template the operator may issue grants from now. */
export type CampaignSummary = Service["CampaignSummary"];
/** The callback settings after a change. */
export type CallbackSettings = Service["CallbackSettings"];
/** A freshly rotated secret and until when the previous one is accepted. */
export type RotatedSecret = Service["RotatedSecret"];
export type RevokedPreviousSecret = Service["RevokedPreviousSecret"];
/** The filter and page of a grant list (every field optional). */
export type GrantQuery = NonNullable<paths["/v1/operator/free-spins/grants"]["get"]["parameters"]["query"]>;
/** A page of grants in issue order, with the cursor of the next one (the service sends it as X-Next-Cursor). */
export interface GrantPage {
  items: GrantResponseBody[];
  nextCursor: string | null;
}
/** The filters and page of a transaction list (every field optional). */
export type TransactionQuery = NonNullable<paths["/v1/operator/transactions"]["get"]["parameters"]["query"]>;
/** A page of transactions, newest first, with the cursor of the next one. */
export type TransactionPage = Service["TransactionPage"];
/** A transaction as listed. */
export type TransactionSummary = Service["TransactionSummary"];
/** One transaction in full: the body sent to the wallet and its delivery log. */
export type TransactionDetail = Service["TransactionDetail"];
/** One call made to the operator's wallet for a transaction. */
export type WalletCall = Service["WalletCall"];
/** A round with its transactions in order and its state. */
export type RoundDetail = Service["RoundDetail"];
/** The filters and page of a problem list. */
export type ProblemQuery = NonNullable<paths["/v1/operator/problems"]["get"]["parameters"]["query"]>;
/** A page of problems with the open count per kind. */
export type ProblemPage = Service["ProblemPage"];
/** A problem that needs a person. */
export type Problem = Service["Problem"];
/** The filters and page of a session list. */
export type SessionQuery = NonNullable<paths["/v1/operator/sessions"]["get"]["parameters"]["query"]>;
/** A page of players' sessions, newest first. */
export type SessionPage = Service["SessionPage"];
/** A player's session as listed (never its token). */
export type SessionSummary = Service["SessionSummary"];
/** The last hour's figures of the back office's overview. */
export type OverviewStats = Service["OverviewStats"];
/** A re-send's outcome: the problem and the transaction after the call. */
export type ResendResult = Service["ResendResult"];
/** A page of the audit log. */
export type AuditPage = Service["AuditPage"];
/** One entry of the audit log. */
export type AuditEntry = Service["AuditEntry"];
/** What the operator's wallet answered to a test call (`testWalletCall`). */
export type TestCallResult = Service["TestCallResult"];
