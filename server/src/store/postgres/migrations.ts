import { LIST_INDEXES_SQL } from "../list-indexes.js";
import { addToMinuteSql, endedCallDeltas, minuteColumnsSql, receivedDeltas, stateMoveDeltas } from "../operator-minutes.js";
import type { Migration } from "../schema-version.js";

const postgresInteger = (condition: string) => `(${condition})::int`;
/** The counter rows of a written transaction (count_operator_minutes): the minute it was received, its last call's. */
const RECEIVED_MINUTE = { operator_id: "NEW.operator_id", minute: "NEW.created_at / 60000", shard: "my_shard" };
const CALL_MINUTE = { operator_id: "NEW.operator_id", minute: "call_minute", shard: "my_shard" };
const OUTCOME = "(last_call ->> 'outcome')";

/**
 * PostgreSQL's schema versions, applied in order at start under an advisory lock: SQLite's tables in PostgreSQL's
 * dialect, numbered on their own. Append new versions; never edit one that has shipped.
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
  {
    version: 6,
    name: "round-closing-and-resolved-credits",
    // decisions.md §5 (closed rounds, credits resolved by hand, croupier_claim_v2) as an expand step: the previous
    // release's functions keep their signatures but run the new rules (docs/running.md, Upgrading).
    sql: `
      ALTER TABLE rounds DROP CONSTRAINT rounds_status_check;
      ALTER TABLE rounds ADD CONSTRAINT rounds_status_check CHECK (status IN ('OPEN', 'COMPLETED', 'CLOSING', 'CLOSED')) NOT VALID;

      ALTER TABLE transactions ADD COLUMN resolved_by_hand BOOLEAN NOT NULL DEFAULT FALSE;
      UPDATE transactions SET resolved_by_hand = TRUE WHERE problem AND EXISTS (SELECT 1 FROM problems p
        WHERE p.provider_id = transactions.provider_id AND p.transaction_id = transactions.transaction_id AND p.kind = 'UNSETTLED_CREDIT'
          AND p.resolved_at IS NOT NULL AND p.resolved_by <> 'system');
      CREATE FUNCTION croupier_resolved_by_hand() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        UPDATE transactions SET resolved_by_hand = (resolved_by_hand OR NEW.kind = 'UNSETTLED_CREDIT')
        WHERE provider_id = NEW.provider_id AND transaction_id = NEW.transaction_id AND state <> 'PENDING';
        IF NOT FOUND AND EXISTS (SELECT 1 FROM transactions WHERE provider_id = NEW.provider_id AND transaction_id = NEW.transaction_id) THEN
          RAISE EXCEPTION 'a call for this transaction is in flight' USING ERRCODE = 'CRP01';
        END IF;
        RETURN NULL;
      END
      $fn$;
      CREATE TRIGGER problems_resolved_by_hand AFTER UPDATE OF resolved_at ON problems FOR EACH ROW
        WHEN (OLD.resolved_at IS NULL AND NEW.resolved_at IS NOT NULL AND NEW.resolved_by <> 'system' AND NEW.transaction_id IS NOT NULL)
        EXECUTE FUNCTION croupier_resolved_by_hand();

      -- Round activity of a provider's claim: false, and nothing written, once the reconciler closed the round. The
      -- round's row stays locked to the end of the claim's transaction either way, so the reconciler's close waits for it.
      CREATE FUNCTION croupier_enter_round(t jsonb, now_ms bigint) RETURNS boolean LANGUAGE plpgsql AS $fn$
      BEGIN
        INSERT INTO rounds (provider_id, operator_id, game_id, round_id, player_ref, status, last_activity_at)
        VALUES (t->>'providerId', t->>'operatorId', t->>'gameId', t->>'roundId', t->>'playerRef', 'OPEN', now_ms)
        ON CONFLICT (provider_id, operator_id, game_id, round_id) DO UPDATE
        SET last_activity_at = GREATEST(EXCLUDED.last_activity_at, rounds.last_activity_at + 1)
        WHERE rounds.status NOT IN ('CLOSING', 'CLOSED');
        RETURN FOUND;
      END
      $fn$;

      -- A new id claimed (croupier_claim_new's checks under the per-player lock), its round entered when it is a
      -- provider's; 'exists' when another claim inserted the id meanwhile.
      CREATE FUNCTION croupier_insert_claim(t jsonb, now_ms bigint, call jsonb, owner text, provider_call boolean)
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
        -- The round after the row, as every claim locks them (the per-player lock, the transaction's row, the round's);
        -- in a round the reconciler closed the row never was.
        IF provider_call AND NOT croupier_enter_round(t, now_ms) THEN
          DELETE FROM transactions WHERE provider_id = r.provider_id AND transaction_id = r.transaction_id;
          RETURN jsonb_build_object('kind', 'round-closed');
        END IF;
        RETURN jsonb_build_object('kind', 'claimed', 'row', to_jsonb(r) - 'delivery_log');
      END
      $fn$;

      -- A stored record's answer, or its claim for one more attempt; the caller holds its row's lock.
      CREATE FUNCTION croupier_claim_again(r transactions, now_ms bigint, stale_before bigint, call jsonb, owner text)
      RETURNS jsonb LANGUAGE plpgsql AS $fn$
      BEGIN
        IF r.state IN ('OK', 'DECLINED') THEN
          RETURN jsonb_build_object('kind', 'settled', 'row', to_jsonb(r) - 'delivery_log');
        ELSIF r.resolved_by_hand THEN
          RETURN jsonb_build_object('kind', 'resolved-by-hand', 'row', to_jsonb(r) - 'delivery_log');
        ELSIF r.state = 'PENDING' AND r.updated_at >= stale_before THEN
          RETURN jsonb_build_object('kind', 'in-flight', 'row', to_jsonb(r) - 'delivery_log');
        END IF;
        UPDATE transactions SET state = 'PENDING', attempts = attempts + 1, next_retry_at = NULL, updated_at = now_ms,
          claimed_by = owner, delivery_log = COALESCE(delivery_log, '[]'::jsonb) || jsonb_build_array(call || jsonb_build_object('n', attempts + 1))
        WHERE provider_id = r.provider_id AND transaction_id = r.transaction_id
        RETURNING * INTO r;
        RETURN jsonb_build_object('kind', 'claimed', 'row', to_jsonb(r) - 'delivery_log');
      END
      $fn$;

      -- The ledger's one claim (TransactionStore.claim, domain/ports/ledger.ts): intent {kind, transaction | key,
      -- requestHash, nonce}; answers {kind, row | reversal}. The rules and their order are the port's.
      CREATE FUNCTION croupier_claim_v2(intent jsonb, now_ms bigint, stale_before bigint, call jsonb, owner text)
      RETURNS jsonb LANGUAGE plpgsql AS $fn$
      DECLARE
        kind text := intent->>'kind';
        t jsonb := COALESCE(intent->'transaction', intent->'key');
        r transactions;
        reversal transactions;
        result jsonb;
        entered boolean;
      BEGIN
        IF jsonb_typeof(intent->'nonce') = 'object' THEN
          INSERT INTO nonces AS n (tenant_id, nonce, expires_at)
          VALUES (intent->'nonce'->>'tenantId', intent->'nonce'->>'nonce', (intent->'nonce'->>'expiresAtSeconds')::bigint)
          ON CONFLICT (tenant_id, nonce) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE n.expires_at < now_ms / 1000;
          IF NOT FOUND THEN
            RETURN jsonb_build_object('kind', 'replayed');
          END IF;
        END IF;
        IF kind = 'look' THEN
          SELECT * INTO r FROM transactions WHERE provider_id = t->>'providerId' AND transaction_id = t->>'transactionId';
          IF NOT FOUND THEN
            RETURN jsonb_build_object('kind', 'absent');
          ELSIF r.request_hash <> intent->>'requestHash' THEN
            RETURN jsonb_build_object('kind', 'different-body', 'row', to_jsonb(r) - 'delivery_log');
          ELSIF r.state IN ('OK', 'DECLINED') THEN
            RETURN jsonb_build_object('kind', 'settled', 'row', to_jsonb(r) - 'delivery_log');
          ELSIF r.resolved_by_hand THEN
            RETURN jsonb_build_object('kind', 'resolved-by-hand', 'row', to_jsonb(r) - 'delivery_log');
          END IF;
          RETURN jsonb_build_object('kind', 'unsettled', 'row', to_jsonb(r) - 'delivery_log');
        END IF;
        IF kind = 'provider' THEN
          -- A player's claims, the reconciler's close of their round included, take this lock first: they never interleave.
          PERFORM pg_advisory_xact_lock(hashtextextended((t->>'operatorId') || chr(1) || (t->>'playerRef'), 0));
        END IF;
        SELECT * INTO r FROM transactions WHERE provider_id = t->>'providerId' AND transaction_id = t->>'transactionId' FOR UPDATE;
        IF NOT FOUND THEN
          IF kind = 'resend' THEN
            RETURN jsonb_build_object('kind', 'absent');
          ELSIF kind = 'provider' AND NOT EXISTS (SELECT 1 FROM sessions WHERE token_hash = t->>'sessionTokenHash' AND expires_at > now_ms) THEN
            RETURN jsonb_build_object('kind', 'session-ended');
          END IF;
          result := croupier_insert_claim(t, now_ms, call, owner, kind = 'provider');
          IF result->>'kind' <> 'exists' THEN
            RETURN result;
          END IF;
          SELECT * INTO r FROM transactions WHERE provider_id = t->>'providerId' AND transaction_id = t->>'transactionId' FOR UPDATE;
        END IF;
        IF kind <> 'resend' AND r.request_hash <> t->>'requestHash' THEN
          RETURN jsonb_build_object('kind', 'different-body', 'row', to_jsonb(r) - 'delivery_log');
        END IF;
        IF kind = 'provider' THEN
          -- Answered through the session it was made in even once that session ended.
          IF NOT ((r.state IN ('OK', 'DECLINED') OR r.resolved_by_hand) AND r.session_token_hash = t->>'sessionTokenHash') THEN
            IF NOT EXISTS (SELECT 1 FROM sessions WHERE token_hash = t->>'sessionTokenHash' AND expires_at > now_ms) THEN
              RETURN jsonb_build_object('kind', 'session-ended');
            ELSIF r.operator_id <> t->>'operatorId' THEN
              RETURN jsonb_build_object('kind', 'other-operator', 'row', to_jsonb(r) - 'delivery_log');
            END IF;
          END IF;
          IF r.state NOT IN ('OK', 'DECLINED') AND NOT r.resolved_by_hand THEN
            -- The round's row is locked before deciding: no close of it comes between.
            entered := croupier_enter_round(t, now_ms);
            IF r.type = 'BET' THEN
              SELECT * INTO reversal FROM transactions WHERE provider_id = r.provider_id AND original_transaction_id = r.transaction_id
                AND type = 'ROLLBACK' AND state = 'OK' LIMIT 1;
              IF FOUND THEN
                RETURN jsonb_build_object('kind', 'reversed', 'reversal', to_jsonb(reversal) - 'delivery_log');
              END IF;
              -- A credit recorded before its round closed is still sent; a bet is the reconciler's to reverse.
              IF NOT entered OR EXISTS (SELECT 1 FROM transactions WHERE provider_id = r.provider_id
                  AND transaction_id = 'stale-rollback:' || r.transaction_id) THEN
                RETURN jsonb_build_object('kind', 'being-reversed', 'row', to_jsonb(r) - 'delivery_log');
              END IF;
            END IF;
          END IF;
        END IF;
        RETURN croupier_claim_again(r, now_ms, stale_before, call, owner);
      END
      $fn$;

      -- The reconciler's one decision on an OPEN round (decisions.md §5), under the per-player lock a claim takes first
      -- and then the round's row lock, in the order every claim takes them.
      CREATE FUNCTION croupier_close_round(round jsonb, read_activity bigint, rollback jsonb, now_ms bigint, stale_before bigint,
        call jsonb, owner text)
      RETURNS jsonb LANGUAGE plpgsql AS $fn$
      DECLARE
        current rounds;
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtextextended((round->>'operatorId') || chr(1) || (round->>'playerRef'), 0));
        SELECT * INTO current FROM rounds WHERE provider_id = round->>'providerId' AND operator_id = round->>'operatorId'
          AND game_id = round->>'gameId' AND round_id = round->>'roundId' FOR UPDATE;
        IF NOT FOUND OR current.status <> 'OPEN' OR current.last_activity_at <> read_activity THEN
          RETURN jsonb_build_object('kind', 'changed');
        END IF;
        IF EXISTS (SELECT 1 FROM transactions WHERE operator_id = current.operator_id AND game_id = current.game_id
            AND round_id = current.round_id AND provider_id = current.provider_id AND type = 'WIN' AND round_complete) THEN
          UPDATE rounds SET status = 'COMPLETED' WHERE provider_id = current.provider_id AND operator_id = current.operator_id
            AND game_id = current.game_id AND round_id = current.round_id;
          RETURN jsonb_build_object('kind', 'completed');
        END IF;
        UPDATE rounds SET status = CASE WHEN rollback IS NULL THEN 'CLOSED' ELSE 'CLOSING' END
        WHERE provider_id = current.provider_id AND operator_id = current.operator_id AND game_id = current.game_id
          AND round_id = current.round_id;
        IF rollback IS NULL THEN
          UPDATE problems SET resolved_at = now_ms, resolved_by = 'system', resolution = 'closed by the reconciler'
          WHERE kind = 'UNCLOSED_ROUND' AND provider_id = current.provider_id AND operator_id = current.operator_id
            AND game_id = current.game_id AND round_id = current.round_id AND resolved_at IS NULL;
          RETURN jsonb_build_object('kind', 'closed');
        END IF;
        RETURN jsonb_build_object('kind', 'closing', 'claim',
          croupier_claim_v2(jsonb_build_object('kind', 'platform', 'transaction', rollback), now_ms, stale_before, call, owner));
      END
      $fn$;

      -- The previous release's entry points, same signatures and answers, now the claims above. What they cannot express
      -- they refuse with an error, a retryable 500 in that release, so the provider's retry reaches an upgraded instance.
      CREATE OR REPLACE FUNCTION croupier_claim(t jsonb, now_ms bigint, stale_before bigint, touch boolean, call jsonb, owner text)
      RETURNS jsonb LANGUAGE plpgsql AS $fn$
      DECLARE
        result jsonb := croupier_claim_v2(jsonb_build_object('kind', CASE WHEN touch THEN 'provider' ELSE 'platform' END, 'transaction', t),
          now_ms, stale_before, call, owner);
      BEGIN
        IF result->>'kind' NOT IN ('claimed', 'settled', 'different-body', 'in-flight', 'id-of-another-provider', 'original-of-another-provider') THEN
          RAISE EXCEPTION 'croupier: % (answered by an upgraded instance)', result->>'kind' USING ERRCODE = 'CRP02';
        END IF;
        RETURN result;
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
        result := croupier_insert_claim(t, now_ms, call, owner, TRUE);
        -- The previous release then claims through croupier_claim, which meets the closed round.
        IF result->>'kind' = 'round-closed' THEN
          RETURN jsonb_build_object('kind', 'exists');
        END IF;
        RETURN result;
      END
      $fn$;

      INSERT INTO job_leases (job, owner, expires_at) VALUES ('stale-round-reconciler', 'retired by schema 6', 9007199254740991)
      ON CONFLICT (job) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at;
    `,
    expand: true,
  },
  {
    version: 7,
    name: "webhook-deliveries",
    // SQLite's version 11: every call made to a provider's webhooks. An expand step: a new table the release before never
    // reads, so it keeps running beside this one.
    sql: `
      CREATE TABLE webhook_deliveries (
        id BIGSERIAL PRIMARY KEY,
        provider_id TEXT NOT NULL,
        operator_id TEXT,
        event TEXT NOT NULL CHECK (event IN ('GRANT_ISSUE', 'GRANT_STATUS', 'GRANT_CANCEL', 'SESSION_REVOKE', 'TEST')),
        subject TEXT NOT NULL,
        grant_id TEXT,
        player_ref TEXT,
        game_id TEXT,
        path TEXT NOT NULL,
        body_sealed TEXT NOT NULL,
        attempt INTEGER NOT NULL,
        actor TEXT NOT NULL,
        started_at BIGINT NOT NULL,
        ended_at BIGINT,
        outcome TEXT CHECK (outcome IN ('DELIVERED', 'FAILED')),
        http_status INTEGER,
        response TEXT,
        error TEXT
      );
      CREATE INDEX webhook_deliveries_provider ON webhook_deliveries (provider_id, id);
      CREATE INDEX webhook_deliveries_subject ON webhook_deliveries (provider_id, event, subject);
      CREATE INDEX webhook_deliveries_grant ON webhook_deliveries (provider_id, grant_id, id);
      CREATE INDEX webhook_deliveries_player ON webhook_deliveries (provider_id, player_ref, id);
      CREATE INDEX webhook_deliveries_failed ON webhook_deliveries (provider_id, id) WHERE outcome = 'FAILED';
      CREATE INDEX webhook_deliveries_started ON webhook_deliveries (started_at);
    `,
    expand: true,
  },
  {
    version: 8,
    name: "studio-accounts",
    // SQLite's version 12: Back-office accounts of a game studio, bound to one provider, and their sessions; and the grants issued to a
    // provider, newest first. Tables of their own rather than a column on backoffice_users: the release before would
    // read a studio account there (operator_id NULL) as a platform account. An expand step: the release before never
    // reads these, and a studio account simply cannot sign in on it.
    sql: `
      CREATE TABLE studio_users (
        username TEXT PRIMARY KEY,
        provider_id TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('viewer', 'manager')),
        password_hash TEXT NOT NULL,
        created_at BIGINT NOT NULL
      );
      CREATE TABLE studio_sessions (
        token_hash TEXT PRIMARY KEY,
        username TEXT NOT NULL REFERENCES studio_users (username) ON DELETE CASCADE,
        csrf_token TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      );
      CREATE INDEX studio_sessions_expiry ON studio_sessions (expires_at);
      CREATE INDEX grants_provider ON grants (provider_id, created_at);
    `,
    expand: true,
  },
  {
    version: 9,
    name: "audit-log-by-kind",
    // SQLite's version 13: the back office filters the audit log by kind (issue 30 item 10). An expand step: the release
    // before writes and reads the log as before.
    sql: `CREATE INDEX audit_log_kind ON audit_log (operator_id, action, id);`,
    expand: true,
  },
  {
    version: 10,
    name: "sign-in-attempts",
    // SQLite's version 14: the sign-in attempt limits, one token bucket a row, so every instance spends the same ones
    // (two instances used to let 10 wrong passwords through instead of 5). An expand step: the release before never reads it.
    sql: `
      CREATE TABLE sign_in_attempts (
        bucket TEXT PRIMARY KEY,
        tokens DOUBLE PRECISION NOT NULL,
        counted_at DOUBLE PRECISION NOT NULL,
        full_at DOUBLE PRECISION NOT NULL
      );
      CREATE INDEX sign_in_attempts_full ON sign_in_attempts (full_at);
    `,
    expand: true,
  },
  {
    version: 11,
    name: "operator-minutes",
    // SQLite's version 15: per-minute counters per operator, kept by a trigger in the statement that writes a
    // transaction, so the overview reads at most an hour of rows instead of scanning the hour (issue 30 item 1). Each
    // connection adds to its own shard of a minute (pg_backend_pid), so one operator's concurrent money calls do not
    // queue on one hot row; readers add the shards up. The counters change in place (no indexed column does, and the
    // fill factor leaves room on the page): heap-only updates, no index write after a shard's first of the minute. An
    // expand step: the release before reads no counter, and the trigger counts its writes too.
    sql: `
      CREATE TABLE operator_minutes (
        operator_id TEXT NOT NULL,
        minute BIGINT NOT NULL,                -- unix ms / 60000
        shard SMALLINT NOT NULL,
        ${minuteColumnsSql("BIGINT")},
        PRIMARY KEY (operator_id, minute, shard)
      ) WITH (fillfactor = 50);
      CREATE FUNCTION count_operator_minutes() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        my_shard SMALLINT := pg_backend_pid() % 16;
        last_call JSONB := NEW.delivery_log -> -1;
        before_call JSONB := CASE WHEN TG_OP = 'UPDATE' THEN OLD.delivery_log -> -1 END;
        call_minute BIGINT := (last_call ->> 'at')::bigint / 60000;
        same_minute BOOLEAN := call_minute = NEW.created_at / 60000;
        started BOOLEAN := last_call IS NOT NULL AND (last_call ->> 'n') IS DISTINCT FROM (before_call ->> 'n');
        ended BOOLEAN := (last_call ->> 'end') IS NOT NULL AND (last_call ->> 'outcome') IS NOT NULL
          AND ((before_call ->> 'end') IS NULL OR started);
        ms BIGINT := GREATEST(0, (last_call ->> 'end')::bigint - (last_call ->> 'at')::bigint);
      BEGIN
        -- One row written per statement in the usual case: a call starts and ends in the minute of its write.
        IF TG_OP = 'INSERT' THEN
          IF started AND same_minute THEN
            ${addToMinuteSql(RECEIVED_MINUTE, { ...receivedDeltas("NEW.type", "NEW.state", postgresInteger), calls_started: "1" })};
            started := FALSE;
          ELSE
            ${addToMinuteSql(RECEIVED_MINUTE, receivedDeltas("NEW.type", "NEW.state", postgresInteger))};
          END IF;
        ELSIF OLD.state IS DISTINCT FROM NEW.state THEN
          IF ended AND NOT started AND same_minute THEN
            ${addToMinuteSql(RECEIVED_MINUTE, { ...stateMoveDeltas("OLD.state", "NEW.state", postgresInteger), ...endedCallDeltas(OUTCOME, "ms", postgresInteger) })};
            ended := FALSE;
          ELSIF started AND NOT ended AND same_minute THEN
            ${addToMinuteSql(RECEIVED_MINUTE, { ...stateMoveDeltas("OLD.state", "NEW.state", postgresInteger), calls_started: "1" })};
            started := FALSE;
          ELSE
            ${addToMinuteSql(RECEIVED_MINUTE, stateMoveDeltas("OLD.state", "NEW.state", postgresInteger))};
          END IF;
        END IF;
        IF started THEN
          ${addToMinuteSql(CALL_MINUTE, { calls_started: "1" })};
        END IF;
        IF ended THEN
          ${addToMinuteSql(CALL_MINUTE, endedCallDeltas(OUTCOME, "ms", postgresInteger))};
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER operator_minutes_counted AFTER INSERT OR UPDATE OF state, delivery_log ON transactions
      FOR EACH ROW EXECUTE FUNCTION count_operator_minutes();
    `,
    expand: true,
  },
  {
    version: 12,
    name: "provider-ledger-reads",
    // SQLite's version 16: a studio reads its transactions and sessions at every operator, newest first (issue 33 item 2).
    // An expand step: the release before reads and writes both tables as before.
    sql: `
      CREATE INDEX IF NOT EXISTS transactions_provider_created ON transactions (provider_id, created_at);
      CREATE INDEX IF NOT EXISTS sessions_provider_created ON sessions (provider_id, created_at);
    `,
    expand: true,
  },
  {
    version: 13,
    name: "previous-reconciler-closes-under-the-round-lock",
    // Issue 28: a sweep of the previous release's reconciler under way when schema 6 retired its lease claims each
    // rollback through croupier_claim and marks the round only after, so a completing WIN racing it was paid and
    // refunded. Its claim of a stale-rollback: id now makes croupier_close_round's decision itself. An expand step: same
    // signature and answers, a refusal being the error that release already takes as a failed sweep.
    sql: `
      CREATE OR REPLACE FUNCTION croupier_claim(t jsonb, now_ms bigint, stale_before bigint, touch boolean, call jsonb, owner text)
      RETURNS jsonb LANGUAGE plpgsql AS $fn$
      DECLARE
        current rounds;
        result jsonb;
      BEGIN
        IF NOT touch AND starts_with(t->>'transactionId', 'stale-rollback:') THEN
          -- The locks croupier_close_round takes, in its order; the round moves to CLOSING with the claim, so a provider's
          -- WIN claimed after is refused ROUND_CLOSED, and one claimed before refuses this rollback.
          PERFORM pg_advisory_xact_lock(hashtextextended((t->>'operatorId') || chr(1) || (t->>'playerRef'), 0));
          SELECT * INTO current FROM rounds WHERE provider_id = t->>'providerId' AND operator_id = t->>'operatorId'
            AND game_id = t->>'gameId' AND round_id = t->>'roundId' FOR UPDATE;
          IF NOT FOUND OR current.status NOT IN ('OPEN', 'CLOSING') OR EXISTS (SELECT 1 FROM transactions
              WHERE operator_id = current.operator_id AND game_id = current.game_id AND round_id = current.round_id
                AND provider_id = current.provider_id AND type = 'WIN' AND round_complete) THEN
            RAISE EXCEPTION 'croupier: round-not-closable (answered by an upgraded instance)' USING ERRCODE = 'CRP02';
          END IF;
          UPDATE rounds SET status = 'CLOSING' WHERE provider_id = current.provider_id AND operator_id = current.operator_id
            AND game_id = current.game_id AND round_id = current.round_id AND status = 'OPEN';
        END IF;
        result := croupier_claim_v2(jsonb_build_object('kind', CASE WHEN touch THEN 'provider' ELSE 'platform' END, 'transaction', t),
          now_ms, stale_before, call, owner);
        IF result->>'kind' NOT IN ('claimed', 'settled', 'different-body', 'in-flight', 'id-of-another-provider', 'original-of-another-provider') THEN
          RAISE EXCEPTION 'croupier: % (answered by an upgraded instance)', result->>'kind' USING ERRCODE = 'CRP02';
        END IF;
        RETURN result;
      END
      $fn$;
    `,
    expand: true,
  },
  {
    version: 14,
    name: "rounds-the-previous-reconciler-began-closing",
    // Version 13 holds the previous release's claims made after it; a rollback that release claimed before (its sweep
    // then under way) left its round OPEN, so a completing WIN sent after the upgrade would be paid beside it. Such a
    // round, without a completing WIN, is closing from now: later WINs get ROUND_CLOSED and this release finishes it.
    // Writes to transactions wait for this one statement, so it sees every claim; a round another claim holds is left to
    // that claim (version 13's rules), which keeps the locks in the order claims take them.
    sql: `
      LOCK TABLE transactions IN SHARE ROW EXCLUSIVE MODE;
      UPDATE rounds SET status = 'CLOSING'
      WHERE (provider_id, operator_id, game_id, round_id) IN (SELECT r.provider_id, r.operator_id, r.game_id, r.round_id FROM rounds r
        WHERE r.status = 'OPEN'
          AND EXISTS (SELECT 1 FROM transactions t WHERE t.operator_id = r.operator_id AND t.game_id = r.game_id AND t.round_id = r.round_id
            AND t.provider_id = r.provider_id AND t.type = 'ROLLBACK' AND starts_with(t.transaction_id, 'stale-rollback:'))
          AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.operator_id = r.operator_id AND t.game_id = r.game_id AND t.round_id = r.round_id
            AND t.provider_id = r.provider_id AND t.type = 'WIN' AND t.round_complete)
        FOR UPDATE SKIP LOCKED);
    `,
    expand: true,
  },
  {
    version: 15,
    name: "operator-sessions-by-time",
    // SQLite's version 17: the operator's sessions list reads newest first without sorting every live session of the
    // operator (issue 30 item 1); sessions are written at launch, never on a transaction. An expand step: the release
    // before reads and writes sessions as before.
    sql: "CREATE INDEX IF NOT EXISTS sessions_operator_created ON sessions (operator_id, created_at);",
    expand: true,
  },
  {
    version: 16,
    name: "outcome-function",
    // Issue 32: a call's outcome, written by the statement the release before sends (its four CTEs parsed and planned on
    // every call) as one function, whose statements each connection plans once. The row by its key alone, fenced on the
    // attempt: 'PENDING' and 'OPEN' are compared as expressions, so no plan reads the state or the round-status index,
    // whose entries pile up dead. Answers the row without its delivery log, NULL when fenced. An expand step: the release
    // before keeps its statement, which writes the same.
    sql: `
      CREATE FUNCTION croupier_record_outcome(provider text, tx_id text, new_state text, balance bigint, error text, retry_at bigint,
        now_ms bigint, attempt integer, call_end jsonb)
      RETURNS jsonb LANGUAGE plpgsql AS $fn$
      DECLARE
        r transactions;
        settles boolean := new_state IN ('OK', 'DECLINED');
      BEGIN
        UPDATE transactions SET state = new_state, response_balance = balance, last_error = error, next_retry_at = retry_at,
          updated_at = now_ms, delivery_log = CASE WHEN (delivery_log -> -1 ->> 'n')::int = attempt
            THEN jsonb_set(delivery_log, '{-1}', (delivery_log -> -1) || call_end) ELSE delivery_log END
        WHERE provider_id = provider AND transaction_id = tx_id AND state || '' = 'PENDING' AND attempts = attempt
        RETURNING * INTO r;
        IF NOT FOUND THEN
          RETURN NULL;
        END IF;
        IF settles AND r.round_complete AND r.type IN ('BET', 'WIN') THEN
          UPDATE rounds SET status = 'COMPLETED' WHERE provider_id = provider AND operator_id = r.operator_id AND game_id = r.game_id
            AND round_id = r.round_id AND status || '' = 'OPEN';
        END IF;
        IF settles AND r.attempts > 1 THEN
          UPDATE problems SET resolved_at = now_ms, resolved_by = 'system', resolution = 'settled'
          WHERE provider_id = provider AND transaction_id = tx_id AND resolved_at IS NULL;
        END IF;
        IF new_state = 'OK' AND r.type = 'ROLLBACK' AND r.original_transaction_id IS NOT NULL THEN
          UPDATE problems SET resolved_at = now_ms, resolved_by = 'system', resolution = 'reversed by ' || tx_id
          WHERE provider_id = provider AND transaction_id = r.original_transaction_id AND resolved_at IS NULL;
        END IF;
        RETURN to_jsonb(r) - 'delivery_log';
      END
      $fn$;
    `,
    expand: true,
  },
  {
    version: 17,
    name: "back-office-lists-by-index",
    // SQLite's version 18: each back-office list walks an index matching its filter and order, newest first (issue 30
    // item 1): the operator's grants in issue order, its problems by kind and status, a studio's deliveries by event and
    // the delivered ones. An expand step: the release before reads and writes these tables as before.
    sql: `
      CREATE INDEX IF NOT EXISTS grants_operator_seq ON grants (operator_id, seq);
      CREATE INDEX IF NOT EXISTS grants_player_seq ON grants (operator_id, player_ref, seq);
      ${LIST_INDEXES_SQL}
    `,
    expand: true,
  },
  {
    version: 18,
    name: "provider-grants-by-index",
    // SQLite's version 19: a studio's grant list reads a page at a time, newest first, by an index matching each of its
    // filters and ending with the seq the pages follow. An expand step: the release before reads and writes grants as
    // before.
    sql: `
      CREATE INDEX IF NOT EXISTS grants_provider_seq ON grants (provider_id, seq);
      CREATE INDEX IF NOT EXISTS grants_provider_player_seq ON grants (provider_id, player_ref, seq);
      CREATE INDEX IF NOT EXISTS grants_provider_status_seq ON grants (provider_id, status, seq);
    `,
    expand: true,
  },
  {
    version: 19,
    name: "claim-batch",
    // Issue 32: several claims in one call and one transaction (one round trip, one parse, one commit), each element
    // {intent, now, staleBefore, call} claimed by croupier_claim_v2 as if alone, the answers in the input's order. The
    // claims run in the order of the rows they lock first (a provider's claim: the player's lock; a resend: its row), so
    // two instances' batches take their locks in one order; what still meets in another order (a nonce, a counters
    // row) is a deadlock the caller answers by claiming each element on its own. An expand step: a new function, which
    // the release before never calls.
    sql: `
      CREATE FUNCTION croupier_claim_batch(claims jsonb, owner text)
      RETURNS jsonb LANGUAGE plpgsql AS $fn$
      DECLARE
        answers jsonb[] := array_fill(NULL::jsonb, ARRAY[jsonb_array_length(claims)]);
        c record;
      BEGIN
        FOR c IN SELECT e.claim, e.i FROM jsonb_array_elements(claims) WITH ORDINALITY AS e(claim, i),
            LATERAL (SELECT COALESCE(e.claim->'intent'->'transaction', e.claim->'intent'->'key') AS t) k
          ORDER BY (k.t->>'operatorId') COLLATE "C" NULLS LAST, (k.t->>'playerRef') COLLATE "C" NULLS LAST,
            (k.t->>'providerId') COLLATE "C", (k.t->>'transactionId') COLLATE "C", e.i
        LOOP
          answers[c.i] := croupier_claim_v2(c.claim->'intent', (c.claim->>'now')::bigint, (c.claim->>'staleBefore')::bigint,
            c.claim->'call', owner);
        END LOOP;
        RETURN to_jsonb(answers);
      END
      $fn$;
    `,
    expand: true,
  },
  {
    version: 20,
    name: "outcome-batch",
    // Issue 32: several outcomes in one call and one transaction (one round trip, one parse, one commit), each element
    // {providerId, transactionId, operatorId, playerRef, state, balance, error, nextRetryAt, now, attempt, callEnd}
    // written by croupier_record_outcome as if alone (fenced on its attempt; NULL when fenced), the answers in the input's
    // order. The outcomes run in the order croupier_claim_batch runs claims (operator and player, then the transaction's
    // key), so an outcome batch takes the rows it shares with a claim batch (a transaction's, then its round's) in the
    // same order; what still meets in another order (a counters row) is a deadlock the caller answers by writing each
    // element on its own. An expand step: a new function, which the release before never calls.
    sql: `
      CREATE FUNCTION croupier_record_outcome_batch(outcomes jsonb)
      RETURNS jsonb LANGUAGE plpgsql AS $fn$
      DECLARE
        answers jsonb[] := array_fill(NULL::jsonb, ARRAY[jsonb_array_length(outcomes)]);
        o record;
      BEGIN
        FOR o IN SELECT e.o, e.i FROM jsonb_array_elements(outcomes) WITH ORDINALITY AS e(o, i)
          ORDER BY (e.o->>'operatorId') COLLATE "C", (e.o->>'playerRef') COLLATE "C", (e.o->>'providerId') COLLATE "C",
            (e.o->>'transactionId') COLLATE "C", e.i
        LOOP
          answers[o.i] := croupier_record_outcome(o.o->>'providerId', o.o->>'transactionId', o.o->>'state',
            (o.o->>'balance')::bigint, o.o->>'error', (o.o->>'nextRetryAt')::bigint, (o.o->>'now')::bigint,
            (o.o->>'attempt')::integer, (o.o->>'callEnd')::jsonb);
        END LOOP;
        RETURN to_jsonb(answers);
      END
      $fn$;
    `,
    expand: true,
  },
];
