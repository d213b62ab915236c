import type { TransactionResponse } from "./demo-wallet.js";
import type { CallRequester, NewTransaction, TransactionKey, TransactionRecord } from "./ports/ledger.js";
import type { DeferredNonce } from "./ports/nonces.js";
import type { ReachableOperator } from "./ports/tenants.js";
import { rawJsonMember } from "./raw-json-member.js";
import { tokenDigest } from "./secret-box.js";
import { callbackBody, requestFingerprint, RESERVED_TRANSACTION_ID_PREFIX, type RelayableRequest } from "./transaction-request.js";

/** The spec's sentinel session token of every synthetic rollback (spec C.4). */
export const RECONCILER_SESSION_TOKEN = "system:stale-round-reconciler";
/** sessionToken of an admin ADJUSTMENT: no session stands behind it (as the reconciler's sentinel). */
export const ADJUSTMENT_SESSION_TOKEN = "system:admin-adjustment";
/** The ledger's providerId for admin ADJUSTMENTs: they are the platform's, not a provider's. */
export const ADJUSTMENT_PROVIDER_ID = "system:admin";

/** The deterministic id of the synthetic rollback of a bet, so every sweep replays the same one. */
export const staleRollbackId = (betTransactionId: string) => `${RESERVED_TRANSACTION_ID_PREFIX}${betTransactionId}`;

/** The session behind a provider's transaction, resolved and checked against the request by the provider's side. */
export interface ProviderSession {
  operatorId: string;
  /** A fun-play session: no record of the ledger is answered or sent through it. */
  demo: boolean;
  /**
   * Once the ledger's rules leave the transaction to be sent: the operator to call, or the answer given without one
   * (DEMO play). 503 when the game or the operator is not configured.
   */
  admit(): ReachableOperator | { answer: TransactionResponse };
}

/**
 * What the relay asks of the provider's side (the wallet service: sessions and DEMO play) while it handles a provider's
 * transaction, each at its turn in the order of checks; the ledger and its rules are the relay's.
 */
export interface ProviderSide {
  /**
   * The first claim's target: the session this instance knows (else read once), real money, matching the request, its
   * game and operator configured. Undefined, nothing refused, for anything else: the full way decides, in its order.
   */
  firstClaim(): Promise<{ operatorId: string; operator: ReachableOperator } | undefined>;
  /**
   * When the ledger holds nothing settled through the same session: the session resolved and checked against the
   * request (401/403/400; 400 too when the id was applied to fun play), or a DEMO repeat's stored answer.
   */
  resolve(key: TransactionKey, fingerprint: string): Promise<ProviderSession | { answer: TransactionResponse }>;
}

/**
 * What a caller knows when it asks the relay to move money: a provider's request (`rawBody` is the request as
 * received, so metadata reaches the operator byte for byte; `nonce`, when the caller put its recording off, is
 * recorded with the first claim or else before anything else is done), the reconciler's reversal of a stale bet, an
 * admin's adjustment, or a re-send of a stored transaction (the settlement retry's, or an operator's from its problems
 * queue). The relay derives the rest: the fingerprint, the record, the exact body the wallet gets, what a record
 * already stored under the id means, and who the delivery log names.
 */
export type RelayOrder =
  | {
      by: "PROVIDER";
      providerId: string;
      request: RelayableRequest;
      rawBody: string | undefined;
      nonce: DeferredNonce | undefined;
      side: ProviderSide;
    }
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
export function transactionOf(order: NewRecordOrder): { transaction: NewTransaction; requester: CallRequester; touchRound: boolean } {
  switch (order.by) {
    case "PROVIDER": {
      const { request, rawBody } = order;
      const rawMetadata = rawBody === undefined || request.metadata === undefined ? undefined : rawJsonMember(rawBody, "metadata");
      return {
        transaction: recordOf(order.providerId, order.operatorId, request, order.fingerprint, rawMetadata),
        requester: "PROVIDER",
        touchRound: true,
      };
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
      return {
        transaction: recordOf(bet.providerId, bet.operatorId, request, requestFingerprint(request)),
        requester: "RECONCILER",
        touchRound: false,
      };
    }
    case "ADMIN":
      return {
        transaction: recordOf(ADJUSTMENT_PROVIDER_ID, order.operatorId, order.request, requestFingerprint(order.request)),
        requester: "ADMIN",
        touchRound: false,
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
