import type { CallRequester, NewTransaction, TransactionKey, TransactionRecord } from "./ports/ledger.js";
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

/**
 * A provider's transaction as the relay first looked it up ({@link TransactionRelay.lookUp}): its key, its fingerprint
 * and what the ledger already holds under that key, if anything, with whether that came through the same session.
 */
export interface ProviderTicket {
  key: { providerId: string; transactionId: string };
  fingerprint: string;
  prior: { record: TransactionRecord; sameSession: boolean } | undefined;
}

/**
 * What a caller knows when it asks the relay to move money: a provider's request (looked up first, its session and
 * configuration checked by the caller; `rawBody` is the request as received, so metadata reaches the operator byte for
 * byte), the reconciler's reversal of a stale bet, an admin's adjustment, or a re-send of a stored transaction (the
 * settlement retry's, or an operator's from its problems queue). The relay derives the rest: the record, its
 * fingerprint, the exact body the wallet gets, and who the delivery log names.
 */
export type RelayOrder =
  | { by: "PROVIDER"; ticket: ProviderTicket; operatorId: string; request: RelayableRequest; rawBody: string | undefined }
  | { by: "RECONCILER"; bet: TransactionRecord }
  | { by: "ADMIN"; operatorId: string; request: RelayableRequest }
  | { by: "SETTLEMENT_RETRY" | "OPERATOR"; resend: TransactionKey; actor: string | null };

/** An order that makes a new record (every one but a re-send). */
export type NewRecordOrder = Exclude<RelayOrder, { resend: TransactionKey }>;

/** The record an order makes, its callback body plain (the relay seals it), and who asked. */
export function transactionOf(order: NewRecordOrder): { transaction: NewTransaction; requester: CallRequester; touchRound: boolean } {
  switch (order.by) {
    case "PROVIDER": {
      const { request, rawBody } = order;
      const rawMetadata = rawBody === undefined || request.metadata === undefined ? undefined : rawJsonMember(rawBody, "metadata");
      return {
        transaction: recordOf(order.ticket.key.providerId, order.operatorId, request, order.ticket.fingerprint, rawMetadata),
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
