import type { Migration } from "../schema-version.js";

/**
 * Versioned schema migrations for PostgreSQL, applied in order at start, each in its own transaction, under an
 * advisory lock (see database.ts). The same tables as SQLite's (../migrations.ts) in PostgreSQL's dialect, numbered
 * on their own: version 1 is SQLite's seven versions' end state. Times are unix milliseconds in BIGINT (seconds where
 * the SQLite column says so). Append new versions; never edit one that has shipped.
 */
export const POSTGRES_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "core",
    sql: `
      CREATE TABLE tenant_state (
        tenant_id TEXT PRIMARY KEY,
        role TEXT NOT NULL CHECK (role IN ('operator', 'provider')),
        secret TEXT NOT NULL,
        previous_secret TEXT,
        previous_valid_until BIGINT,           -- unix seconds
        callback_url TEXT,
        callback_timeout_ms INTEGER,
        secret_from_portal BOOLEAN NOT NULL DEFAULT FALSE,
        callback_url_from_portal BOOLEAN NOT NULL DEFAULT FALSE,
        updated_at BIGINT NOT NULL
      );

      -- Nonces seen per tenant, shared by every instance: a nonce one instance accepted is refused by all others.
      -- Kept until their expiry (unix seconds), then swept.
      CREATE TABLE nonces (
        tenant_id TEXT NOT NULL,
        nonce TEXT NOT NULL,
        expires_at BIGINT NOT NULL,
        PRIMARY KEY (tenant_id, nonce)
      );
      CREATE INDEX nonces_expiry ON nonces (expires_at);

      CREATE TABLE sessions (
        token TEXT PRIMARY KEY,
        operator_id TEXT NOT NULL,
        provider_id TEXT NOT NULL,
        player_ref TEXT NOT NULL,
        game_id TEXT NOT NULL,
        currency TEXT NOT NULL,
        language TEXT,
        demo BOOLEAN NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        seq BIGSERIAL NOT NULL                 -- arrival order: the sessions page's tie-breaker
      );
      CREATE INDEX sessions_player ON sessions (operator_id, player_ref);
      CREATE INDEX sessions_expiry ON sessions (expires_at);

      -- The wallet relay's ledger. A PENDING row is a claim: claimed_by names the instance calling the wallet, and
      -- the claim's lease runs out when updated_at is older than the operator's callback timeout.
      CREATE TABLE transactions (
        provider_id TEXT NOT NULL,
        transaction_id TEXT NOT NULL,
        operator_id TEXT NOT NULL,
        player_ref TEXT NOT NULL,
        game_id TEXT NOT NULL,
        round_id TEXT NOT NULL,
        type TEXT NOT NULL,
        amount BIGINT NOT NULL,
        currency TEXT NOT NULL,
        original_transaction_id TEXT,
        round_complete BOOLEAN NOT NULL DEFAULT FALSE,
        request_hash TEXT NOT NULL,
        callback_body TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('PENDING', 'OK', 'DECLINED', 'FAILED', 'TIMED_OUT')),
        response_balance BIGINT,
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        next_retry_at BIGINT,
        problem BOOLEAN NOT NULL DEFAULT FALSE,
        claimed_by TEXT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        seq BIGSERIAL NOT NULL,                -- arrival order, for a round's transactions in the order they came
        delivery_log JSONB,
        PRIMARY KEY (provider_id, transaction_id)
      );
      CREATE INDEX transactions_round ON transactions (operator_id, game_id, round_id);
      CREATE INDEX transactions_state ON transactions (state, next_retry_at);
      CREATE INDEX transactions_wallet_id ON transactions (operator_id, player_ref, transaction_id);
      CREATE INDEX transactions_operator_created ON transactions (operator_id, created_at);
      CREATE INDEX transactions_original ON transactions (provider_id, original_transaction_id) WHERE type = 'ROLLBACK';

      CREATE TABLE rounds (
        provider_id TEXT NOT NULL,
        operator_id TEXT NOT NULL,
        game_id TEXT NOT NULL,
        round_id TEXT NOT NULL,
        player_ref TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('OPEN', 'COMPLETED', 'CLOSED')),
        last_activity_at BIGINT NOT NULL,
        PRIMARY KEY (provider_id, operator_id, game_id, round_id)
      );
      CREATE INDEX rounds_stale ON rounds (status, last_activity_at);

      CREATE TABLE grants (
        id TEXT PRIMARY KEY,
        operator_id TEXT NOT NULL,
        provider_id TEXT NOT NULL,
        game_id TEXT NOT NULL,
        player_ref TEXT NOT NULL,
        campaign_id TEXT,
        spins INTEGER NOT NULL,
        bet_amount_minor BIGINT NOT NULL,
        currency TEXT NOT NULL,
        external_ref TEXT,
        status TEXT NOT NULL CHECK (status IN ('pending', 'active', 'cancelled', 'failed')),
        idempotency_key TEXT NOT NULL,
        expires_at TEXT,
        last_error TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        seq BIGSERIAL NOT NULL,                -- issue order
        UNIQUE (operator_id, idempotency_key)
      );
      CREATE INDEX grants_player ON grants (operator_id, player_ref);

      CREATE TABLE problems (
        id BIGSERIAL PRIMARY KEY,
        operator_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('UNSETTLED_CREDIT', 'UNCLOSED_ROUND', 'UNKNOWN_OUTCOME')),
        provider_id TEXT NOT NULL,
        transaction_id TEXT,
        game_id TEXT NOT NULL,
        round_id TEXT NOT NULL,
        player_ref TEXT NOT NULL,
        detail TEXT,
        created_at BIGINT NOT NULL,
        resolved_at BIGINT,
        resolved_by TEXT,
        resolution TEXT
      );
      CREATE UNIQUE INDEX problems_open ON problems (kind, provider_id, game_id, round_id, COALESCE(transaction_id, ''))
        WHERE resolved_at IS NULL;
      CREATE INDEX problems_operator ON problems (operator_id, id);
      CREATE INDEX problems_open_transaction ON problems (provider_id, transaction_id) WHERE resolved_at IS NULL;

      CREATE TABLE audit_log (
        id BIGSERIAL PRIMARY KEY,
        operator_id TEXT NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        target TEXT NOT NULL,
        note TEXT,
        result TEXT,
        created_at BIGINT NOT NULL
      );
      CREATE INDEX audit_log_operator ON audit_log (operator_id, id);

      CREATE TABLE backoffice_users (
        username TEXT PRIMARY KEY,
        operator_id TEXT,
        role TEXT NOT NULL CHECK (role IN ('viewer', 'manager')),
        password_hash TEXT NOT NULL,
        created_at BIGINT NOT NULL
      );
      CREATE TABLE backoffice_sessions (
        token_hash TEXT PRIMARY KEY,
        username TEXT NOT NULL REFERENCES backoffice_users (username) ON DELETE CASCADE,
        csrf_token TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      );
      CREATE INDEX backoffice_sessions_expiry ON backoffice_sessions (expires_at);

      -- Cluster coordination: each live instance's heartbeat (the rate limit's share is the limit over the live
      -- count), and named leases so that one instance at a time runs each background job.
      CREATE TABLE instances (
        instance_id TEXT PRIMARY KEY,
        last_seen_at BIGINT NOT NULL
      );
      CREATE TABLE job_leases (
        job TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        expires_at BIGINT NOT NULL
      );

      -- Round activity: a CLOSED round that sees new activity opens again, and the activity time always moves forward,
      -- so the reconciler's close (conditional on the time it read) can tell that activity happened.
      CREATE FUNCTION croupier_touch_round(t jsonb, now_ms bigint) RETURNS void LANGUAGE sql AS $fn$
        INSERT INTO rounds (provider_id, operator_id, game_id, round_id, player_ref, status, last_activity_at)
        VALUES (t->>'providerId', t->>'operatorId', t->>'gameId', t->>'roundId', t->>'playerRef', 'OPEN', now_ms)
        ON CONFLICT (provider_id, operator_id, game_id, round_id) DO UPDATE
        SET last_activity_at = GREATEST(EXCLUDED.last_activity_at, rounds.last_activity_at + 1),
          status = CASE WHEN rounds.status = 'CLOSED' THEN 'OPEN' ELSE rounds.status END
      $fn$;

      -- The relay's claim in one round trip: the decision and the PENDING write in one transaction, so of concurrent
      -- claims on any instances exactly one gets the call. A new id takes a lock per (operator, player) first, so the
      -- checks against other providers' ids (decisions.md §4) and the insert cannot interleave with another's.
      -- Answers {kind, row}: the row without its delivery log, as the domain's record.
      CREATE FUNCTION croupier_claim(t jsonb, now_ms bigint, stale_before bigint, touch boolean, call jsonb, owner text)
      RETURNS jsonb LANGUAGE plpgsql AS $fn$
      DECLARE
        r transactions;
      BEGIN
        SELECT * INTO r FROM transactions WHERE provider_id = t->>'providerId' AND transaction_id = t->>'transactionId' FOR UPDATE;
        IF NOT FOUND THEN
          PERFORM pg_advisory_xact_lock(hashtextextended((t->>'operatorId') || chr(1) || (t->>'playerRef'), 0));
          SELECT * INTO r FROM transactions WHERE provider_id = t->>'providerId' AND transaction_id = t->>'transactionId' FOR UPDATE;
        END IF;
        IF NOT FOUND THEN
          IF EXISTS (SELECT 1 FROM transactions WHERE operator_id = t->>'operatorId' AND player_ref = t->>'playerRef'
              AND transaction_id = t->>'transactionId' AND provider_id <> t->>'providerId') THEN
            RETURN jsonb_build_object('kind', 'id-of-another-provider');
          END IF;
          IF t->>'type' = 'ROLLBACK' AND t->>'originalTransactionId' IS NOT NULL AND EXISTS (SELECT 1 FROM transactions
              WHERE operator_id = t->>'operatorId' AND player_ref = t->>'playerRef' AND transaction_id = t->>'originalTransactionId'
                AND type = 'BET' AND provider_id <> t->>'providerId') THEN
            RETURN jsonb_build_object('kind', 'original-of-another-provider');
          END IF;
          INSERT INTO transactions (provider_id, transaction_id, operator_id, player_ref, game_id, round_id, type, amount, currency,
            original_transaction_id, round_complete, request_hash, callback_body, state, attempts, claimed_by, created_at, updated_at,
            delivery_log)
          VALUES (t->>'providerId', t->>'transactionId', t->>'operatorId', t->>'playerRef', t->>'gameId', t->>'roundId', t->>'type',
            (t->>'amount')::bigint, t->>'currency', t->>'originalTransactionId', (t->>'roundComplete')::boolean, t->>'requestHash',
            t->>'callbackBody', 'PENDING', 1, owner, now_ms, now_ms, jsonb_build_array(call || jsonb_build_object('n', 1)))
          RETURNING * INTO r;
        ELSIF r.request_hash <> t->>'requestHash' THEN
          RETURN jsonb_build_object('kind', 'different-body', 'row', to_jsonb(r) - 'delivery_log');
        ELSIF r.state IN ('OK', 'DECLINED') THEN
          RETURN jsonb_build_object('kind', 'settled', 'row', to_jsonb(r) - 'delivery_log');
        ELSIF r.state = 'PENDING' AND r.updated_at >= stale_before THEN
          RETURN jsonb_build_object('kind', 'in-flight', 'row', to_jsonb(r) - 'delivery_log');
        ELSE
          UPDATE transactions SET state = 'PENDING', attempts = attempts + 1, next_retry_at = NULL, updated_at = now_ms,
            claimed_by = owner, delivery_log = COALESCE(delivery_log, '[]'::jsonb) || jsonb_build_array(call || jsonb_build_object('n', attempts + 1))
          WHERE provider_id = r.provider_id AND transaction_id = r.transaction_id
          RETURNING * INTO r;
        END IF;
        IF touch THEN
          PERFORM croupier_touch_round(t, now_ms);
        END IF;
        RETURN jsonb_build_object('kind', 'claimed', 'row', to_jsonb(r) - 'delivery_log');
      END
      $fn$;
    `,
  },
  {
    version: 2,
    name: "secrets-at-rest",
    // SQLite's version 8: session tokens stored by their SHA-256 digest and sealed under CROUPIER_SECRET_KEY, and the
    // check value that tells that key from any other (unlock-database.ts). PostgreSQL never held plaintext ones.
    sql: `
      ALTER TABLE sessions RENAME COLUMN token TO token_hash;
      ALTER TABLE sessions ADD COLUMN token_sealed TEXT;
      CREATE TABLE secret_key_check (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        sealed TEXT NOT NULL
      );
    `,
  },
  {
    version: 3,
    name: "session-digest-of-transactions",
    // SQLite's version 9: the digest of the session token each transaction came with, which a retry is compared by.
    // Rows written before keep NULL (their body is sealed): a retry of one is checked against a live session. The claim
    // is version 1's, writing the digest.
    sql: `
      ALTER TABLE transactions ADD COLUMN session_token_hash TEXT;

      CREATE OR REPLACE FUNCTION croupier_claim(t jsonb, now_ms bigint, stale_before bigint, touch boolean, call jsonb, owner text)
      RETURNS jsonb LANGUAGE plpgsql AS $fn$
      DECLARE
        r transactions;
      BEGIN
        SELECT * INTO r FROM transactions WHERE provider_id = t->>'providerId' AND transaction_id = t->>'transactionId' FOR UPDATE;
        IF NOT FOUND THEN
          PERFORM pg_advisory_xact_lock(hashtextextended((t->>'operatorId') || chr(1) || (t->>'playerRef'), 0));
          SELECT * INTO r FROM transactions WHERE provider_id = t->>'providerId' AND transaction_id = t->>'transactionId' FOR UPDATE;
        END IF;
        IF NOT FOUND THEN
          IF EXISTS (SELECT 1 FROM transactions WHERE operator_id = t->>'operatorId' AND player_ref = t->>'playerRef'
              AND transaction_id = t->>'transactionId' AND provider_id <> t->>'providerId') THEN
            RETURN jsonb_build_object('kind', 'id-of-another-provider');
          END IF;
          IF t->>'type' = 'ROLLBACK' AND t->>'originalTransactionId' IS NOT NULL AND EXISTS (SELECT 1 FROM transactions
              WHERE operator_id = t->>'operatorId' AND player_ref = t->>'playerRef' AND transaction_id = t->>'originalTransactionId'
                AND type = 'BET' AND provider_id <> t->>'providerId') THEN
            RETURN jsonb_build_object('kind', 'original-of-another-provider');
          END IF;
          INSERT INTO transactions (provider_id, transaction_id, operator_id, player_ref, game_id, round_id, type, amount, currency,
            original_transaction_id, round_complete, request_hash, session_token_hash, callback_body, state, attempts, claimed_by, created_at,
            updated_at, delivery_log)
          VALUES (t->>'providerId', t->>'transactionId', t->>'operatorId', t->>'playerRef', t->>'gameId', t->>'roundId', t->>'type',
            (t->>'amount')::bigint, t->>'currency', t->>'originalTransactionId', (t->>'roundComplete')::boolean, t->>'requestHash',
            t->>'sessionTokenHash', t->>'callbackBody', 'PENDING', 1, owner, now_ms, now_ms, jsonb_build_array(call || jsonb_build_object('n', 1)))
          RETURNING * INTO r;
        ELSIF r.request_hash <> t->>'requestHash' THEN
          RETURN jsonb_build_object('kind', 'different-body', 'row', to_jsonb(r) - 'delivery_log');
        ELSIF r.state IN ('OK', 'DECLINED') THEN
          RETURN jsonb_build_object('kind', 'settled', 'row', to_jsonb(r) - 'delivery_log');
        ELSIF r.state = 'PENDING' AND r.updated_at >= stale_before THEN
          RETURN jsonb_build_object('kind', 'in-flight', 'row', to_jsonb(r) - 'delivery_log');
        ELSE
          UPDATE transactions SET state = 'PENDING', attempts = attempts + 1, next_retry_at = NULL, updated_at = now_ms,
            claimed_by = owner, delivery_log = COALESCE(delivery_log, '[]'::jsonb) || jsonb_build_array(call || jsonb_build_object('n', attempts + 1))
          WHERE provider_id = r.provider_id AND transaction_id = r.transaction_id
          RETURNING * INTO r;
        END IF;
        IF touch THEN
          PERFORM croupier_touch_round(t, now_ms);
        END IF;
        RETURN jsonb_build_object('kind', 'claimed', 'row', to_jsonb(r) - 'delivery_log');
      END
      $fn$;
    `,
  },
  {
    version: 4,
    name: "first-claim",
    // A provider's new transaction in one round trip (issue 20): the call's nonce recorded as nonce-store.ts records
    // it (a replay writes nothing else), its session checked live by token digest (a kick committed before is seen),
    // the id checked new, then claimed as croupier_claim claims a new id, under the same per-player lock. Answers
    // {kind, row} as croupier_claim does; anything but 'claimed' wrote nothing but the nonce.
    sql: `
      CREATE FUNCTION croupier_claim_first(t jsonb, now_ms bigint, call jsonb, owner text, call_nonce jsonb)
      RETURNS jsonb LANGUAGE plpgsql AS $fn$
      DECLARE
        r transactions;
      BEGIN
        IF call_nonce IS NOT NULL THEN
          INSERT INTO nonces AS n (tenant_id, nonce, expires_at)
          VALUES (call_nonce->>'tenantId', call_nonce->>'nonce', (call_nonce->>'expiresAt')::bigint)
          ON CONFLICT (tenant_id, nonce) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE n.expires_at < now_ms / 1000;
          IF NOT FOUND THEN
            RETURN jsonb_build_object('kind', 'replayed');
          END IF;
        END IF;
        IF NOT EXISTS (SELECT 1 FROM sessions WHERE token_hash = t->>'sessionTokenHash' AND expires_at > now_ms) THEN
          RETURN jsonb_build_object('kind', 'session-ended');
        END IF;
        IF EXISTS (SELECT 1 FROM transactions WHERE provider_id = t->>'providerId' AND transaction_id = t->>'transactionId') THEN
          RETURN jsonb_build_object('kind', 'exists');
        END IF;
        PERFORM pg_advisory_xact_lock(hashtextextended((t->>'operatorId') || chr(1) || (t->>'playerRef'), 0));
        IF EXISTS (SELECT 1 FROM transactions WHERE operator_id = t->>'operatorId' AND player_ref = t->>'playerRef'
            AND transaction_id = t->>'transactionId' AND provider_id <> t->>'providerId') THEN
          RETURN jsonb_build_object('kind', 'id-of-another-provider');
        END IF;
        IF t->>'type' = 'ROLLBACK' AND t->>'originalTransactionId' IS NOT NULL AND EXISTS (SELECT 1 FROM transactions
            WHERE operator_id = t->>'operatorId' AND player_ref = t->>'playerRef' AND transaction_id = t->>'originalTransactionId'
              AND type = 'BET' AND provider_id <> t->>'providerId') THEN
          RETURN jsonb_build_object('kind', 'original-of-another-provider');
        END IF;
        -- Another instance may have inserted the id since the check above (it holds another player's lock when its
        -- request differs): the key decides, and the loser takes the full way.
        INSERT INTO transactions (provider_id, transaction_id, operator_id, player_ref, game_id, round_id, type, amount, currency,
          original_transaction_id, round_complete, request_hash, session_token_hash, callback_body, state, attempts, claimed_by, created_at,
          updated_at, delivery_log)
        VALUES (t->>'providerId', t->>'transactionId', t->>'operatorId', t->>'playerRef', t->>'gameId', t->>'roundId', t->>'type',
          (t->>'amount')::bigint, t->>'currency', t->>'originalTransactionId', (t->>'roundComplete')::boolean, t->>'requestHash',
          t->>'sessionTokenHash', t->>'callbackBody', 'PENDING', 1, owner, now_ms, now_ms, jsonb_build_array(call || jsonb_build_object('n', 1)))
        ON CONFLICT (provider_id, transaction_id) DO NOTHING
        RETURNING * INTO r;
        IF NOT FOUND THEN
          RETURN jsonb_build_object('kind', 'exists');
        END IF;
        PERFORM croupier_touch_round(t, now_ms);
        RETURN jsonb_build_object('kind', 'claimed', 'row', to_jsonb(r) - 'delivery_log');
      END
      $fn$;
    `,
  },
  {
    version: 5,
    name: "one-new-id-claim",
    // croupier_claim and croupier_claim_first made a new id's claim each in its own words: one function now does it for
    // both, the same checks under the same per-player lock. Its INSERT yields to a row another claim inserted meanwhile
    // ('exists', also when that claim held another player's lock): croupier_claim then reads that row as it reads any
    // stored one, croupier_claim_first answers 'exists'.
    sql: `
      CREATE FUNCTION croupier_claim_new(t jsonb, now_ms bigint, call jsonb, owner text)
      RETURNS jsonb LANGUAGE plpgsql AS $fn$
      DECLARE
        r transactions;
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtextextended((t->>'operatorId') || chr(1) || (t->>'playerRef'), 0));
        IF EXISTS (SELECT 1 FROM transactions WHERE operator_id = t->>'operatorId' AND player_ref = t->>'playerRef'
            AND transaction_id = t->>'transactionId' AND provider_id <> t->>'providerId') THEN
          RETURN jsonb_build_object('kind', 'id-of-another-provider');
        END IF;
        IF t->>'type' = 'ROLLBACK' AND t->>'originalTransactionId' IS NOT NULL AND EXISTS (SELECT 1 FROM transactions
            WHERE operator_id = t->>'operatorId' AND player_ref = t->>'playerRef' AND transaction_id = t->>'originalTransactionId'
              AND type = 'BET' AND provider_id <> t->>'providerId') THEN
          RETURN jsonb_build_object('kind', 'original-of-another-provider');
        END IF;
        INSERT INTO transactions (provider_id, transaction_id, operator_id, player_ref, game_id, round_id, type, amount, currency,
          original_transaction_id, round_complete, request_hash, session_token_hash, callback_body, state, attempts, claimed_by, created_at,
          updated_at, delivery_log)
        VALUES (t->>'providerId', t->>'transactionId', t->>'operatorId', t->>'playerRef', t->>'gameId', t->>'roundId', t->>'type',
          (t->>'amount')::bigint, t->>'currency', t->>'originalTransactionId', (t->>'roundComplete')::boolean, t->>'requestHash',
          t->>'sessionTokenHash', t->>'callbackBody', 'PENDING', 1, owner, now_ms, now_ms, jsonb_build_array(call || jsonb_build_object('n', 1)))
        ON CONFLICT (provider_id, transaction_id) DO NOTHING
        RETURNING * INTO r;
        IF NOT FOUND THEN
          RETURN jsonb_build_object('kind', 'exists');
        END IF;
        RETURN jsonb_build_object('kind', 'claimed', 'row', to_jsonb(r) - 'delivery_log');
      END
      $fn$;

      CREATE OR REPLACE FUNCTION croupier_claim(t jsonb, now_ms bigint, stale_before bigint, touch boolean, call jsonb, owner text)
      RETURNS jsonb LANGUAGE plpgsql AS $fn$
      DECLARE
        r transactions;
        result jsonb;
      BEGIN
        SELECT * INTO r FROM transactions WHERE provider_id = t->>'providerId' AND transaction_id = t->>'transactionId' FOR UPDATE;
        IF NOT FOUND THEN
          result := croupier_claim_new(t, now_ms, call, owner);
          IF result->>'kind' <> 'exists' THEN
            IF touch AND result->>'kind' = 'claimed' THEN
              PERFORM croupier_touch_round(t, now_ms);
            END IF;
            RETURN result;
          END IF;
          SELECT * INTO r FROM transactions WHERE provider_id = t->>'providerId' AND transaction_id = t->>'transactionId' FOR UPDATE;
        END IF;
        IF r.request_hash <> t->>'requestHash' THEN
          RETURN jsonb_build_object('kind', 'different-body', 'row', to_jsonb(r) - 'delivery_log');
        ELSIF r.state IN ('OK', 'DECLINED') THEN
          RETURN jsonb_build_object('kind', 'settled', 'row', to_jsonb(r) - 'delivery_log');
        ELSIF r.state = 'PENDING' AND r.updated_at >= stale_before THEN
          RETURN jsonb_build_object('kind', 'in-flight', 'row', to_jsonb(r) - 'delivery_log');
        END IF;
        UPDATE transactions SET state = 'PENDING', attempts = attempts + 1, next_retry_at = NULL, updated_at = now_ms,
          claimed_by = owner, delivery_log = COALESCE(delivery_log, '[]'::jsonb) || jsonb_build_array(call || jsonb_build_object('n', attempts + 1))
        WHERE provider_id = r.provider_id AND transaction_id = r.transaction_id
        RETURNING * INTO r;
        IF touch THEN
          PERFORM croupier_touch_round(t, now_ms);
        END IF;
        RETURN jsonb_build_object('kind', 'claimed', 'row', to_jsonb(r) - 'delivery_log');
      END
      $fn$;

      CREATE OR REPLACE FUNCTION croupier_claim_first(t jsonb, now_ms bigint, call jsonb, owner text, call_nonce jsonb)
      RETURNS jsonb LANGUAGE plpgsql AS $fn$
      DECLARE
        result jsonb;
      BEGIN
        IF call_nonce IS NOT NULL THEN
          INSERT INTO nonces AS n (tenant_id, nonce, expires_at)
          VALUES (call_nonce->>'tenantId', call_nonce->>'nonce', (call_nonce->>'expiresAt')::bigint)
          ON CONFLICT (tenant_id, nonce) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE n.expires_at < now_ms / 1000;
          IF NOT FOUND THEN
            RETURN jsonb_build_object('kind', 'replayed');
          END IF;
        END IF;
        IF NOT EXISTS (SELECT 1 FROM sessions WHERE token_hash = t->>'sessionTokenHash' AND expires_at > now_ms) THEN
          RETURN jsonb_build_object('kind', 'session-ended');
        END IF;
        IF EXISTS (SELECT 1 FROM transactions WHERE provider_id = t->>'providerId' AND transaction_id = t->>'transactionId') THEN
          RETURN jsonb_build_object('kind', 'exists');
        END IF;
        result := croupier_claim_new(t, now_ms, call, owner);
        IF result->>'kind' = 'claimed' THEN
          PERFORM croupier_touch_round(t, now_ms);
        END IF;
        RETURN result;
      END
      $fn$;
    `,
  },
];
