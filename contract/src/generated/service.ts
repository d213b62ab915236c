export interface paths {
    "/backoffice/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who is signed in
         * @description Who is signed in; 401 when not signed in or the session has ended.
         */
        get: operations["backofficeMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backoffice/api/operators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The operators' settings
         * @description The operators' configuration, without secrets: every operator for a platform account, its own
         *     for an operator account. 401: not signed in.
         */
        get: operations["backofficeListOperators"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backoffice/api/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in to the back office
         * @description Signs in with a back-office account and sets the session cookie. Attempts are rate limited per
         *     address (20, then one every 6 seconds) and then per username (5, then one a minute), counted
         *     whether they succeed or not, for the whole cluster (decisions.md §5). 400: invalid body. 401: wrong
         *     username or password (one answer for both). 403: a request the browser marks cross-site
         *     (`Sec-Fetch-Site: cross-site`). 415: a Content-Type other than `application/json`. 429: too many
         *     attempts, with Retry-After.
         */
        post: operations["backofficeSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backoffice/api/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out of the back office
         * @description Ends the session server-side and clears the cookie. 401: not signed in. 403: no CSRF token.
         */
        post: operations["backofficeSignOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backoffice/api/studio-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List studio accounts
         * @description The game studios' accounts, by username; only those of `providerId` when given. A platform account's (403 for an
         *     operator's or a studio's). 400, 401, 403, 500.
         */
        get: operations["backofficeListStudioAccounts"];
        put?: never;
        /**
         * Create a studio account
         * @description Creates a game studio's account with a generated password, answered once. A platform manager's (403 for a
         *     platform viewer, an operator's or a studio's account). Audited as ACCOUNT_ADD in the studio's audit log.
         *     400: a malformed username or an unknown provider. 409: the username is taken. 401, 403, 500.
         */
        post: operations["backofficeCreateStudioAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backoffice/api/studio-accounts/{username}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a studio account
         * @description Removes a game studio's account and ends its sessions at once. A platform manager's (403 as for creating). Audited
         *     as ACCOUNT_REMOVE in the studio's audit log. 404: no studio account by that username (an operator's or the
         *     platform's account is not removed here). 401, 403, 500.
         */
        delete: operations["backofficeRemoveStudioAccount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check liveness
         * @description Answers 200 `{"status":"ok"}` once the service is up. No signing headers.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Scrape metrics
         * @description This instance's metrics in Prometheus text format: requests, wallet calls, pending and problem transactions.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/api/callback-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set the wallet callback URL
         * @description Sets or changes the operator's callback base URL, effective immediately with no activation
         *     step. The first time it is set, the callback timeout is seeded at 5000 ms.
         *     400: not an absolute http(s) URL (or a forbidden address). 401, 403 (signed with the previous secret), 429, 500.
         */
        post: operations["setCallbackUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/api/revoke-previous-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End the previous secret's grace period
         * @description Ends the previous secret's grace period at once: from this answer on, only the current secret verifies. For
         *     when the old secret leaked. Current secret only; no request body. Idempotent: with no previous secret in grace
         *     it answers the same. 400 (invalid nonce), 401, 403 (signed with the previous secret), 429, 500.
         */
        post: operations["revokePreviousSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/api/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the tenant secret
         * @description Rotates the tenant's shared secret with no approval step. The old secret keeps working until
         *     previousSecretValidUntil (7 days by default); a secret still in grace from an earlier rotation stops working
         *     at once. No request body. 400 (invalid nonce), 401, 403 (signed with the previous secret), 429, 500.
         */
        post: operations["rotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/api/test-call": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the wallet a test balance call
         * @description Sends one signed balance call (`GET {callbackUrl}/v1/wallet/balance?playerRef=`) to the
         *     operator's wallet, as a provider's balance request would, and returns what it answered. Read
         *     only: no money moves and nothing is stored. A wallet that fails is a 200 with `ok: false`.
         *     400: invalid body. 503: no callback URL is set yet. 401, 429, 500.
         */
        post: operations["testWalletCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check readiness
         * @description Answers 200 `{"status":"ready"}` while the instance takes traffic (its database answers, its migrations are
         *     applied) and 503 while it drains after SIGTERM or its database does not answer. Load balancers route on this.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/operator/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the audit log
         * @description The operator's audit log, newest first: who did what, when, why and with what result, for every change made
         *     through the API, the back office or the admin CLI (decisions.md §5), refused ones included. 400, 401, 429, 500.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/operator/free-spins/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List usable free-spin campaigns
         * @description Lists the campaigns the operator may issue grants from now, by id: configured for it or for every operator, active,
         *     within their validity window, on a game it sees in a currency the game accepts. 401, 429, 500.
         */
        get: operations["listCampaigns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/operator/free-spins/grants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List free-spin grants
         * @description Lists the tenant's grants in the order they were issued (newest first with order=newest); omitting playerRef lists
         *     every grant the tenant has issued.
         *     At most `limit` a call (200 when not given): when more follow, the X-Next-Cursor header carries the `cursor` of the
         *     next page. A malformed cursor or a limit outside 1-200 is 400. 401, 429, 500.
         */
        get: operations["listGrants"];
        put?: never;
        /**
         * Issue a free-spin grant
         * @description Issues a free-spin batch, synchronously calling the provider's grant webhook. A repeat with the
         *     same (operator, idempotencyKey) returns the original grant unchanged.
         *     400: missing or invalid fields, spins not positive, unsupported currency, or an inactive or
         *     out-of-window campaign. 403: game not visible to the tenant. 404: no such campaign or game.
         *     502: provider call failed (the grant is recorded as failed with lastError). 401, 429, 500.
         */
        post: operations["issueGrant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/operator/free-spins/grants/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a free-spin grant
         * @description Reads one grant of the tenant; another operator's id behaves as nonexistent. 400: id not a UUID. 404. 401, 429, 500.
         */
        get: operations["getGrant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/operator/free-spins/grants/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a free-spin grant
         * @description Cancels an active grant, synchronously calling the provider's cancel webhook; remaining unused
         *     spins are voided, spins already taken stand. 400: not cancellable (pending, cancelled, failed) or
         *     id not a UUID. 404: no such grant. 502: provider cancel failed (the grant stays active; retry).
         *     401, 429, 500.
         */
        post: operations["cancelGrant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/operator/games": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the games visible to the operator
         * @description Lists the games visible to the operator tenant. 401, 429, 500 as for every signed call.
         */
        get: operations["listGames"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/operator/games/launch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Launch a game session
         * @description Creates a session for a player and returns the launch URL and session token.
         *     400: unsupported currency or language, lobbyUrl not an absolute http(s) URL, invalid body.
         *     403: risk control blocks the launch (player blocklist or self-exclusion); generic message only.
         *     404: game nonexistent or not visible to the tenant (REAL only; DEMO skips visibility).
         *     401, 429, 500 as for every signed call.
         */
        post: operations["launchGame"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/operator/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The last hour's figures
         * @description The last hour at a glance: transactions per state and type, wallet calls per outcome with their p50 and p99
         *     latency, open problems per kind, active sessions, and transactions, call outcomes and latency minute by minute.
         *     Read from counters kept per minute as the money moves, never from a scan of the hour's transactions. 401, 429, 500.
         */
        get: operations["getOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/operator/players/kick": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End a player's sessions
         * @description Ends every active session of playerRef under the operator tenant, authoritative immediately;
         *     the next wallet call of the game client fails with 401. Each ended session's provider is
         *     notified best-effort; an unreachable provider does not change the result.
         *     400: playerRef missing. 401, 429, 500.
         */
        post: operations["kickPlayer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/operator/problems": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the problems that need a person
         * @description The queue of problems that need a person, newest first, and the count of open ones per kind. Open problems only,
         *     unless `status` says otherwise. 400, 401, 429, 500.
         */
        get: operations["listProblems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/operator/problems/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-send a problem's transaction now
         * @description Re-sends a problem's transaction to the operator's wallet now: the same transactionId and the byte-identical
         *     stored body, as one more attempt in its delivery log. The attempt is claimed in the database first, so two
         *     re-sends at once (two clicks, two people) make one call: the second is 409. When the wallet applies it the
         *     problem is resolved. Audited as RESEND with the transaction's state after the call.
         *     400: the problem has nothing to re-send (a round, or a BET, whose outcome the reconciler settles by reversing it).
         *     404: no such problem of this operator. 409: already resolved, already settled, or a call for it is in flight.
         *     503: no callback URL is set. 401, 429, 500.
         */
        post: operations["resendProblem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/operator/problems/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a problem resolved
         * @description Marks a problem resolved with a note saying why (for example, settled by hand). The platform sends nothing.
         *     Audited as RESOLVE with the note. 400: no note. 404: no such problem of this operator. 409: already resolved.
         *     401, 429, 500.
         */
        post: operations["resolveProblem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/operator/rounds/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a round replay link
         * @description Mints a replay link for a round. Replay is opt-in per game and only for rounds played after the
         *     provider added recording.
         *     400: roundId or gameId missing, or the game's replayBaseUrl is not configured. 404: no such
         *     round for roundId and gameId under the tenant (another operator's round, or one of another
         *     game, is indistinguishable from nonexistent). 401, 429, 500.
         */
        post: operations["replayRound"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/operator/rounds/{gameId}/{roundId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one round with its transactions
         * @description One round with its transactions in order and its state. 404: no such round of this operator. 401, 429, 500.
         */
        get: operations["getRound"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/operator/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List players' sessions
         * @description Lists the operator's players' sessions, newest first, filtered by every parameter given; active ones unless
         *     `status` says otherwise. A kicked session is gone; an expired one stays listed until the sweep deletes it
         *     (`limits.expiredSessionRetentionSeconds`). 400, 401, 429, 500.
         */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/operator/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the operator's transactions
         * @description Lists the operator's transactions, newest first, filtered by every parameter given, received in the last 24 hours
         *     unless `from` names an earlier instant. 400, 401, 429, 500.
         */
        get: operations["listTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/operator/transactions/{providerId}/{transactionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one transaction with its delivery log
         * @description One transaction in full, with its delivery log. 404: no such transaction of this operator. 401, 429, 500.
         */
        get: operations["getTransaction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/provider/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the provider's audit log
         * @description The provider's own audit log, newest first: its webhook URL, secret rotations and revocations, test webhooks and
         *     re-sends, with who made each, when and the result, refused ones included. 400, 401, 429, 500.
         */
        get: operations["listProviderAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/provider/free-spins/grants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the provider's free-spin grants
         * @description Lists the free-spin grants issued to the provider by every operator it serves, newest first (the order issued,
         *     reversed), with their state and last error, a page at a time: pass `nextCursor` back as `cursor` for the next. A
         *     malformed cursor or a limit outside 1-200 is 400. 401, 429, 500.
         */
        get: operations["listProviderGrants"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/provider/free-spins/grants/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a free-spin grant issued to the provider
         * @description One grant issued to the provider. 404 when the provider has none by that id. 400, 401, 429, 500.
         */
        get: operations["getProviderGrant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/provider/portal/revoke-previous-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End the previous provider secret's grace period
         * @description Ends the previous secret's grace period at once (for when it leaked). Signed calls only, current secret; no
         *     request body; idempotent. Audited as SECRET_REVOKE. 400 (invalid nonce), 401, 403, 429, 500.
         */
        post: operations["revokePreviousProviderSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/provider/portal/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the provider secret
         * @description Rotates the provider's secret with no approval step, as the operators' portal does: the new secret is shown once,
         *     the old one keeps working for ordinary calls until previousSecretValidUntil (7 days by default), and the platform
         *     signs its webhooks with the new one at once. No request body. Audited as SECRET_ROTATE.
         *     400 (invalid nonce), 401, 403, 429, 500.
         */
        post: operations["rotateProviderSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/provider/portal/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the provider's settings
         * @description The provider's webhook URL in effect and its previous secret's grace period. 401, 403, 429, 500.
         */
        get: operations["getStudioSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/provider/portal/test-webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test webhook
         * @description Sends one signed test webhook now (event TEST: a session revoke of a session nobody holds, which changes nothing at
         *     the studio) and answers with its delivery: the provider's answer, status and time, or why it failed. A webhook that
         *     fails is a 200 with outcome FAILED. No request body. Audited as WEBHOOK_TEST. 400 (invalid nonce), 401, 403, 429, 500.
         */
        post: operations["sendTestWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/provider/portal/webhook-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set the webhook URL
         * @description Sets or changes the provider's webhook base URL, effective at once on every instance; it takes precedence over the
         *     deployment's configuration from then on. Audited as WEBHOOK_URL.
         *     400: not an absolute http(s) URL (or a forbidden address). 401, 403, 429, 500.
         */
        post: operations["setWebhookUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/provider/rounds/{operatorId}/{gameId}/{roundId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one of the provider's rounds
         * @description One of the provider's rounds at one operator (a roundId is the provider's own, so it may recur at another operator),
         *     with its transactions in order and its state. 404: no such round of this provider. 401, 429, 500.
         */
        get: operations["getProviderRound"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/provider/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the sessions on the provider's games
         * @description The sessions launched on the provider's games by every operator it serves, newest first; never a session token.
         *     Active ones only unless `status` says otherwise. 400, 401, 429, 500.
         */
        get: operations["listProviderSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/provider/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the provider's transactions
         * @description Lists the provider's transactions at every operator it serves, newest first, filtered by every parameter given;
         *     each names its operator. The filters, pages and 24-hour default window of the operators' list. 400, 401, 429, 500.
         */
        get: operations["listProviderTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/provider/transactions/{transactionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one of the provider's transactions
         * @description One of the provider's transactions in full: the body sent to the operator's wallet (a `sessionToken` shown as
         *     `"[redacted]"`, decisions.md §5) and every wallet call made for it, with its status, failure kind and timing; the
         *     wallet's answer bodies are the operator's and are not shown (`response` null). 404: no such transaction of this
         *     provider. 401, 429, 500.
         */
        get: operations["getProviderTransaction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/provider/webhook-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook deliveries
         * @description Lists the calls the service made to the provider's webhooks, newest first, filtered by every parameter given.
         *     Kept as long as the transactions' delivery log (`limits.deliveryLogRetentionSeconds`). 400, 401, 429, 500.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/provider/webhook-deliveries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a webhook delivery
         * @description One call made to the provider's webhooks. 404 when the provider has none by that id. 401, 429, 500.
         */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/provider/webhook-deliveries/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-send a failed webhook call
         * @description Re-sends a failed call now, where the provider deduplicates it by the same key: a SESSION_REVOKE (by the session
         *     token), a GRANT_ISSUE while its grant is failed (by `requestRef`, the grant's id) or a GRANT_CANCEL while its grant
         *     is active (by `externalRef`). The byte-identical body goes to the webhook URL now in effect, recorded as a new
         *     delivery with the next attempt number. A re-sent issue the provider accepts makes its grant active (with the
         *     provider's externalRef), a re-sent cancel makes it cancelled. Audited as WEBHOOK_RESEND. A studio's viewer account
         *     may not (403).
         *     400: the delivery did not fail, or its event is never re-sent (GRANT_STATUS, TEST). 404: the provider has no
         *     delivery by that id. 409: its grant is no longer in the state the call was about. 401, 403, 429, 500.
         */
        post: operations["resendWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/wallet/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get the player's balance
         * @description Reads the player's balance live from the operator's wallet (playerRef is resolved from the
         *     session) and returns it verbatim; a DEMO session returns its fun-play balance. Moves no money,
         *     is not idempotency-tracked and is not retried by the platform: the caller may retry a failed read.
         *     400: sessionToken missing or empty. 401: no provider identity, or token invalid or expired.
         *     403: session of another provider. 429: rate limited. 500: the operator's balance endpoint
         *     errored or timed out. 503: operator not configured.
         */
        post: operations["getBalance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/wallet/session/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a session token
         * @description Resolves a session token to its player, game, currency, language and mode.
         *     400: sessionToken missing or empty. 401: no provider identity, or the token is invalid or
         *     expired. 403: the session belongs to another provider. 429: rate limited. 500: configuration
         *     resolution failed (the session's operator or game is no longer configured).
         */
        post: operations["verifySession"];
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
         * Settle a BET, WIN or ROLLBACK
         * @description Settles a BET, WIN or ROLLBACK in real time against the operator's wallet (ADJUSTMENT is
         *     refused with 400). Idempotency-tracked on transactionId: a retry with the same transactionId
         *     returns the first outcome, through the session it was made in (even once kicked or expired) or
         *     through a fresh session of the same operator, player and game. A 200 DECLINED is a normal
         *     business outcome for a BET. A retry of a WIN or ROLLBACK whose problem the operator resolved by
         *     hand is answered 200 OK with the wallet's current balance, and never sent again.
         *     400: validation failure, a mismatch with the session (playerRef, gameId, currency), (code
         *     `IDEMPOTENCY_MISMATCH`) a transactionId already used with a different request or through another
         *     operator's or a DEMO session (never forwarded; no retry can fix it), a transactionId starting with one of the
         *     platform's reserved prefixes, `stale-rollback:` and `adjustment:`, or (code `ROUND_CLOSED`) a new
         *     transaction for a round the stale-round reconciler closed: its bets were refunded, and the
         *     provider must not credit the player for it.
         *     401: no provider identity, or session token invalid or expired. 403: session of another
         *     provider. 409: another attempt for this transactionId is in flight; do not retry yet.
         *     429: rate limited. 500: retryable platform failure, including a wallet timeout. 503: game or
         *     operator not configured.
         */
        post: operations["postTransaction"];
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
         * @description One entry of the audit log.
         * @example {
         *       "id": "42",
         *       "at": "2026-01-16T10:05:00Z",
         *       "actor": "api:op-acme",
         *       "action": "RESEND",
         *       "target": "problem 17 (prov-star tx-7f3c9a12-0002)",
         *       "note": null,
         *       "result": "OK"
         *     }
         */
        AuditEntry: {
            /** @description The entry's id. */
            id: string;
            /**
             * Format: date-time
             * @description When it happened.
             */
            at: string;
            /** @description Who did it: `api:<tenantId>` for a signed API call (the operator's, or a provider's in its own log), a back-office user otherwise. */
            actor: string;
            /** @description What was done: one of `AuditKind` (other kinds may be added; treat unknown ones as opaque). */
            action: string;
            /** @description What it was done to. */
            target: string;
            /** @description Why: the note given, when one was. */
            note: string | null;
            /**
             * @description What came of it: for a re-send the transaction's state after the call, for a change refused by the service
             *     `REFUSED: ` and why, for one that failed `FAILED: ` and why.
             */
            result: string | null;
        };
        /**
         * @description What an audit entry records: every change made through the API, the back office or the admin CLI (decisions.md §5).
         * @enum {string}
         */
        AuditKind: "RESEND" | "RESOLVE" | "KICK" | "GRANT_ISSUE" | "GRANT_CANCEL" | "CALLBACK_URL" | "SECRET_ROTATE" | "SECRET_REVOKE" | "TEST_CALL" | "ACCOUNT_ADD" | "ACCOUNT_REMOVE" | "WEBHOOK_URL" | "WEBHOOK_TEST" | "WEBHOOK_RESEND";
        /** @description A page of the audit log, newest first. */
        AuditPage: {
            /** @description At most `limit` entries. */
            items: components["schemas"]["AuditEntry"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        /**
         * @description Who is signed in, and what the back office needs to act for them.
         * @example {
         *       "username": "alice",
         *       "role": "manager",
         *       "operatorId": "op-acme",
         *       "platform": false,
         *       "csrfToken": "Q2hhbmdlIG1lIGV2ZXJ5IHNlc3Npb24",
         *       "expiresAt": "2026-01-15T18:00:00Z"
         *     }
         */
        BackofficeSessionInfo: {
            /** @description The account's username. */
            username: string;
            /**
             * @description `viewer` reads only; `manager` may also re-send, resolve, kick, issue and cancel grants, set the callback URL and rotate the secret.
             * @enum {string}
             */
            role: "viewer" | "manager";
            /** @description The operator the account belongs to; absent for a platform or studio account. */
            operatorId?: components["schemas"]["Identifier"];
            /** @description The provider a studio account belongs to; absent for an operator or platform account. */
            providerId?: components["schemas"]["Identifier"];
            /** @description True for a platform account: it sees every operator and names the one it acts for in `X-Operator-Id`. */
            platform: boolean;
            /** @description Send it as `X-CSRF-Token` on every request but GET. */
            csrfToken: string;
            /**
             * Format: date-time
             * @description When the session ends, RFC 3339; sign in again after.
             */
            expiresAt: string;
        };
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
         * @description A stake: debits the player. The only type that may be DECLINED. It carries neither originalTransactionId nor direction (400).
         * @example {
         *       "type": "BET",
         *       "transactionId": "tx-7f3c9a12-0001",
         *       "sessionToken": "st_9b2f4c7e1d8a4f0b",
         *       "roundId": "round-20260115-000042",
         *       "roundComplete": false,
         *       "playerRef": "player-10042",
         *       "amount": 250,
         *       "currency": "EUR",
         *       "gameId": "starfall"
         *     }
         */
        BetTransaction: {
            /**
             * @description BET. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "BET";
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
            /** @description Groups the transactions of one round; unique only within a (provider, operator) pair and meaningful only with gameId. */
            roundId: components["schemas"]["Identifier"];
            /** @description The operator's own player identifier, the same as passed to launch; must match the session. */
            playerRef: components["schemas"]["Identifier"];
            /** @description Minor units, >= 0. A zero-amount WIN is valid. */
            amount: components["schemas"]["AmountMinor"];
            /** @description Uppercase ISO-4217; must match the session's currency. */
            currency: components["schemas"]["CurrencyCode"];
            /** @description Must match the session's game. */
            gameId: components["schemas"]["Identifier"];
            /**
             * @description Opaque JSON object, at most 8 KiB serialized, stored and forwarded verbatim, never interpreted.
             *     Accepted on any type. An array, string, number or null is rejected with 400 before reaching the operator.
             *     Its limits, which a JSON Schema keyword cannot state, are carried by extensions that the server's validation and
             *     the SDK receivers read: bytes of its compact JSON serialization, and nesting depth of objects and arrays.
             */
            metadata?: Record<string, unknown>;
            /** @description true on the BET that ends the round. */
            roundComplete?: boolean;
        };
        /**
         * @description The operator's callback settings after the change.
         * @example {
         *       "callbackUrl": "https://wallet.casino.example/croupier",
         *       "callbackTimeoutMs": 5000
         *     }
         */
        CallbackSettings: {
            /** @description The callback base URL now in effect. */
            callbackUrl: components["schemas"]["HttpUrl"];
            /** @description The callback timeout in ms: seeded at 5000 the first time a URL is set; raised only by the platform admin team. */
            callbackTimeoutMs: components["schemas"]["Count"];
        };
        /**
         * @description A free-spin grant issued from a campaign template: the game, spins, stake and currency come from the campaign.
         * @example {
         *       "playerRef": "player-10042",
         *       "campaignId": "welcome-10",
         *       "idempotencyKey": "welcome-player-10042"
         *     }
         */
        CampaignGrantRequestBody: {
            /** @description The operator's player identifier. */
            playerRef: components["schemas"]["Identifier"];
            /** @description Scoped to (operator, idempotencyKey): a repeat returns the original grant unchanged and issues no second batch. */
            idempotencyKey: components["schemas"]["Identifier"];
            /**
             * Format: date-time
             * @description RFC 3339; informational only, not enforced by the platform.
             */
            expiresAt?: string;
            /** @description A campaign template visible to the operator. Unknown: 404; inactive or outside its validity window: 400. */
            campaignId: components["schemas"]["Identifier"];
            /** @description Ignored: the campaign's game applies. */
            gameId?: unknown;
            /** @description Ignored: the campaign's spins apply. */
            spins?: unknown;
            /** @description Ignored: the campaign's stake applies. */
            betAmountMinor?: unknown;
            /** @description Ignored: the campaign's currency applies. */
            currency?: unknown;
        };
        /**
         * @description A campaign template the operator may issue grants from now: active, within its validity window, its game visible.
         * @example {
         *       "id": "welcome-10",
         *       "gameId": "starfall",
         *       "spins": 10,
         *       "betAmountMinor": 20,
         *       "currency": "EUR",
         *       "validUntil": "2099-01-01T00:00:00Z"
         *     }
         */
        CampaignSummary: {
            /** @description What a grant names as campaignId. */
            id: components["schemas"]["Identifier"];
            /** @description The game its spins are played on. */
            gameId: components["schemas"]["Identifier"];
            /** @description Spins a grant gives. */
            spins: components["schemas"]["SpinCount"];
            /** @description Stake per spin, minor units; 0: the provider's default stake. */
            betAmountMinor: components["schemas"]["AmountMinor"];
            /** @description The spins' currency. */
            currency: components["schemas"]["CurrencyCode"];
            /** @description When it stops being usable; null when it has no end. */
            validUntil: string | null;
        };
        /**
         * Format: int64
         * @description A count (of spins, sessions, milliseconds): an integer from 0 to 2^53-1.
         */
        Count: number;
        /**
         * @description Create a studio account: the service generates its password and answers it once.
         * @example {
         *       "username": "star-desk",
         *       "providerId": "prov-star",
         *       "role": "viewer"
         *     }
         */
        CreateStudioAccountRequest: {
            /** @description 1 to 64 characters from `A-Z a-z 0-9 . _ @ -`, not taken by any account. */
            username: components["schemas"]["Identifier"];
            /** @description A configured provider. */
            providerId: components["schemas"]["Identifier"];
            /** @enum {string} */
            role: "viewer" | "manager";
        };
        /**
         * @description The account created, with its password: shown this once, stored only as a hash.
         * @example {
         *       "username": "star-desk",
         *       "providerId": "prov-star",
         *       "role": "viewer",
         *       "password": "bW9vbnNob3Qtc2FuZGJveC0x"
         *     }
         */
        CreatedStudioAccount: {
            /** @description The account's username. */
            username: string;
            /** @description The provider (game studio) the account belongs to. */
            providerId: components["schemas"]["Identifier"];
            /**
             * @description `viewer` reads only; `manager` may also re-send failed webhook calls, set the webhook URL and rotate the secret.
             * @enum {string}
             */
            role: "viewer" | "manager";
            /** @description A generated password (24 characters), shown once: hand it to the studio. */
            password: string;
        };
        /**
         * @description An uppercase ISO-4217 currency code such as `EUR`. Validation is case-sensitive: a malformed
         *     or lowercase code is rejected with 400.
         */
        CurrencyCode: string;
        /**
         * @description A free-spin grant described in full by the request.
         * @example {
         *       "playerRef": "player-10042",
         *       "gameId": "starfall",
         *       "spins": 10,
         *       "betAmountMinor": 20,
         *       "currency": "EUR",
         *       "idempotencyKey": "grant-2026-01-15-player-10042",
         *       "expiresAt": "2026-02-15T00:00:00Z"
         *     }
         */
        DirectGrantRequestBody: {
            /** @description The operator's player identifier. */
            playerRef: components["schemas"]["Identifier"];
            /** @description Scoped to (operator, idempotencyKey): a repeat returns the original grant unchanged and issues no second batch. */
            idempotencyKey: components["schemas"]["Identifier"];
            /**
             * Format: date-time
             * @description RFC 3339; informational only, not enforced by the platform.
             */
            expiresAt?: string;
            /** @description Not part of this form: a request that names a campaign is a CampaignGrantRequestBody. */
            campaignId?: components["schemas"]["Identifier"];
            /** @description The game; it must be visible to the tenant (403) and exist (404). */
            gameId: components["schemas"]["Identifier"];
            /** @description The number of spins; must be > 0. */
            spins: components["schemas"]["SpinCount"];
            /** @description Stake per spin, minor units; omit or 0 to use the wallet's default stake. */
            betAmountMinor?: components["schemas"]["AmountMinor"];
            /** @description The currency of the stake; it must be supported by the game's provider (400). */
            currency: components["schemas"]["CurrencyCode"];
        };
        /**
         * @description The JSON body of every error the service answers: `{ "error": <message>, "code": <ErrorCode> }`.
         * @example {
         *       "error": "invalid request",
         *       "code": "bad_request"
         *     }
         */
        ErrorBody: {
            /** @description A human-readable message, for people and logs. Programs branch on `code`, which is stable. */
            error: string;
            /** @description The machine-readable kind of the error (see ErrorCode). */
            code: components["schemas"]["ErrorCode"];
        };
        /**
         * @description What went wrong, for a program to branch on: stable across releases, unlike the `error` text. Every
         *     error the service answers carries it, as the body's `code` and as the `X-Error-Code` header; the
         *     plain-text 401 `invalid signature` carries it in the header only.
         * @enum {string}
         */
        ErrorCode: "invalid_nonce" | "bad_request" | "transaction_id_of_another_provider" | "original_transaction_of_another_provider" | "ROUND_CLOSED" | "IDEMPOTENCY_MISMATCH" | "invalid_signature" | "replayed_request" | "unauthenticated" | "forbidden" | "current_secret_required" | "not_found" | "unsupported_media_type" | "conflict" | "rate_limited" | "retryable_failure" | "internal" | "upstream_failed" | "not_configured";
        /**
         * @description Whether a session plays with real money against the operator's wallet or with a fun-play balance.
         * @enum {string}
         */
        GameMode: "REAL" | "DEMO";
        /**
         * @description A game visible to the operator tenant.
         * @example {
         *       "gameId": "starfall",
         *       "name": "Starfall",
         *       "provider": "Star Studio",
         *       "currencies": [
         *         "EUR",
         *         "USD"
         *       ],
         *       "supportedLanguages": [
         *         "en",
         *         "de"
         *       ],
         *       "launchBaseUrl": "https://games.example/starfall",
         *       "replayBaseUrl": "https://games.example/replay"
         *     }
         */
        GameSummary: {
            /** @description The game's identifier, as used by launch. */
            gameId: string;
            /** @description The display name. */
            name: string;
            /** @description The name of the game's provider (studio), as the platform team configured it, for display in a lobby. */
            provider: string;
            /** @description ISO-4217 codes the game's provider supports, shared by all its games; launch currency is validated against them. */
            currencies: components["schemas"]["CurrencyCode"][];
            /** @description BCP-47 tags the provider supports; launch language is validated against them. */
            supportedLanguages: string[];
            /** @description The provider's game client URL; launch appends the session token. */
            launchBaseUrl: string;
            /** @description The provider's replay page URL; the empty string when the game does not support round replay. */
            replayBaseUrl: string;
        };
        /**
         * Format: uuid
         * @description A free-spin grant id: a UUID. A grant id that is not a UUID is answered with 400.
         */
        GrantId: string;
        /**
         * @description The order of a grant list.
         * @enum {string}
         */
        GrantListOrder: "issued" | "newest";
        /**
         * @description The operator-side record of a free-spin grant.
         * @example {
         *       "id": "3b8f5c2e-7d41-4a9e-9c1f-2a6b0d4e8f17",
         *       "operatorId": "op-acme",
         *       "providerId": "prov-star",
         *       "gameId": "starfall",
         *       "playerRef": "player-10042",
         *       "spins": 10,
         *       "betAmountMinor": 20,
         *       "currency": "EUR",
         *       "externalRef": "star-fs-000981",
         *       "status": "active",
         *       "idempotencyKey": "grant-2026-01-15-player-10042",
         *       "expiresAt": "2026-02-15T00:00:00Z",
         *       "createdAt": "2026-01-15T10:00:00Z",
         *       "updatedAt": "2026-01-15T10:00:01Z"
         *     }
         */
        GrantResponseBody: {
            /** @description The grant's id (a UUID), also sent to the provider as requestRef. */
            id: components["schemas"]["GrantId"];
            /** @description The campaign the grant was issued from, when any. */
            campaignId?: string;
            /** @description The issuing operator tenant. */
            operatorId: string;
            /** @description The provider of the game. */
            providerId: string;
            /** @description The game the spins are for. */
            gameId: string;
            /** @description The player who receives the spins. */
            playerRef: string;
            /** @description The number of spins in the batch. */
            spins: components["schemas"]["Count"];
            /** @description Stake per spin, minor units; 0 means the default stake. */
            betAmountMinor: components["schemas"]["AmountMinor"];
            /** @description The currency of the stake. */
            currency: components["schemas"]["CurrencyCode"];
            /** @description The provider's identifier for the batch; absent (or empty) until the provider call succeeds. */
            externalRef?: string;
            /** @description pending, active, cancelled or failed. */
            status: components["schemas"]["GrantStatus"];
            /** @description The idempotency key the grant was issued with. */
            idempotencyKey: string;
            /** @description RFC 3339; informational only. */
            expiresAt?: string;
            /** @description Why the provider call failed; present when status is failed. */
            lastError?: string;
            /** @description When the grant was recorded (RFC 3339). */
            createdAt: string;
            /** @description When the grant last changed (RFC 3339). */
            updatedAt: string;
        };
        /**
         * @description The state of a free-spin grant. `expired` and `completed` are reserved names and never issued.
         *     A failed provider grant call leaves the grant failed (lastError set, idempotencyKey consumed);
         *     only an active grant is cancellable.
         * @enum {string}
         */
        GrantStatus: "pending" | "active" | "cancelled" | "failed";
        /**
         * @description The liveness answer.
         * @example {
         *       "status": "ok"
         *     }
         */
        HealthResponse: {
            /**
             * @description Always `ok` once the service is up.
             * @enum {string}
             */
            status: "ok";
        };
        /**
         * Format: uri
         * @description An absolute http(s) URL (scheme `http` or `https`, in any letter case as URL schemes are, then `://`), with no
         *     space, control character or unpaired surrogate in it (percent-encode them).
         */
        HttpUrl: string;
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
         * @description Issue a free-spin batch to a player, in one of two forms. With campaignId (a campaign grant),
         *     gameId, spins, betAmountMinor and currency are ignored, whatever they hold, and read from the
         *     campaign. Without it (a direct grant), gameId, spins (> 0) and currency are required (400
         *     otherwise). Unknown properties are ignored.
         */
        IssueGrantRequestBody: components["schemas"]["CampaignGrantRequestBody"] | components["schemas"]["DirectGrantRequestBody"];
        /**
         * @description End every active session of a player.
         * @example {
         *       "playerRef": "player-10042"
         *     }
         */
        KickPlayerRequestBody: {
            /** @description The player whose sessions end; missing is 400. */
            playerRef: components["schemas"]["Identifier"];
        };
        /**
         * @description The result of a kick.
         * @example {
         *       "revokedCount": 1
         *     }
         */
        KickPlayerResponse: {
            /** @description The number of sessions actually ended; 0 is success too. */
            revokedCount: components["schemas"]["Count"];
        };
        /**
         * @description Launch a game for a player. Unknown properties are ignored.
         * @example {
         *       "playerRef": "player-10042",
         *       "gameId": "starfall",
         *       "currency": "EUR",
         *       "mode": "REAL",
         *       "language": "en",
         *       "lobbyUrl": "https://casino.example/lobby"
         *     }
         */
        LaunchGameRequestBody: {
            /** @description The operator's own player identifier. */
            playerRef: components["schemas"]["Identifier"];
            /** @description The game to launch; must exist and, for REAL, be visible to the operator tenant (else 404). */
            gameId: components["schemas"]["Identifier"];
            /** @description Must be one of the game's currencies (else 400). */
            currency: components["schemas"]["CurrencyCode"];
            /** @description REAL (operator wallet) or DEMO (fun-play balance; skips the visibility check). */
            mode: components["schemas"]["GameMode"];
            /** @description BCP-47 tag; must be in the game's supportedLanguages when given (else 400). If omitted the game uses its own default. */
            language?: string;
            /**
             * @description Absolute http(s) URL (else 400); appended to launchUrl as `&lobby=<URL-encoded lobbyUrl>`.
             *     The game's back-to-lobby control navigates the top window there.
             */
            lobbyUrl?: components["schemas"]["HttpUrl"];
        };
        /**
         * @description A launched session.
         * @example {
         *       "launchUrl": "https://games.example/starfall?token=st_9b2f4c7e1d8a4f0b&lang=en&lobby=https%3A%2F%2Fcasino.example%2Flobby",
         *       "sessionToken": "st_9b2f4c7e1d8a4f0b"
         *     }
         */
        LaunchGameResponse: {
            /**
             * @description Embed in an iframe: launchBaseUrl + `?token=<sessionToken>` (`&token=` when the base already has
             *     a query), then `&lang=<language>` when given, `&mode=DEMO` for demo, `&lobby=<URL-encoded lobbyUrl>` when given.
             */
            launchUrl: string;
            /** @description The session token (also embedded in launchUrl). */
            sessionToken: string;
        };
        /**
         * @description Why the instance is not ready.
         * @example {
         *       "status": "draining"
         *     }
         */
        NotReadyBody: {
            /**
             * @description `draining`: the instance is stopping (SIGTERM) and finishes what it has; `database unavailable`: the database did not answer.
             * @enum {string}
             */
            status: "draining" | "database unavailable";
        };
        /**
         * @description Free text a person writes (a note): line breaks and tabs are allowed; other control characters (U+0000 to U+001F,
         *     U+007F to U+009F) and unpaired surrogates are not, since no database or screen keeps them as written.
         */
        Note: string;
        /**
         * @description An operator's configuration as the back office shows it; never its secret.
         * @example {
         *       "id": "op-acme",
         *       "callbackUrl": "https://wallet.casino.example/croupier",
         *       "callbackTimeoutMs": 5000,
         *       "providers": [
         *         "prov-star"
         *       ],
         *       "blockedPlayerCount": 1,
         *       "rateLimit": {
         *         "requestsPerSecond": 100,
         *         "burst": 200
         *       }
         *     }
         */
        OperatorSettings: {
            /** @description The operator's tenant id. */
            id: components["schemas"]["Identifier"];
            /** @description The wallet callback base URL; absent until one is set. */
            callbackUrl?: components["schemas"]["HttpUrl"];
            /** @description The wallet callback timeout in ms. */
            callbackTimeoutMs: components["schemas"]["Count"];
            /** @description Providers whose games the operator may see and launch. */
            providers: components["schemas"]["Identifier"][];
            /** @description How many players the configuration blocks. */
            blockedPlayerCount: components["schemas"]["Count"];
            /** @description The operator's rate limit. */
            rateLimit: components["schemas"]["RateLimitSettings"];
        };
        /** @description One minute of the window, for the overview's charts. */
        OverviewMinute: {
            /**
             * Format: date-time
             * @description The minute's start.
             */
            at: string;
            /** @description Transactions received in the minute. */
            transactions: components["schemas"]["Count"];
            /** @description Calls started in the minute that the wallet answered with an applied result. */
            OK: components["schemas"]["Count"];
            /** @description Calls started in the minute that the wallet declined. */
            DECLINED: components["schemas"]["Count"];
            /** @description Calls started in the minute that failed. */
            FAILED: components["schemas"]["Count"];
            /** @description Calls started in the minute that got no answer in time. */
            TIMED_OUT: components["schemas"]["Count"];
            /** @description Calls started in the minute that have not ended (still out, or cut short by a stopped service). */
            UNFINISHED: components["schemas"]["Count"];
            /** @description Mean duration of the minute's finished calls, in ms; null when there were none. */
            latencyAvgMs: components["schemas"]["Count"] | null;
            /** @description 95th-percentile duration of the minute's finished calls, in ms, read from the latency buckets; null when there were none. */
            latencyP95Ms: components["schemas"]["Count"] | null;
        };
        /**
         * @description What happened over the last hour, for the back office's overview.
         * @example {
         *       "from": "2026-01-16T09:00:00Z",
         *       "to": "2026-01-16T10:00:00Z",
         *       "transactions": {
         *         "total": 120,
         *         "PENDING": 0,
         *         "OK": 117,
         *         "DECLINED": 2,
         *         "FAILED": 1,
         *         "TIMED_OUT": 0,
         *         "BET": 60,
         *         "WIN": 58,
         *         "ROLLBACK": 2,
         *         "ADJUSTMENT": 0
         *       },
         *       "walletCalls": {
         *         "total": 122,
         *         "OK": 117,
         *         "DECLINED": 2,
         *         "FAILED": 3,
         *         "TIMED_OUT": 0,
         *         "UNFINISHED": 0,
         *         "latencyP50Ms": 12,
         *         "latencyP99Ms": 140
         *       },
         *       "openProblems": {
         *         "UNSETTLED_CREDIT": 1,
         *         "UNCLOSED_ROUND": 0,
         *         "UNKNOWN_OUTCOME": 0
         *       },
         *       "activeSessions": 14,
         *       "minutes": [
         *         {
         *           "at": "2026-01-16T09:59:00Z",
         *           "transactions": 2,
         *           "OK": 2,
         *           "DECLINED": 0,
         *           "FAILED": 0,
         *           "TIMED_OUT": 0,
         *           "UNFINISHED": 0,
         *           "latencyAvgMs": 11,
         *           "latencyP95Ms": 13
         *         }
         *       ]
         *     }
         */
        OverviewStats: {
            /**
             * Format: date-time
             * @description The window's start: the start of the minute 59 minutes before the current one, so the window is the current
             *     minute and the 59 before it (the figures are kept per minute as the money moves, never scanned).
             */
            from: string;
            /**
             * Format: date-time
             * @description The window's end: when the figures were read.
             */
            to: string;
            /** @description Transactions received in the window. */
            transactions: components["schemas"]["TransactionCounts"];
            /** @description Wallet calls started in the window. */
            walletCalls: components["schemas"]["WalletCallStats"];
            /** @description Open problems per kind, whenever they were opened. */
            openProblems: components["schemas"]["ProblemCounts"];
            /** @description Sessions not expired now. */
            activeSessions: components["schemas"]["Count"];
            /** @description The window minute by minute, oldest first: 60 minutes, the last one the current (partial) minute. */
            minutes: components["schemas"]["OverviewMinute"][];
        };
        /**
         * Format: int32
         * @description A page size: 1 to 200; 50 when omitted.
         */
        PageLimit: number;
        /**
         * @description A problem in the queue.
         * @example {
         *       "id": "17",
         *       "kind": "UNSETTLED_CREDIT",
         *       "providerId": "prov-star",
         *       "transactionId": "tx-7f3c9a12-0002",
         *       "gameId": "starfall",
         *       "roundId": "round-20260115-000042",
         *       "playerRef": "player-10042",
         *       "detail": "wallet answered 500: {\"error\":\"ledger unavailable\"}",
         *       "createdAt": "2026-01-16T10:00:00Z",
         *       "resolvedAt": null,
         *       "resolvedBy": null,
         *       "resolution": null
         *     }
         */
        Problem: {
            /** @description The problem's id, for its actions. */
            id: string;
            /** @description What kind of problem. */
            kind: components["schemas"]["ProblemKind"];
            /** @description The provider of the transaction or round. */
            providerId: string;
            /** @description The transaction (UNSETTLED_CREDIT, UNKNOWN_OUTCOME); null for a round. */
            transactionId: string | null;
            /** @description The game. */
            gameId: string;
            /** @description The round. */
            roundId: string;
            /** @description The player. */
            playerRef: string;
            /** @description What went wrong last, as recorded. */
            detail: string | null;
            /**
             * Format: date-time
             * @description When it joined the queue.
             */
            createdAt: string;
            /** @description When it was resolved: by a person's note, or by the platform when the transaction settled or the round closed. */
            resolvedAt: string | null;
            /** @description Who resolved it (`system` when the platform did). */
            resolvedBy: string | null;
            /** @description The resolution note. */
            resolution: string | null;
        };
        /** @description Open problems per kind. */
        ProblemCounts: {
            UNSETTLED_CREDIT: components["schemas"]["Count"];
            UNCLOSED_ROUND: components["schemas"]["Count"];
            UNKNOWN_OUTCOME: components["schemas"]["Count"];
        };
        /**
         * @description What kind of problem needs a person.
         * @enum {string}
         */
        ProblemKind: "UNSETTLED_CREDIT" | "UNCLOSED_ROUND" | "UNKNOWN_OUTCOME";
        /** @description A page of problems, newest first, with the open count per kind. */
        ProblemPage: {
            /** @description How many open problems of each kind the operator has (whatever the filters and page). */
            counts: components["schemas"]["ProblemCounts"];
            /** @description At most `limit` problems. */
            items: components["schemas"]["Problem"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        /**
         * @description Prometheus text exposition format, version 0.0.4.
         * @example # HELP croupier_http_requests_total Requests answered, by route, method and status.
         */
        PrometheusText: string;
        /** @description A page of the free-spin grants issued to the provider, newest first. */
        ProviderGrantPage: {
            /** @description At most `limit` grants. */
            items: components["schemas"]["GrantResponseBody"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        /** @description A token bucket: sustained requests per second and burst size. */
        RateLimitSettings: {
            /**
             * Format: double
             * @description Sustained requests per second.
             */
            requestsPerSecond: number;
            /**
             * Format: double
             * @description Burst size.
             */
            burst: number;
        };
        /**
         * @description The readiness answer when the instance takes traffic.
         * @example {
         *       "status": "ready"
         *     }
         */
        ReadyResponse: {
            /**
             * @description `ready`: the database answers and its migrations are applied.
             * @enum {string}
             */
            status: "ready";
        };
        /** @description The answer to a removal. */
        RemovedStudioAccount: {
            /** @description The username removed; its sessions ended at once. */
            removed: string;
        };
        /** @description The outcome of a re-send: the problem (resolved when the wallet applied it) and the transaction after the call. */
        ResendResult: {
            /** @description The problem after the call. */
            problem: components["schemas"]["Problem"];
            /** @description The transaction after the call (its delivery log ends with this call). */
            transaction: components["schemas"]["TransactionDetail"];
        };
        /**
         * @description Mark a problem resolved.
         * @example {
         *       "note": "credited by hand in the casino back office, ticket 4711"
         *     }
         */
        ResolveProblemRequestBody: {
            /** @description Why it is resolved: required, 1 to 2,000 characters. */
            note: components["schemas"]["Note"];
        };
        /**
         * @description The answer to revoke-previous-secret: the previous secret no longer verifies anything.
         * @example {
         *       "previousSecretValidUntil": null
         *     }
         */
        RevokedPreviousSecret: {
            /** @description Always null: the grace period is over. */
            previousSecretValidUntil: null;
        };
        /**
         * @description Reverses the BET named by originalTransactionId: credits its amount back. It carries no direction (400).
         * @example {
         *       "type": "ROLLBACK",
         *       "transactionId": "tx-7f3c9a12-0003",
         *       "sessionToken": "st_9b2f4c7e1d8a4f0b",
         *       "roundId": "round-20260115-000042",
         *       "originalTransactionId": "tx-7f3c9a12-0001",
         *       "playerRef": "player-10042",
         *       "amount": 250,
         *       "currency": "EUR",
         *       "gameId": "starfall"
         *     }
         */
        RollbackTransaction: {
            /**
             * @description ROLLBACK. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "ROLLBACK";
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
            /** @description Groups the transactions of one round; unique only within a (provider, operator) pair and meaningful only with gameId. */
            roundId: components["schemas"]["Identifier"];
            /** @description The operator's own player identifier, the same as passed to launch; must match the session. */
            playerRef: components["schemas"]["Identifier"];
            /** @description Minor units, >= 0. A zero-amount WIN is valid. */
            amount: components["schemas"]["AmountMinor"];
            /** @description Uppercase ISO-4217; must match the session's currency. */
            currency: components["schemas"]["CurrencyCode"];
            /** @description Must match the session's game. */
            gameId: components["schemas"]["Identifier"];
            /**
             * @description Opaque JSON object, at most 8 KiB serialized, stored and forwarded verbatim, never interpreted.
             *     Accepted on any type. An array, string, number or null is rejected with 400 before reaching the operator.
             *     Its limits, which a JSON Schema keyword cannot state, are carried by extensions that the server's validation and
             *     the SDK receivers read: bytes of its compact JSON serialization, and nesting depth of objects and arrays.
             */
            metadata?: Record<string, unknown>;
            /** @description Required: the transactionId of the BET being reversed. */
            originalTransactionId: components["schemas"]["Identifier"];
            /** @description Ignored on a ROLLBACK (meaningful only for BET and WIN), but must be a boolean when sent. */
            roundComplete?: boolean;
        };
        /**
         * @description A freshly rotated shared secret.
         * @example {
         *       "secret": "sk_4f1e9a7b2c6d8e0f3a5b7c9d1e2f4a6b",
         *       "previousSecretValidUntil": "2026-01-22T10:00:00Z"
         *     }
         */
        RotatedSecret: {
            /** @description The new secret, shown once: it signs every call from now on. */
            secret: string;
            /**
             * Format: date-time
             * @description Until when the previous secret is still accepted (the grace period, 7 days by default), RFC 3339.
             */
            previousSecretValidUntil: string;
        };
        /** @description One round with its transactions in the order the platform received them. */
        RoundDetail: {
            /** @description The provider of the round's game. */
            providerId: string;
            /** @description The game. */
            gameId: string;
            /** @description The provider's round id. */
            roundId: string;
            /** @description The operator's player. */
            playerRef: string;
            /** @description Open, complete, closing or reconciled. */
            state: components["schemas"]["RoundState"];
            /**
             * Format: date-time
             * @description The round's last activity of the provider.
             */
            lastActivityAt: string;
            /** @description Its transactions, oldest first (the reconciler's rollbacks included). */
            transactions: components["schemas"]["TransactionSummary"][];
        };
        /**
         * @description Ask for a replay link of one round.
         * @example {
         *       "roundId": "round-20260115-000042",
         *       "gameId": "starfall"
         *     }
         */
        RoundReplayRequestBody: {
            /** @description The roundId the provider used in its transactions; missing is 400. */
            roundId: components["schemas"]["Identifier"];
            /** @description The game of the round; missing is 400. */
            gameId: components["schemas"]["Identifier"];
        };
        /**
         * @description A short-lived replay link.
         * @example {
         *       "replayUrl": "https://games.example/replay?token=eyJyIjoicm91bmQtMjAyNjAxMTUtMDAwMDQyIn0.3f9a"
         *     }
         */
        RoundReplayResponse: {
            /**
             * @description Open in a browser: replayBaseUrl + `?token=<replay token>`. The token is self-contained, signed
             *     with the provider's secret and expires after a fixed window (15 minutes by default); request a
             *     fresh link each time.
             */
            replayUrl: string;
        };
        /**
         * @description Where a round stands.
         * @enum {string}
         */
        RoundState: "OPEN" | "COMPLETE" | "CLOSING" | "RECONCILED";
        /** @description A page of sessions, newest first. */
        SessionPage: {
            /** @description At most `limit` sessions. */
            items: components["schemas"]["SessionSummary"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        /**
         * @description A session's reference: the first 16 characters of the base64url SHA-256 digest of its token. It names a session in
         *     lists and in the webhook delivery log without being a way to play it; a studio computes it from the token it holds.
         */
        SessionRef: string;
        /**
         * @description One game session of a player, as the operator sees it; never its token.
         * @example {
         *       "id": "1042",
         *       "sessionRef": "q3vX9tYb2LmN0pQr",
         *       "playerRef": "player-10042",
         *       "gameId": "starfall",
         *       "providerId": "prov-star",
         *       "operatorId": "op-acme",
         *       "currency": "EUR",
         *       "mode": "REAL",
         *       "language": "en",
         *       "createdAt": "2026-01-16T10:00:00Z",
         *       "expiresAt": "2026-01-16T14:00:00Z",
         *       "active": true
         *     }
         */
        SessionSummary: {
            /** @description The session's id in lists (opaque; the token itself is never shown). */
            id: string;
            /** @description The session's reference, as the webhook delivery log names it (never the token). */
            sessionRef: components["schemas"]["SessionRef"];
            /** @description The operator's player. */
            playerRef: components["schemas"]["Identifier"];
            /** @description The game launched. */
            gameId: components["schemas"]["Identifier"];
            /** @description The game's provider. */
            providerId: components["schemas"]["Identifier"];
            /** @description The operator that launched it (a studio's list spans every operator it serves). */
            operatorId: components["schemas"]["Identifier"];
            /** @description The session's currency. */
            currency: components["schemas"]["CurrencyCode"];
            /** @description REAL or DEMO. */
            mode: components["schemas"]["GameMode"];
            /** @description The language asked for at launch, when one was. */
            language: string | null;
            /**
             * Format: date-time
             * @description When it was launched.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it expires (or expired).
             */
            expiresAt: string;
            /** @description False once it expired (a kicked session is gone from the list). */
            active: boolean;
        };
        /**
         * @description A request naming only a session: used by session/verify and the provider balance query.
         * @example {
         *       "sessionToken": "st_9b2f4c7e1d8a4f0b"
         *     }
         */
        SessionTokenRequest: {
            /** @description The session token from launch; missing or empty is 400. */
            sessionToken: components["schemas"]["Identifier"];
        };
        /**
         * @description Set or change the operator's wallet callback base URL.
         * @example {
         *       "callbackUrl": "https://wallet.casino.example/croupier"
         *     }
         */
        SetCallbackUrlRequest: {
            /**
             * @description Absolute http(s) URL; effective immediately on save. Unless the deployment allows it, it may not
             *     point at loopback, private, link-local or metadata addresses (400).
             */
            callbackUrl: components["schemas"]["HttpUrl"];
        };
        /**
         * @description Set or change the provider's webhook base URL.
         * @example {
         *       "webhookUrl": "https://hooks.star-studio.example/croupier"
         *     }
         */
        SetWebhookUrlRequest: {
            /**
             * @description Absolute http(s) URL; every webhook call goes to it from this answer on, on every instance. Unless the deployment
             *     allows it, it may not point at loopback, private, link-local or metadata addresses (400), checked again at every
             *     connection.
             */
            webhookUrl: components["schemas"]["HttpUrl"];
        };
        /**
         * @description A back-office account's credentials, as created with `npm run admin -- backoffice-user add`.
         * @example {
         *       "username": "alice",
         *       "password": "correct horse battery"
         *     }
         */
        SignInRequest: {
            /** @description The account's username: an identifier of at most 64 characters. */
            username: components["schemas"]["Identifier"];
            /** @description The account's password. */
            password: string;
        };
        /** @description The answer to a sign-out. */
        SignedOut: {
            /**
             * @description Always true: the session is ended server-side and the cookie cleared.
             * @enum {boolean}
             */
            signedOut: true;
        };
        /**
         * Format: int64
         * @description A number of free spins in a batch: at least 1, at most 2^53-1.
         */
        SpinCount: number;
        /**
         * @description A game studio's back-office account, as the platform lists it; never a password or its hash.
         * @example {
         *       "username": "star-desk",
         *       "providerId": "prov-star",
         *       "role": "viewer"
         *     }
         */
        StudioAccount: {
            /** @description The account's username. */
            username: string;
            /** @description The provider (game studio) the account belongs to. */
            providerId: components["schemas"]["Identifier"];
            /**
             * @description `viewer` reads only; `manager` may also re-send failed webhook calls, set the webhook URL and rotate the secret.
             * @enum {string}
             */
            role: "viewer" | "manager";
        };
        /**
         * @description The provider's own settings as they stand.
         * @example {
         *       "webhookUrl": "https://hooks.star-studio.example/croupier",
         *       "previousSecretValidUntil": null
         *     }
         */
        StudioSettings: {
            /** @description The webhook base URL in effect (set here, or else the deployment's configuration); null when there is none. */
            webhookUrl: components["schemas"]["HttpUrl"] | null;
            /** @description Until when the previous secret is still accepted after a rotation; null when none is in its grace period. */
            previousSecretValidUntil: string | null;
        };
        /**
         * @description Whose balance a test call asks the wallet for.
         * @example {
         *       "playerRef": "player-10042"
         *     }
         */
        TestCallRequest: {
            /** @description A player the wallet knows (a test account is best): the call only reads the balance. */
            playerRef: components["schemas"]["Identifier"];
        };
        /**
         * @description What the operator's wallet answered to a test call.
         * @example {
         *       "ok": true,
         *       "balance": 150000,
         *       "answer": "{\"balance\":150000}",
         *       "latencyMs": 12
         *     }
         */
        TestCallResult: {
            /** @description True when the wallet answered 200 with a well-formed balance. */
            ok: boolean;
            /** @description The balance the wallet reported, in minor units (when ok). */
            balance?: components["schemas"]["BalanceMinor"];
            /** @description The wallet's answer body, verbatim (when ok). */
            answer?: string;
            /** @description Why the call failed: unreachable, timed out, a non-200 status or a malformed answer (when not ok). */
            error?: string;
            /** @description How long the call took, in ms. */
            latencyMs: components["schemas"]["Count"];
        };
        /** @description Transactions received in the window, per state and per type. */
        TransactionCounts: {
            /** @description Every transaction received in the window. */
            total: components["schemas"]["Count"];
            PENDING: components["schemas"]["Count"];
            OK: components["schemas"]["Count"];
            DECLINED: components["schemas"]["Count"];
            FAILED: components["schemas"]["Count"];
            TIMED_OUT: components["schemas"]["Count"];
            BET: components["schemas"]["Count"];
            WIN: components["schemas"]["Count"];
            ROLLBACK: components["schemas"]["Count"];
            ADJUSTMENT: components["schemas"]["Count"];
        };
        /** @description One transaction in full: the request, the stored state, the wallet's answer and every call made. */
        TransactionDetail: {
            /** @description The operator whose wallet it was sent to (a studio's list spans every operator it serves). */
            operatorId: string;
            /** @description The provider that sent it. A transactionId is unique per provider only: (providerId, transactionId) names a transaction. */
            providerId: string;
            /** @description The provider's transactionId (or the platform's, for `stale-rollback:` and `adjustment:` ids). */
            transactionId: string;
            /** @description BET, WIN, ROLLBACK or ADJUSTMENT. */
            type: components["schemas"]["TransactionType"];
            /** @description The operator's player. */
            playerRef: string;
            /** @description The game. */
            gameId: string;
            /** @description The provider's round id. */
            roundId: string;
            /** @description In minor units. */
            amount: components["schemas"]["AmountMinor"];
            /** @description ISO-4217 code. */
            currency: components["schemas"]["CurrencyCode"];
            /** @description The BET a ROLLBACK reverses; null otherwise. */
            originalTransactionId: string | null;
            /** @description Whether the provider marked this the round's last transaction. */
            roundComplete: boolean;
            /** @description Where it stands. */
            state: components["schemas"]["TransactionState"];
            /** @description The player's balance the wallet answered with, for OK and DECLINED; null otherwise. */
            balance: components["schemas"]["BalanceMinor"] | null;
            /** @description How many calls to the wallet were made for it. */
            attempts: components["schemas"]["Count"];
            /** @description Why the last call failed; null when it did not. */
            lastError: string | null;
            /** @description When the settlement retry resends it next; null when it will not. */
            nextRetryAt: string | null;
            /**
             * @description True while a problem about it is open, so it needs a person: the settlement retry gave up on it (past its
             *     horizon), or a crash left its outcome unknown. False again once a re-send settled it or a person resolved it.
             */
            problem: boolean;
            /**
             * Format: date-time
             * @description When the platform first received it.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it last changed.
             */
            updatedAt: string;
            /**
             * @description The JSON body sent to the operator's wallet, byte for byte but for its `sessionToken`, shown as `"[redacted]"`: a
             *     live session token lets whoever holds it play on the player's balance. Every resend sends the real body again.
             */
            request: string;
            /** @description Every call to the operator's wallet for it, oldest first, kept for `limits.deliveryLogRetentionSeconds`. */
            deliveryLog: components["schemas"]["WalletCall"][];
        };
        /** @description A page of transactions, newest first. */
        TransactionPage: {
            /** @description At most `limit` transactions. */
            items: components["schemas"]["TransactionSummary"][];
            /** @description Pass as `cursor` for the next (older) page; null on the last page. */
            nextCursor: string | null;
            /**
             * Format: date-time
             * @description The start of the time window the list covers (RFC 3339): the `from` given, or, without one, 24 hours before `to`
             *     (or before now). Older transactions are listed only when `from` says so.
             */
            from: string;
        };
        /**
         * @description A transaction a provider submits: a BET, WIN or ROLLBACK, told apart by `type`. ADJUSTMENT is
         *     admin-only and refused with 400. Besides what each form declares, the server refuses (400)
         *     `direction` on any of them, `originalTransactionId` on a BET or WIN, a transactionId in the
         *     platform's reserved space, and metadata that is not a JSON object of at most 8 KiB.
         */
        TransactionRequest: components["schemas"]["BetTransaction"] | components["schemas"]["WinTransaction"] | components["schemas"]["RollbackTransaction"];
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
         * @description Where a relayed transaction stands. PENDING: the operator's wallet is being called, or a crash left the
         *     outcome unknown until recovery marks it TIMED_OUT. OK and DECLINED are settled; FAILED and TIMED_OUT are not
         *     (WIN and ROLLBACK are resent by the platform's settlement retry until its horizon, then become problems).
         * @enum {string}
         */
        TransactionState: "PENDING" | "OK" | "DECLINED" | "FAILED" | "TIMED_OUT";
        /**
         * @description The outcome of a transaction the wallet answered with 200.
         * @enum {string}
         */
        TransactionStatus: "OK" | "DECLINED";
        /**
         * @description A transaction as listed: what the game asked and where it stands.
         * @example {
         *       "operatorId": "op-acme",
         *       "providerId": "prov-star",
         *       "transactionId": "tx-7f3c9a12-0002",
         *       "type": "WIN",
         *       "playerRef": "player-10042",
         *       "gameId": "starfall",
         *       "roundId": "round-20260115-000042",
         *       "amount": 500,
         *       "currency": "EUR",
         *       "originalTransactionId": null,
         *       "roundComplete": true,
         *       "state": "OK",
         *       "balance": 10250,
         *       "attempts": 2,
         *       "lastError": null,
         *       "nextRetryAt": null,
         *       "problem": false,
         *       "createdAt": "2026-01-15T10:00:00.120Z",
         *       "updatedAt": "2026-01-15T10:00:02.310Z"
         *     }
         */
        TransactionSummary: {
            /** @description The operator whose wallet it was sent to (a studio's list spans every operator it serves). */
            operatorId: string;
            /** @description The provider that sent it. A transactionId is unique per provider only: (providerId, transactionId) names a transaction. */
            providerId: string;
            /** @description The provider's transactionId (or the platform's, for `stale-rollback:` and `adjustment:` ids). */
            transactionId: string;
            /** @description BET, WIN, ROLLBACK or ADJUSTMENT. */
            type: components["schemas"]["TransactionType"];
            /** @description The operator's player. */
            playerRef: string;
            /** @description The game. */
            gameId: string;
            /** @description The provider's round id. */
            roundId: string;
            /** @description In minor units. */
            amount: components["schemas"]["AmountMinor"];
            /** @description ISO-4217 code. */
            currency: components["schemas"]["CurrencyCode"];
            /** @description The BET a ROLLBACK reverses; null otherwise. */
            originalTransactionId: string | null;
            /** @description Whether the provider marked this the round's last transaction. */
            roundComplete: boolean;
            /** @description Where it stands. */
            state: components["schemas"]["TransactionState"];
            /** @description The player's balance the wallet answered with, for OK and DECLINED; null otherwise. */
            balance: components["schemas"]["BalanceMinor"] | null;
            /** @description How many calls to the wallet were made for it. */
            attempts: components["schemas"]["Count"];
            /** @description Why the last call failed; null when it did not. */
            lastError: string | null;
            /** @description When the settlement retry resends it next; null when it will not. */
            nextRetryAt: string | null;
            /**
             * @description True while a problem about it is open, so it needs a person: the settlement retry gave up on it (past its
             *     horizon), or a crash left its outcome unknown. False again once a re-send settled it or a person resolved it.
             */
            problem: boolean;
            /**
             * Format: date-time
             * @description When the platform first received it.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it last changed.
             */
            updatedAt: string;
        };
        /**
         * @description The kind of a wallet transaction. ADJUSTMENT is a rare platform-internal admin action (manual
         *     balance correction): the provider-facing transaction endpoint refuses it with 400, and only the
         *     platform sends it to an operator's wallet.
         * @enum {string}
         */
        TransactionType: "BET" | "WIN" | "ROLLBACK" | "ADJUSTMENT";
        /**
         * @description What a provider learns about a session it owns. There is no operatorId on the wire.
         * @example {
         *       "playerRef": "player-10042",
         *       "gameId": "starfall",
         *       "currency": "EUR",
         *       "language": "en",
         *       "mode": "REAL",
         *       "expiresAt": "2026-01-16T10:30:00Z"
         *     }
         */
        VerifySessionResponse: {
            /** @description The operator's player identifier; echo it on every transaction. */
            playerRef: components["schemas"]["Identifier"];
            /** @description The game the session was launched for. */
            gameId: components["schemas"]["Identifier"];
            /** @description The session's currency; every transaction must use it. */
            currency: components["schemas"]["CurrencyCode"];
            /** @description BCP-47 tag chosen at launch; the empty string when launch gave none (the game uses its own default). */
            language: string;
            /** @description REAL or DEMO (fun-play balance, no operator wallet). */
            mode: components["schemas"]["GameMode"];
            /**
             * Format: date-time
             * @description When the session stops being accepted (RFC 3339).
             */
            expiresAt: string;
        };
        /**
         * @description One call the platform made to the operator's wallet for a transaction (the delivery log).
         * @example {
         *       "attempt": 1,
         *       "requestedBy": "PROVIDER",
         *       "actor": null,
         *       "startedAt": "2026-01-15T10:00:00.120Z",
         *       "endedAt": "2026-01-15T10:00:00.163Z",
         *       "durationMs": 43,
         *       "httpStatus": 500,
         *       "failure": null,
         *       "response": "{\"error\":\"ledger unavailable\"}",
         *       "outcome": "FAILED"
         *     }
         */
        WalletCall: {
            /** @description 1 for the first call, then one more for each call after it. */
            attempt: components["schemas"]["Count"];
            /** @description Who asked for this call. */
            requestedBy: components["schemas"]["WalletCallRequester"];
            /** @description For OPERATOR, who acted: `api:<operatorId>` for a signed API call, a back-office user otherwise; null for the rest. */
            actor: string | null;
            /**
             * Format: date-time
             * @description When the call was claimed, just before it went out.
             */
            startedAt: string;
            /** @description When its outcome was written; null while it is still out, or when the service stopped before it ended. */
            endedAt: string | null;
            /** @description How long the call took, in milliseconds; null until it ended. */
            durationMs: components["schemas"]["Count"] | null;
            /** @description The wallet's HTTP status; null when no answer came (see failure). */
            httpStatus: number | null;
            /** @description Why no answer came; null when the wallet answered or the call is still out. */
            failure: components["schemas"]["WalletCallFailure"] | null;
            /** @description The wallet's answer body as received (at most 2,048 characters); null when there was none. */
            response: string | null;
            /** @description The transaction's state this call led to; null while the call is out or when it was interrupted. */
            outcome: components["schemas"]["TransactionState"] | null;
        };
        /**
         * @description Why a call to the operator's wallet got no HTTP answer.
         * @enum {string}
         */
        WalletCallFailure: "TIMEOUT" | "NETWORK" | "INTERRUPTED";
        /**
         * @description Who asked for a call to the operator's wallet.
         * @enum {string}
         */
        WalletCallRequester: "PROVIDER" | "SETTLEMENT_RETRY" | "RECONCILER" | "ADMIN" | "OPERATOR";
        /** @description Calls made to the operator's wallet in the window, per outcome, and how long they took. */
        WalletCallStats: {
            /** @description Every call started in the window. */
            total: components["schemas"]["Count"];
            /** @description Calls the wallet answered with an applied result. */
            OK: components["schemas"]["Count"];
            /** @description Calls the wallet declined (a BET refused). */
            DECLINED: components["schemas"]["Count"];
            /** @description Calls that failed (non-200, malformed answer, network error). */
            FAILED: components["schemas"]["Count"];
            /** @description Calls that got no answer within the callback timeout. */
            TIMED_OUT: components["schemas"]["Count"];
            /** @description Calls a stopped service cut short, or still out. */
            UNFINISHED: components["schemas"]["Count"];
            /**
             * @description Median duration of the finished calls, in ms; null when there were none. Read from latency buckets (1, 2, 3, 5,
             *     7, 10, 15, 20, 30, 50, 70, 100 ms and so on up to 60 s): placed linearly within the bucket holding the median.
             */
            latencyP50Ms: components["schemas"]["Count"] | null;
            /** @description 99th-percentile duration of the finished calls, in ms, read from the buckets as the median is; null when there were none. */
            latencyP99Ms: components["schemas"]["Count"] | null;
        };
        /**
         * @description One call the service made to the provider's webhooks.
         * @example {
         *       "id": "118",
         *       "event": "GRANT_ISSUE",
         *       "attempt": 1,
         *       "operatorId": "op-acme",
         *       "grantId": "3f1c2a9e-7b4d-4e2a-9c1f-0a8b6d5e4f3a",
         *       "sessionRef": null,
         *       "playerRef": "player-10042",
         *       "gameId": "starfall",
         *       "path": "/v1/game/free-spins/grant",
         *       "body": "{\"requestRef\":\"3f1c2a9e-7b4d-4e2a-9c1f-0a8b6d5e4f3a\",\"playerRef\":\"player-10042\",\"gameId\":\"starfall\",\"spins\":10,\"betAmountMinor\":20,\"currency\":\"EUR\"}",
         *       "requestedBy": "service",
         *       "startedAt": "2026-01-16T10:00:00Z",
         *       "endedAt": "2026-01-16T10:00:00.042Z",
         *       "durationMs": 42,
         *       "outcome": "FAILED",
         *       "httpStatus": 503,
         *       "response": "{\"error\":\"maintenance\"}",
         *       "error": "provider answered 503: {\"error\":\"maintenance\"}"
         *     }
         */
        WebhookDelivery: {
            /** @description The delivery's id (opaque). */
            id: string;
            /** @description Which webhook was called. */
            event: components["schemas"]["WebhookEvent"];
            /** @description Its number among the calls about the same grant or session (1 for the first, 2 for a re-send, …). */
            attempt: components["schemas"]["Count"];
            /** @description The operator the call was made for; null for a test call. */
            operatorId: components["schemas"]["Identifier"] | null;
            /** @description The grant the call was about; null for a session revoke or a test call. */
            grantId: components["schemas"]["GrantId"] | null;
            /** @description The session a session revoke was about (its reference, never its token); null for any other event. */
            sessionRef: components["schemas"]["SessionRef"] | null;
            /** @description The player the call was about; null for a test call. */
            playerRef: components["schemas"]["Identifier"] | null;
            /** @description The game the call was about; null for a test call. */
            gameId: components["schemas"]["Identifier"] | null;
            /** @description The path called under the webhook base address. */
            path: string;
            /** @description The exact body sent, with a `sessionToken` replaced by `"[redacted]"` (decisions.md §5). */
            body: string;
            /** @description `service` for the service's own calls, else who asked (`backoffice:<user>`, `api:<tenant>`, `admin`). */
            requestedBy: string;
            /**
             * Format: date-time
             * @description When the call started.
             */
            startedAt: string;
            /** @description When the answer came (or the call failed); null while out or when interrupted. */
            endedAt: string | null;
            /** @description How long it took, in ms; null while out or when interrupted. */
            durationMs: components["schemas"]["Count"] | null;
            outcome: components["schemas"]["WebhookDeliveryOutcome"];
            /** @description The answer's status; null when there was none. */
            httpStatus: number | null;
            /** @description The answer's first 2,048 characters; null when there was none. */
            response: string | null;
            /** @description Why it failed, as the operator was told; null unless FAILED. */
            error: string | null;
        };
        /**
         * @description What became of a delivery: DELIVERED (answered 200), FAILED (any other answer or none), PENDING (out now) or
         *     INTERRUPTED (the service stopped before the answer came).
         * @enum {string}
         */
        WebhookDeliveryOutcome: "DELIVERED" | "FAILED" | "PENDING" | "INTERRUPTED";
        /** @description A page of webhook deliveries, newest first. */
        WebhookDeliveryPage: {
            /** @description At most `limit` deliveries. */
            items: components["schemas"]["WebhookDelivery"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        /**
         * @description Which webhook a delivery called.
         * @enum {string}
         */
        WebhookEvent: "GRANT_ISSUE" | "GRANT_STATUS" | "GRANT_CANCEL" | "SESSION_REVOKE" | "TEST";
        /**
         * @description A payout: credits the player; a zero-amount WIN is valid. It carries neither originalTransactionId nor direction (400).
         * @example {
         *       "type": "WIN",
         *       "transactionId": "tx-7f3c9a12-0002",
         *       "sessionToken": "st_9b2f4c7e1d8a4f0b",
         *       "roundId": "round-20260115-000042",
         *       "roundComplete": true,
         *       "playerRef": "player-10042",
         *       "amount": 500,
         *       "currency": "EUR",
         *       "gameId": "starfall"
         *     }
         */
        WinTransaction: {
            /**
             * @description WIN. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "WIN";
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
            /** @description Groups the transactions of one round; unique only within a (provider, operator) pair and meaningful only with gameId. */
            roundId: components["schemas"]["Identifier"];
            /** @description The operator's own player identifier, the same as passed to launch; must match the session. */
            playerRef: components["schemas"]["Identifier"];
            /** @description Minor units, >= 0. A zero-amount WIN is valid. */
            amount: components["schemas"]["AmountMinor"];
            /** @description Uppercase ISO-4217; must match the session's currency. */
            currency: components["schemas"]["CurrencyCode"];
            /** @description Must match the session's game. */
            gameId: components["schemas"]["Identifier"];
            /**
             * @description Opaque JSON object, at most 8 KiB serialized, stored and forwarded verbatim, never interpreted.
             *     Accepted on any type. An array, string, number or null is rejected with 400 before reaching the operator.
             *     Its limits, which a JSON Schema keyword cannot state, are carried by extensions that the server's validation and
             *     the SDK receivers read: bytes of its compact JSON serialization, and nesting depth of objects and arrays.
             */
            metadata?: Record<string, unknown>;
            /** @description true on the WIN that ends the round. */
            roundComplete?: boolean;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    backofficeMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in account and its CSRF token. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BackofficeSessionInfo"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    backofficeListOperators: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The operators' settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OperatorSettings"][];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    backofficeSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignInRequest"];
            };
        };
        responses: {
            /** @description The signed-in account and its CSRF token; the cookie is in Set-Cookie. */
            200: {
                headers: {
                    "Set-Cookie": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BackofficeSessionInfo"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 403: the caller is identified but not allowed to do this (see the operation's description). */
            403: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 415: the route takes a JSON body only (`Content-Type: application/json`), and the request's says otherwise or nothing. */
            415: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    backofficeSignOut: {
        parameters: {
            query?: never;
            header: {
                "X-CSRF-Token": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session is ended. */
            200: {
                headers: {
                    "Set-Cookie": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignedOut"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 403: the caller is identified but not allowed to do this (see the operation's description). */
            403: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    backofficeListStudioAccounts: {
        parameters: {
            query?: {
                /** @description Only this provider's accounts. */
                providerId?: components["schemas"]["Identifier"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The studio accounts, never a password. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StudioAccount"][];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 403: the caller is identified but not allowed to do this (see the operation's description). */
            403: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    backofficeCreateStudioAccount: {
        parameters: {
            query?: never;
            header: {
                "X-CSRF-Token": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateStudioAccountRequest"];
            };
        };
        responses: {
            /** @description The account and its password, shown once. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedStudioAccount"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 403: the caller is identified but not allowed to do this (see the operation's description). */
            403: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 409: another attempt for the same transactionId is in flight; do not retry yet. */
            409: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    backofficeRemoveStudioAccount: {
        parameters: {
            query?: never;
            header: {
                "X-CSRF-Token": string;
            };
            path: {
                /** @description The account's username. */
                username: components["schemas"]["Identifier"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The username removed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RemovedStudioAccount"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 403: the caller is identified but not allowed to do this (see the operation's description). */
            403: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 404: nothing matches under the caller's tenant (another tenant's record is indistinguishable from none). */
            404: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service is up. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthResponse"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metrics. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain; version=0.0.4; charset=utf-8": components["schemas"]["PrometheusText"];
                };
            };
        };
    };
    setCallbackUrl: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetCallbackUrlRequest"];
            };
        };
        responses: {
            /** @description The callback URL now in effect and the callback timeout. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CallbackSettings"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 403: the caller is identified but not allowed to do this (see the operation's description). */
            403: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    revokePreviousSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ "previousSecretValidUntil": null }`: the previous secret no longer verifies anything. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokedPreviousSecret"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 403: the caller is identified but not allowed to do this (see the operation's description). */
            403: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    rotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new secret (shown once) and until when the previous one stays valid. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotatedSecret"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 403: the caller is identified but not allowed to do this (see the operation's description). */
            403: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    testWalletCall: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TestCallRequest"];
            };
        };
        responses: {
            /** @description The wallet's answer and how long it took. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestCallResult"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 503: the game or the operator is not configured (for example no callback URL set yet). */
            503: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The instance takes traffic. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadyResponse"];
                };
            };
            /** @description The readiness answer when the instance must not get new traffic. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotReadyBody"];
                };
            };
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                /** @description Only this kind. */
                kind?: components["schemas"]["AuditKind"];
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /** @description Page size, 1 to 200 (default 50). */
                limit?: components["schemas"]["PageLimit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of audit entries and the cursor of the next page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditPage"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listCampaigns: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The usable campaigns, by id. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignSummary"][];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listGrants: {
        parameters: {
            query?: {
                /** @description Only the grants of this player. */
                playerRef?: components["schemas"]["Identifier"];
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /** @description Page size, 1 to 200 (default 200). */
                limit?: components["schemas"]["PageLimit"];
                /** @description `issued` (the default): in the order issued; `newest`: the newest first, as the back office shows them. */
                order?: components["schemas"]["GrantListOrder"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the operator's grants in issue order: the grants, and the next page's cursor in a header. */
            200: {
                headers: {
                    /** @description Present when more grants follow: pass it as `cursor` for the next page. */
                    "X-Next-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GrantResponseBody"][];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    issueGrant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IssueGrantRequestBody"];
            };
        };
        responses: {
            /** @description The grant (the original one on an idempotent repeat). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GrantResponseBody"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 403: the caller is identified but not allowed to do this (see the operation's description). */
            403: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 404: nothing matches under the caller's tenant (another tenant's record is indistinguishable from none). */
            404: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 502: the call to the provider failed (see the operation's description). */
            502: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getGrant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The grant id (a UUID). */
                id: components["schemas"]["GrantId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The grant. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GrantResponseBody"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 404: nothing matches under the caller's tenant (another tenant's record is indistinguishable from none). */
            404: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    cancelGrant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The grant id (a UUID). */
                id: components["schemas"]["GrantId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The grant, now cancelled. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GrantResponseBody"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 404: nothing matches under the caller's tenant (another tenant's record is indistinguishable from none). */
            404: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 502: the call to the provider failed (see the operation's description). */
            502: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listGames: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The games visible to the operator tenant. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GameSummary"][];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    launchGame: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LaunchGameRequestBody"];
            };
        };
        responses: {
            /** @description The launch URL to embed in an iframe and the session token. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LaunchGameResponse"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 403: the caller is identified but not allowed to do this (see the operation's description). */
            403: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 404: nothing matches under the caller's tenant (another tenant's record is indistinguishable from none). */
            404: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getOverview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The figures of the last hour. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OverviewStats"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    kickPlayer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["KickPlayerRequestBody"];
            };
        };
        responses: {
            /** @description How many sessions were ended (0 is success too). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KickPlayerResponse"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listProblems: {
        parameters: {
            query?: {
                /** @description Only this kind. */
                kind?: components["schemas"]["ProblemKind"];
                /** @description `open` (default), `resolved` or `all`. */
                status?: "open" | "resolved" | "all";
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /** @description Page size, 1 to 200 (default 50). */
                limit?: components["schemas"]["PageLimit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of problems, the open counts per kind, and the cursor of the next page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemPage"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    resendProblem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The problem's id. */
                id: components["schemas"]["Identifier"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The problem and the transaction after the call (settled or not). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResendResult"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 404: nothing matches under the caller's tenant (another tenant's record is indistinguishable from none). */
            404: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 409: another attempt for the same transactionId is in flight; do not retry yet. */
            409: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 503: the game or the operator is not configured (for example no callback URL set yet). */
            503: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    resolveProblem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The problem's id. */
                id: components["schemas"]["Identifier"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResolveProblemRequestBody"];
            };
        };
        responses: {
            /** @description The problem, resolved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 404: nothing matches under the caller's tenant (another tenant's record is indistinguishable from none). */
            404: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 409: another attempt for the same transactionId is in flight; do not retry yet. */
            409: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    replayRound: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RoundReplayRequestBody"];
            };
        };
        responses: {
            /** @description A short-lived replay URL to open in a browser. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoundReplayResponse"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 404: nothing matches under the caller's tenant (another tenant's record is indistinguishable from none). */
            404: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getRound: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The round's game. */
                gameId: components["schemas"]["Identifier"];
                /** @description The provider's round id (URL-encoded). */
                roundId: components["schemas"]["Identifier"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The round. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoundDetail"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 404: nothing matches under the caller's tenant (another tenant's record is indistinguishable from none). */
            404: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listSessions: {
        parameters: {
            query?: {
                /** @description Only this player's. */
                playerRef?: components["schemas"]["Identifier"];
                /** @description Only this game's. */
                gameId?: components["schemas"]["Identifier"];
                /** @description `active` (default), `expired` or `all`. */
                status?: "active" | "expired" | "all";
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /** @description Page size, 1 to 200 (default 50). */
                limit?: components["schemas"]["PageLimit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sessions and the cursor of the next one. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionPage"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listTransactions: {
        parameters: {
            query?: {
                /** @description Only this player's. */
                playerRef?: components["schemas"]["Identifier"];
                /** @description Only this round's. */
                roundId?: components["schemas"]["Identifier"];
                /** @description Only this transactionId (of any provider; add providerId to name one). */
                transactionId?: components["schemas"]["Identifier"];
                /** @description Only this type. */
                type?: components["schemas"]["TransactionType"];
                /** @description Only in this state. */
                state?: components["schemas"]["TransactionState"];
                /** @description Only this provider's. */
                providerId?: components["schemas"]["Identifier"];
                /** @description Only this game's. */
                gameId?: components["schemas"]["Identifier"];
                /**
                 * @description Only those received at or after this instant (RFC 3339). Default: 24 hours before `to` (or before now), so a list
                 *     without it reads the last day only; the page's `from` says which instant applied.
                 */
                from?: string;
                /** @description Only those received before this instant (RFC 3339). */
                to?: string;
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /** @description Page size, 1 to 200 (default 50). */
                limit?: components["schemas"]["PageLimit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of transactions and the cursor of the next one. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionPage"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The provider that sent it. */
                providerId: components["schemas"]["Identifier"];
                /** @description The transactionId (URL-encoded). */
                transactionId: components["schemas"]["Identifier"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transaction, the body sent, and every call made to the wallet for it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionDetail"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 404: nothing matches under the caller's tenant (another tenant's record is indistinguishable from none). */
            404: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listProviderAuditLog: {
        parameters: {
            query?: {
                /** @description Only this kind. */
                kind?: components["schemas"]["AuditKind"];
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /** @description Page size, 1 to 200 (default 50). */
                limit?: components["schemas"]["PageLimit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of audit entries and the cursor of the next page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditPage"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listProviderGrants: {
        parameters: {
            query?: {
                /** @description Only this player's. */
                playerRef?: components["schemas"]["Identifier"];
                /** @description Only those in this state. */
                status?: components["schemas"]["GrantStatus"];
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /** @description Page size, 1 to 200 (default 50). */
                limit?: components["schemas"]["PageLimit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of grants, newest first, and the cursor of the next one. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderGrantPage"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getProviderGrant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The grant's id. */
                id: components["schemas"]["GrantId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The grant. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GrantResponseBody"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 404: nothing matches under the caller's tenant (another tenant's record is indistinguishable from none). */
            404: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    revokePreviousProviderSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ "previousSecretValidUntil": null }`: the previous secret no longer verifies anything. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokedPreviousSecret"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 403: the caller is identified but not allowed to do this (see the operation's description). */
            403: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    rotateProviderSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new secret (shown once) and until when the previous one stays valid. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotatedSecret"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 403: the caller is identified but not allowed to do this (see the operation's description). */
            403: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getStudioSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider's settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StudioSettings"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 403: the caller is identified but not allowed to do this (see the operation's description). */
            403: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    sendTestWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The test call's delivery, as it ended. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 403: the caller is identified but not allowed to do this (see the operation's description). */
            403: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    setWebhookUrl: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetWebhookUrlRequest"];
            };
        };
        responses: {
            /** @description The settings after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StudioSettings"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 403: the caller is identified but not allowed to do this (see the operation's description). */
            403: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getProviderRound: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The operator the round was played at. */
                operatorId: components["schemas"]["Identifier"];
                /** @description The round's game. */
                gameId: components["schemas"]["Identifier"];
                /** @description The round id (URL-encoded). */
                roundId: components["schemas"]["Identifier"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The round. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoundDetail"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 404: nothing matches under the caller's tenant (another tenant's record is indistinguishable from none). */
            404: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listProviderSessions: {
        parameters: {
            query?: {
                /** @description Only this player's. */
                playerRef?: components["schemas"]["Identifier"];
                /** @description Only this game's. */
                gameId?: components["schemas"]["Identifier"];
                /** @description Only this operator's. */
                operatorId?: components["schemas"]["Identifier"];
                /** @description Only the session with this reference (a session ended by a kick is gone, as from the list). */
                sessionRef?: components["schemas"]["SessionRef"];
                /** @description `active` (default), `expired` or `all`. */
                status?: "active" | "expired" | "all";
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /** @description Page size, 1 to 200 (default 50). */
                limit?: components["schemas"]["PageLimit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sessions and the cursor of the next one. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionPage"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listProviderTransactions: {
        parameters: {
            query?: {
                /** @description Only this player's. */
                playerRef?: components["schemas"]["Identifier"];
                /** @description Only this round's. */
                roundId?: components["schemas"]["Identifier"];
                /** @description Only this transactionId. */
                transactionId?: components["schemas"]["Identifier"];
                /** @description Only this type. */
                type?: components["schemas"]["TransactionType"];
                /** @description Only in this state. */
                state?: components["schemas"]["TransactionState"];
                /** @description Only those sent to this operator's wallet. */
                operatorId?: components["schemas"]["Identifier"];
                /** @description Only this game's. */
                gameId?: components["schemas"]["Identifier"];
                /**
                 * @description Only those received at or after this instant (RFC 3339). Default: 24 hours before `to` (or before now), so a list
                 *     without it reads the last day only; the page's `from` says which instant applied.
                 */
                from?: string;
                /** @description Only those received before this instant (RFC 3339). */
                to?: string;
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /** @description Page size, 1 to 200 (default 50). */
                limit?: components["schemas"]["PageLimit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of transactions and the cursor of the next one. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionPage"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getProviderTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The transactionId (URL-encoded). */
                transactionId: components["schemas"]["Identifier"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transaction, the body sent, and the wallet calls made for it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionDetail"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 404: nothing matches under the caller's tenant (another tenant's record is indistinguishable from none). */
            404: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Only the calls about this grant. */
                grantId?: components["schemas"]["GrantId"];
                /** @description Only the calls about this session (its `sessionRef`). */
                sessionRef?: components["schemas"]["SessionRef"];
                /** @description Only the calls about this player. */
                playerRef?: components["schemas"]["Identifier"];
                /** @description Only calls of this webhook. */
                event?: components["schemas"]["WebhookEvent"];
                /** @description Only calls that ended so (`DELIVERED` or `FAILED`). */
                outcome?: "DELIVERED" | "FAILED";
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /** @description Page size, 1 to 200 (default 50). */
                limit?: components["schemas"]["PageLimit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries and the cursor of the next one. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryPage"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The delivery's id. */
                id: components["schemas"]["Identifier"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 404: nothing matches under the caller's tenant (another tenant's record is indistinguishable from none). */
            404: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    resendWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The failed delivery's id. */
                id: components["schemas"]["Identifier"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new delivery, as it ended. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 403: the caller is identified but not allowed to do this (see the operation's description). */
            403: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 404: nothing matches under the caller's tenant (another tenant's record is indistinguishable from none). */
            404: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 409: another attempt for the same transactionId is in flight; do not retry yet. */
            409: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getBalance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SessionTokenRequest"];
            };
        };
        responses: {
            /** @description The player's balance in minor units, as the operator's wallet reported it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BalanceResponse"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 403: the caller is identified but not allowed to do this (see the operation's description). */
            403: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 503: the game or the operator is not configured (for example no callback URL set yet). */
            503: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    verifySession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SessionTokenRequest"];
            };
        };
        responses: {
            /** @description The session's player, game, currency, language, mode and expiry. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerifySessionResponse"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 403: the caller is identified but not allowed to do this (see the operation's description). */
            403: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postTransaction: {
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
            /** @description The transaction's outcome (OK, or DECLINED for a BET) and the balance after it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionResponse"];
                };
            };
            /** @description 400: the body, a query or path parameter, or the X-Nonce header (`invalid nonce`) does not validate. */
            400: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
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
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["InvalidSignatureText"];
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 403: the caller is identified but not allowed to do this (see the operation's description). */
            403: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 409: another attempt for the same transactionId is in flight; do not retry yet. */
            409: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 429: the per-tenant rate limit is exceeded. Wait `Retry-After` seconds before retrying. */
            429: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    /** @description Whole seconds to wait before retrying; at least 1. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 500: an unexpected or retryable platform-side failure. */
            500: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description 503: the game or the operator is not configured (for example no callback URL set yet). */
            503: {
                headers: {
                    /** @description The error's code, the same as the body's `code`; for the plain-text 401 the only place it is given. */
                    "X-Error-Code": components["schemas"]["ErrorCode"];
                    /**
                     * @description The request's id, on every response (not only errors): the caller's own `X-Request-Id` when it sent
                     *     one of 1 to 128 characters `A-Z a-z 0-9 - _ . : ~`, otherwise one the service generated. The
                     *     service logs it with the request; quote it when reporting a problem.
                     */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
}
