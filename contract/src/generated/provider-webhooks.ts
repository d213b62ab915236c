export interface paths {
    "/v1/game/free-spins/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a free-spin batch
         * @description Voids the batch's remaining unused spins. 200 with any body (ignored); on a non-200 the platform keeps its grant active.
         */
        post: operations["cancelFreeSpins"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/game/free-spins/grant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Grant a free-spin batch
         * @description Grants a batch. Any non-200 marks the platform's grant failed and its body is logged, so make it descriptive.
         */
        post: operations["grantFreeSpins"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/game/free-spins/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a free-spin batch's progress
         * @description Reports a batch's progress; pulled on demand, never polled.
         */
        post: operations["getFreeSpinsStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/game/session/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a session
         * @description A session was force-ended (kick, self-exclusion, fraud hold, expiry). Best effort; 200 with any body (ignored).
         */
        post: operations["revokeSession"];
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
         * @description The JSON error body a callee (operator wallet, provider webhook receiver) may answer with.
         * @example {
         *       "error": "replayed request"
         *     }
         */
        CallbackErrorBody: {
            /** @description A human-readable message; the platform logs it and, for a failed grant, records it. */
            error: string;
        };
        /**
         * @description Void the remaining spins of a batch; spins already taken stand.
         * @example {
         *       "externalRef": "star-fs-000981",
         *       "playerRef": "player-10042",
         *       "gameId": "starfall"
         *     }
         */
        CancelFreeSpinsRequest: {
            /** @description The provider's identifier for the batch. */
            externalRef: components["schemas"]["Identifier"];
            /** @description The player of the batch. */
            playerRef: components["schemas"]["Identifier"];
            /** @description The game of the batch. */
            gameId: components["schemas"]["Identifier"];
        };
        /**
         * Format: int64
         * @description A count (of spins, sessions, milliseconds): an integer from 0 to 2^53-1.
         */
        Count: number;
        /**
         * @description An uppercase ISO-4217 currency code such as `EUR`. Validation is case-sensitive: a malformed
         *     or lowercase code is rejected with 400.
         */
        CurrencyCode: string;
        /**
         * @description Ask how far a batch has been played.
         * @example {
         *       "externalRef": "star-fs-000981",
         *       "playerRef": "player-10042",
         *       "gameId": "starfall"
         *     }
         */
        FreeSpinsStatusRequest: {
            /** @description The provider's identifier for the batch. */
            externalRef: components["schemas"]["Identifier"];
            /** @description The player of the batch. */
            playerRef: components["schemas"]["Identifier"];
            /** @description The game of the batch. */
            gameId: components["schemas"]["Identifier"];
        };
        /**
         * @description How far a batch has been played.
         * @example {
         *       "remainingSpins": 4,
         *       "completed": false
         *     }
         */
        FreeSpinsStatusResponse: {
            /** @description Spins not yet taken. */
            remainingSpins: components["schemas"]["Count"];
            /** @description true when every spin has been played. */
            completed: boolean;
        };
        /**
         * @description Grant a batch of free spins. requestRef may arrive more than once: deduplicate on it.
         * @example {
         *       "requestRef": "3b8f5c2e-7d41-4a9e-9c1f-2a6b0d4e8f17",
         *       "playerRef": "player-10042",
         *       "gameId": "starfall",
         *       "spins": 10,
         *       "betAmountMinor": 20,
         *       "currency": "EUR"
         *     }
         */
        GrantFreeSpinsRequest: {
            /** @description The platform's local id of the grant batch (the grant id); the idempotency key. */
            requestRef: components["schemas"]["Identifier"];
            /** @description The operator's player identifier. */
            playerRef: components["schemas"]["Identifier"];
            /** @description The game the spins are for. */
            gameId: components["schemas"]["Identifier"];
            /** @description The number of spins, at least 1. */
            spins: components["schemas"]["SpinCount"];
            /** @description Stake per spin in minor units; 0 means use the provider's default stake. */
            betAmountMinor: components["schemas"]["AmountMinor"];
            /** @description The currency of the stake. */
            currency: components["schemas"]["CurrencyCode"];
        };
        /**
         * @description The provider's acceptance of a batch.
         * @example {
         *       "externalRef": "star-fs-000981"
         *     }
         */
        GrantFreeSpinsResponse: {
            /** @description The provider's identifier for the batch; used for status and cancel. */
            externalRef: components["schemas"]["Identifier"];
        };
        /**
         * @description A non-empty opaque identifier (player reference, game id, round id, session token, campaign id,
         *     idempotency key, transaction id): 1 to 255 characters, none of them a control character (U+0000
         *     to U+001F, U+007F to U+009F), a line or paragraph separator (U+2028, U+2029) or a bidirectional
         *     control (U+202A to U+202E, U+2066 to U+2069): an identifier is logged, shown to people and
         *     forwarded to other parties, where a NUL, a line break, an escape sequence or a reordering of the
         *     text would truncate, forge or garble what they read. An unpaired surrogate (a JSON escape such as
         *     `\ud800` alone) is no character at all and cannot be stored or forwarded as sent. Such an
         *     identifier is answered with 400. (The pattern reads the same with or without a regular
         *     expression's Unicode flag.)
         */
        Identifier: string;
        /**
         * @description The plain-text body of a signature failure: always the literal text `invalid signature`.
         * @example invalid signature
         * @enum {string}
         */
        InvalidSignatureText: "invalid signature";
        /**
         * @description Why the platform ended a session.
         * @enum {string}
         */
        RevokeReason: "KICK" | "SELF_EXCLUSION" | "FRAUD_HOLD" | "EXPIRED";
        /**
         * @description A session was force-ended; stop the game client's play. Best effort: an unreachable provider changes nothing.
         * @example {
         *       "sessionToken": "st_9b2f4c7e1d8a4f0b",
         *       "playerRef": "player-10042",
         *       "gameId": "starfall",
         *       "reason": "KICK"
         *     }
         */
        SessionRevokeRequest: {
            /** @description The revoked session's token; its next wallet call fails with 401. */
            sessionToken: components["schemas"]["Identifier"];
            /** @description The session's player. */
            playerRef: components["schemas"]["Identifier"];
            /** @description The session's game. */
            gameId: components["schemas"]["Identifier"];
            /** @description KICK, SELF_EXCLUSION, FRAUD_HOLD or EXPIRED. */
            reason: components["schemas"]["RevokeReason"];
        };
        /**
         * Format: int64
         * @description A number of free spins in a batch: at least 1, at most 2^53-1.
         */
        SpinCount: number;
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    cancelFreeSpins: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CancelFreeSpinsRequest"];
            };
        };
        responses: {
            /** @description A 200 whose body, if any, the platform ignores. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description 401 from a callee. Two shapes share this status: plain text `invalid signature` when the platform's
             *     signature does not verify, JSON `{ "error": "replayed request" }` when its nonce was seen before.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["CallbackErrorBody"];
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
                    "application/json": components["schemas"]["CallbackErrorBody"];
                };
            };
        };
    };
    grantFreeSpins: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GrantFreeSpinsRequest"];
            };
        };
        responses: {
            /** @description The provider's identifier for the batch. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GrantFreeSpinsResponse"];
                };
            };
            /**
             * @description 401 from a callee. Two shapes share this status: plain text `invalid signature` when the platform's
             *     signature does not verify, JSON `{ "error": "replayed request" }` when its nonce was seen before.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["CallbackErrorBody"];
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
                    "application/json": components["schemas"]["CallbackErrorBody"];
                };
            };
        };
    };
    getFreeSpinsStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FreeSpinsStatusRequest"];
            };
        };
        responses: {
            /** @description The batch's remaining spins and whether it is completed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FreeSpinsStatusResponse"];
                };
            };
            /**
             * @description 401 from a callee. Two shapes share this status: plain text `invalid signature` when the platform's
             *     signature does not verify, JSON `{ "error": "replayed request" }` when its nonce was seen before.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["CallbackErrorBody"];
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
                    "application/json": components["schemas"]["CallbackErrorBody"];
                };
            };
        };
    };
    revokeSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SessionRevokeRequest"];
            };
        };
        responses: {
            /** @description A 200 whose body, if any, the platform ignores. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description 401 from a callee. Two shapes share this status: plain text `invalid signature` when the platform's
             *     signature does not verify, JSON `{ "error": "replayed request" }` when its nonce was seen before.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["CallbackErrorBody"];
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
                    "application/json": components["schemas"]["CallbackErrorBody"];
                };
            };
        };
    };
}
