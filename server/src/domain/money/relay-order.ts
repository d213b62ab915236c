import type { ApiError } from "../errors.js";
import type { CallRequester, NewTransaction, TransactionKey, TransactionRecord } from "../ports/ledger.js";
import type { PendingNonce } from "../ports/nonces.js";
import type { Session } from "../ports/sessions.js";
import type { ReachableOperator } from "../ports/tenants.js";
import { rawJsonMember } from "./raw-json-member.js";
import { tokenDigest } from "../secret-box.js";
import {
  callbackBody,
  requestFingerprint,
  RESERVED_TRANSACTION_ID_PREFIX,
  type ProviderRequest,
  type RelayableRequest,
  type TransactionRequest,
} from "./transaction-request.js";

/** The spec's sentinel session token of every synthetic rollback (spec C.4). */
export const RECONCILER_SESSION_TOKEN = "system:stale-round-reconciler";
/** sessionToken of an admin ADJUSTMENT: no session stands behind it (as the reconciler's sentinel). */
export const ADJUSTMENT_SESSION_TOKEN = "system:admin-adjustment";
/** The ledger's providerId for admin ADJUSTMENTs: they are the platform's, not a provider's. */
export const ADJUSTMENT_PROVIDER_ID = "system:admin";

/** The deterministic id of the synthetic rollback of a bet, so every sweep replays the same one. */
export const staleRollbackId = (betTransactionId: string) => `${RESERVED_TRANSACTION_ID_PREFIX}${betTransactionId}`;

/**
 * The session of a provider's transaction as the wallet service found it: only a `usable` one is sent; for the others
 * the relay answers what the ledger already holds, else the refusal.
 */
export type SessionVerdict =
  | { kind: "usable"; session: Session; operator: ReachableOperator }
  | { kind: "fun-play" }
  | { kind: "unsendable"; session: Session; refusal: ApiError }
  | { kind: "refused"; refusal: ApiError };

/**
 * A provider's transaction call as received: the signer, the body the OpenAPI validator checked, its text (so metadata
 * reaches the operator byte for byte) and its nonce, which the relay records with the transaction's claim.
 */
export interface ProviderCall {
  providerId: string;
  body: TransactionRequest;
  rawBody: string | undefined;
  nonce: PendingNonce | undefined;
}

/** A provider's transaction as the wallet service hands it to the relay: the call, its validated request, the session's verdict. */
export interface ProviderOrder {
  by: "PROVIDER";
  call: ProviderCall;
  request: ProviderRequest;
  session: SessionVerdict;
}

/**
 * What a caller knows when it asks the relay to move money (a provider's transaction, a stale bet's reversal, an
 * adjustment, a re-send); the relay derives the record and the exact body.
 */
export type RelayOrder =
  | ProviderOrder
  | { by: "RECONCILER"; bet: TransactionRecord; operator: ReachableOperator }
  | { by: "ADMIN"; operatorId: string; request: RelayableRequest; operator: ReachableOperator }
  | { by: "SETTLEMENT_RETRY" | "OPERATOR"; resend: TransactionKey; actor: string | null; operator: ReachableOperator };

/** A provider's transaction once the relay settled on the operator whose money it is, with its fingerprint. */
export interface ProviderTransaction {
  providerId: string;
  operatorId: string;
  request: RelayableRequest;
  rawBody: string | undefined;
  fingerprint: string;
}

/** What a new record is made from: a provider's transaction, the reconciler's reversal or an admin's adjustment. */
export type NewRecordOrder = ({ by: "PROVIDER" } & ProviderTransaction) | Extract<RelayOrder, { by: "RECONCILER" | "ADMIN" }>;

/** The record an order makes, its callback body plain (the relay seals it), and who asked. */
export function transactionOf(order: NewRecordOrder): { transaction: NewTransaction; requester: CallRequester } {
  switch (order.by) {
    case "PROVIDER": {
      const { request, rawBody } = order;
      const rawMetadata = rawBody === undefined || request.metadata === undefined ? undefined : rawJsonMember(rawBody, "metadata");
      return { transaction: recordOf(order.providerId, order.operatorId, request, order.fingerprint, rawMetadata), requester: "PROVIDER" };
    }
    case "RECONCILER": {
      const { bet } = order;
      const request: RelayableRequest = {
        transactionId: staleRollbackId(bet.transactionId),
        sessionToken: RECONCILER_SESSION_TOKEN,
        type: "ROLLBACK",
        roundId: bet.roundId,
        originalTransactionId: bet.transactionId,
        playerRef: bet.playerRef,
        amount: bet.amount,
        currency: bet.currency,
        gameId: bet.gameId,
      };
      return { transaction: recordOf(bet.providerId, bet.operatorId, request, requestFingerprint(request)), requester: "RECONCILER" };
    }
    case "ADMIN":
      return {
        transaction: recordOf(ADJUSTMENT_PROVIDER_ID, order.operatorId, order.request, requestFingerprint(order.request)),
        requester: "ADMIN",
      };
  }
}

function recordOf(providerId: string, operatorId: string, request: RelayableRequest, fingerprint: string, rawMetadata?: string): NewTransaction {
  return {
    providerId,
    transactionId: request.transactionId,
    operatorId,
    playerRef: request.playerRef,
    gameId: request.gameId,
    roundId: request.roundId,
    type: request.type,
    amount: request.amount,
    currency: request.currency,
    originalTransactionId: request.originalTransactionId ?? null,
    roundComplete: request.roundComplete === true,
    requestHash: fingerprint,
    sessionTokenHash: tokenDigest(request.sessionToken),
    callbackBody: callbackBody(request, rawMetadata),
  };
}
