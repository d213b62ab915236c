export interface paths {
    "/v1/wallet/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Returns the player's balance. Called live for a provider balance query (a failure surfaces to
         *     the provider) and best-effort by stale-round reconciliation (a failure never blocks it).
         *     The signature covers the query string, so playerRef cannot be swapped.
         */
        get: operations["getPlayerBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/wallet/transaction": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Applies a BET, WIN, ROLLBACK or ADJUSTMENT to the player's balance.
         *     Idempotency (required): cache the response of every processed transactionId per player and
         *     replay it verbatim on a repeat without re-applying the change. ROLLBACK: look up the bet named
         *     by originalTransactionId and refund its amount. Stale-round reconciliation sends a ROLLBACK with
         *     transactionId `stale-rollback:<original transactionId>` and sessionToken
         *     `system:stale-round-reconciler`; handle it like any other rollback. A platform admin's manual
         *     correction is an ADJUSTMENT with a direction, transactionId and roundId `adjustment:<id>`,
         *     sessionToken `system:admin-adjustment` and, when the admin gave one, metadata `{ "reason" }`.
         *     Answer DECLINED only for a BET; a failure to apply anything else must be a non-200.
         */
        post: operations["applyTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * Format: int64
         * @description An amount in the currency's minor unit (for example cents), never a float.
         *     At least 0 and at most 2^53-1, the largest integer a JSON number carries exactly.
         */
        AmountMinor: number;
        /**
         * Format: int64
         * @description A balance in the currency's minor unit, as reported by the operator's wallet.
         *     Not constrained to be non-negative: an operator may allow an overdraft. Its magnitude is at
         *     most 2^53-1, the largest integer a JSON number carries exactly.
         */
        BalanceMinor: number;
        /**
         * @description A player's balance in minor units, from the operator's wallet (or the fun-play balance of a DEMO session).
         * @example {
         *       "balance": 125000
         *     }
         */
        BalanceResponse: {
            /** @description The balance, minor units. */
            balance: components["schemas"]["BalanceMinor"];
        };
        /**
         * @description An uppercase ISO-4217 currency code such as `EUR`. Validation is case-sensitive: a malformed
         *     or lowercase code is rejected with 400.
         */
        CurrencyCode: string;
        /**
         * @description The direction of an ADJUSTMENT's balance move.
         * @enum {string}
         */
        Direction: "DEBIT" | "CREDIT";
        /**
         * @description The JSON body of every error an endpoint raises itself: `{ "error": <message> }`.
         * @example {
         *       "error": "invalid request"
         *     }
         */
        ErrorBody: {
            /** @description A human-readable message. Clients branch on the HTTP status, not on this text. */
            error: string;
        };
        /**
         * @description A non-empty opaque identifier (player reference, game id, round id, session token, campaign id,
         *     idempotency key, transaction id): 1 to 255 characters.
         */
        Identifier: string;
        /**
         * @description The plain-text body of a signature failure: always the literal text `invalid signature`.
         * @example invalid signature
         * @enum {string}
         */
        InvalidSignatureText: "invalid signature";
        /**
         * @description One wallet transaction: sent by a provider to the service, and by the service to the operator's
         *     wallet callback. Ledger rule: balance delta = sum(CREDIT) - sum(DEBIT); BET debits, WIN credits,
         *     ROLLBACK credits back the reversed BET, ADJUSTMENT carries its direction.
         *
         *     Type-conditional rules the server enforces (400 when broken): ROLLBACK requires
         *     originalTransactionId; direction is present only on ADJUSTMENT; ADJUSTMENT is refused on the
         *     provider-facing endpoint; metadata must be a JSON object of at most 8 KiB (serialized).
         *     Unknown properties are ignored.
         * @example {
         *       "transactionId": "tx-7f3c9a12-0001",
         *       "sessionToken": "st_9b2f4c7e1d8a4f0b",
         *       "type": "BET",
         *       "roundId": "round-20260115-000042",
         *       "roundComplete": false,
         *       "playerRef": "player-10042",
         *       "amount": 250,
         *       "currency": "EUR",
         *       "gameId": "starfall"
         *     }
         */
        TransactionRequest: {
            /**
             * @description Generated by the provider, reused verbatim on every retry; the idempotency anchor. The
             *     reconciler's synthetic rollback uses `stale-rollback:` followed by the original bet's
             *     transactionId, so providers keep their ids to at most 240 characters. An ADJUSTMENT the
             *     platform admin sends uses `adjustment:` followed by the admin's own id (also its roundId).
             */
            transactionId: components["schemas"]["Identifier"];
            /**
             * @description Opaque token of the session created by launch. On a reconciler rollback sent to an operator
             *     it is the sentinel `system:stale-round-reconciler`; on an admin ADJUSTMENT,
             *     `system:admin-adjustment`. There is no operatorId on the wire.
             */
            sessionToken: components["schemas"]["Identifier"];
            /** @description BET, WIN, ROLLBACK or ADJUSTMENT. */
            type: components["schemas"]["TransactionType"];
            /** @description Groups the transactions of one round; unique only within a (provider, operator) pair and meaningful only with gameId. */
            roundId: components["schemas"]["Identifier"];
            /** @description true on the BET or WIN that ends the round. Meaningful only for BET and WIN; ignored for ROLLBACK and ADJUSTMENT. */
            roundComplete?: boolean;
            /** @description Only for ROLLBACK (required there): transactionId of the BET being reversed. Absent for other types. */
            originalTransactionId?: components["schemas"]["Identifier"];
            /** @description The operator's own player identifier, the same as passed to launch; must match the session. */
            playerRef: components["schemas"]["Identifier"];
            /** @description Minor units, >= 0. A zero-amount WIN is valid. */
            amount: components["schemas"]["AmountMinor"];
            /** @description Uppercase ISO-4217; must match the session's currency. */
            currency: components["schemas"]["CurrencyCode"];
            /** @description Must match the session's game. */
            gameId: components["schemas"]["Identifier"];
            /** @description Only for ADJUSTMENT: the direction of the balance move. Absent for BET, WIN and ROLLBACK (implied by type). */
            direction?: components["schemas"]["Direction"];
            /**
             * @description Opaque JSON object, at most 8 KiB serialized, stored and forwarded verbatim, never interpreted.
             *     Accepted on any type. An array, string, number or null is rejected with 400 before reaching the operator.
             */
            metadata?: Record<string, unknown>;
        };
        /**
         * @description The wallet's answer to a transaction. DECLINED is valid only for BET; WIN, ROLLBACK and
         *     ADJUSTMENT are never declined: a failure to apply them is a non-200 status.
         * @example {
         *       "status": "OK",
         *       "balance": 124750
         *     }
         */
        TransactionResponse: {
            /** @description OK (applied) or DECLINED (BET only, final business decline). */
            status: components["schemas"]["TransactionStatus"];
            /** @description The balance after applying the transaction (or unchanged, when declined), minor units. */
            balance: components["schemas"]["BalanceMinor"];
        };
        /**
         * @description The outcome of a transaction the wallet answered with 200.
         * @enum {string}
         */
        TransactionStatus: "OK" | "DECLINED";
        /**
         * @description The kind of a wallet transaction. ADJUSTMENT is a rare platform-internal admin action (manual
         *     balance correction): the provider-facing transaction endpoint refuses it with 400, and only the
         *     platform sends it to an operator's wallet.
         * @enum {string}
         */
        TransactionType: "BET" | "WIN" | "ROLLBACK" | "ADJUSTMENT";
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getPlayerBalance: {
        parameters: {
            query: {
                /** @description The operator's player identifier. */
                playerRef: components["schemas"]["Identifier"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The player's balance in minor units. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BalanceResponse"];
                };
            };
            /**
             * @description 401. Two shapes share this status. Plain text `invalid signature` (not JSON): unknown tenant, a
             *     missing signing header, a malformed or out-of-tolerance timestamp, a signature that matches none of
             *     the tenant's valid secrets, or a signature of the wrong role; this check precedes any handler.
             *     JSON `{ "error": ... }`: `replayed request` when the nonce was already used by this tenant within
             *     the tolerance window, or, where a session token is sent, an invalid or expired token.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Any other non-200 answer of an operator's wallet callback or a provider's webhook. The platform treats
             *     every non-200 as a failure; a descriptive JSON body is logged and, for a failed grant, recorded.
             */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    applyTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransactionRequest"];
            };
        };
        responses: {
            /** @description Applied (OK) or, for a BET only, DECLINED; with the balance after it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionResponse"];
                };
            };
            /**
             * @description 401. Two shapes share this status. Plain text `invalid signature` (not JSON): unknown tenant, a
             *     missing signing header, a malformed or out-of-tolerance timestamp, a signature that matches none of
             *     the tenant's valid secrets, or a signature of the wrong role; this check precedes any handler.
             *     JSON `{ "error": ... }`: `replayed request` when the nonce was already used by this tenant within
             *     the tolerance window, or, where a session token is sent, an invalid or expired token.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Any other non-200 answer of an operator's wallet callback or a provider's webhook. The platform treats
             *     every non-200 as a failure; a descriptive JSON body is logged and, for a failed grant, recorded.
             */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
}
