import type { Migration } from "./schema-version.js";

/**
 * Versioned schema migrations, applied in order at start inside one transaction each.
 * Append new versions; never edit one that has shipped.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "core",
    sql: `
      -- What tenants change themselves (portal): seeded from the config file the first time a tenant is seen.
      CREATE TABLE tenant_state (
        tenant_id TEXT PRIMARY KEY,
        role TEXT NOT NULL CHECK (role IN ('operator', 'provider')),
        secret TEXT NOT NULL,
        previous_secret TEXT,
        previous_valid_until INTEGER,           -- unix seconds
        callback_url TEXT,
        callback_timeout_ms INTEGER,
        updated_at INTEGER NOT NULL
      );

      -- Nonces seen per tenant, kept for the clock tolerance window so replays are refused across restarts.
      CREATE TABLE nonces (
        tenant_id TEXT NOT NULL,
        nonce TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        PRIMARY KEY (tenant_id, nonce)
      ) WITHOUT ROWID;
      CREATE INDEX nonces_expiry ON nonces (expires_at);

      CREATE TABLE sessions (
        token TEXT PRIMARY KEY,
        operator_id TEXT NOT NULL,
        provider_id TEXT NOT NULL,
        player_ref TEXT NOT NULL,
        game_id TEXT NOT NULL,
        currency TEXT NOT NULL,
        language TEXT,
        demo INTEGER NOT NULL,
        created_at INTEGER NOT NULL,           -- unix ms
        expires_at INTEGER NOT NULL            -- unix ms
      );
      CREATE INDEX sessions_player ON sessions (operator_id, player_ref);

      -- The wallet relay's ledger: one row per provider transaction, written PENDING before the operator is
      -- called and updated with the outcome after, so a crash between the two loses nothing.
      CREATE TABLE transactions (
        provider_id TEXT NOT NULL,
        transaction_id TEXT NOT NULL,
        operator_id TEXT NOT NULL,
        player_ref TEXT NOT NULL,
        game_id TEXT NOT NULL,
        round_id TEXT NOT NULL,
        type TEXT NOT NULL,
        amount INTEGER NOT NULL,
        currency TEXT NOT NULL,
        original_transaction_id TEXT,
        round_complete INTEGER NOT NULL DEFAULT 0,
        request_hash TEXT NOT NULL,            -- fingerprint of the provider's request, to refuse id reuse with another body
        callback_body TEXT NOT NULL,           -- the exact bytes sent to the operator, resent verbatim on retry
        state TEXT NOT NULL CHECK (state IN ('PENDING', 'OK', 'DECLINED', 'FAILED', 'TIMED_OUT')),
        response_balance INTEGER,
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        next_retry_at INTEGER,                 -- unix ms; platform settlement retry of credits
        problem INTEGER NOT NULL DEFAULT 0,    -- 1 once past the settlement horizon: needs a person
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (provider_id, transaction_id)
      );
      CREATE INDEX transactions_round ON transactions (operator_id, game_id, round_id);
      CREATE INDEX transactions_state ON transactions (state, next_retry_at);

      -- Rounds, keyed as the spec scopes roundId: (provider, operator, game, round).
      CREATE TABLE rounds (
        provider_id TEXT NOT NULL,
        operator_id TEXT NOT NULL,
        game_id TEXT NOT NULL,
        round_id TEXT NOT NULL,
        player_ref TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('OPEN', 'COMPLETED', 'CLOSED')),
        last_activity_at INTEGER NOT NULL,     -- unix ms
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
        bet_amount_minor INTEGER NOT NULL,
        currency TEXT NOT NULL,
        external_ref TEXT,
        status TEXT NOT NULL CHECK (status IN ('pending', 'active', 'cancelled', 'failed')),
        idempotency_key TEXT NOT NULL,
        expires_at TEXT,
        last_error TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (operator_id, idempotency_key)
      );
      CREATE INDEX grants_player ON grants (operator_id, player_ref);
    `,
  },
  {
    version: 2,
    name: "portal-provenance",
    // Which self-service values the portal set: only those survive a restart against a changed file; values the
    // portal never touched follow the file (a database reused across configurations must not keep stale ones).
    sql: `
      ALTER TABLE tenant_state ADD COLUMN secret_from_portal INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE tenant_state ADD COLUMN callback_url_from_portal INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 3,
    name: "session-expiry",
    // Expired sessions are deleted by the sweeper, oldest first, in slices: without this index each slice scans.
    sql: "CREATE INDEX sessions_expiry ON sessions (expires_at);",
  },
  {
    version: 4,
    name: "nonce-log",
    // Nonces become an append-only log read back at start; the live set is held in memory. Keyed by (tenant, nonce),
    // every request wrote a random leaf page of the old table and of its expiry index: about half of each commit's
    // pages under load. Rows in arrival order (the rowid), so the oldest, which expire first, lead the table.
    sql: `
      CREATE TABLE nonce_log (
        tenant_id TEXT NOT NULL,
        nonce TEXT NOT NULL,
        expires_at INTEGER NOT NULL            -- unix seconds
      );
      INSERT INTO nonce_log (tenant_id, nonce, expires_at) SELECT tenant_id, nonce, expires_at FROM nonces ORDER BY expires_at;
      DROP TABLE nonces;
    `,
  },
  {
    version: 5,
    name: "wallet-transaction-id",
    // An operator's wallet keys transactions by (player, transactionId), whichever provider sent them: a new
    // transaction is checked against the ids already sent to the same operator for the same player (decisions.md §4).
    sql: "CREATE INDEX transactions_wallet_id ON transactions (operator_id, player_ref, transaction_id);",
  },
  {
    version: 6,
    name: "reconciliation",
    // The operator reconciliation API: each transaction's calls to the wallet (its delivery log) ride in its own row,
    // appended in the same writes as the claim and the outcome, so logging them adds no commit and no page to the money
    // path; listing an operator's transactions newest first reads an index in that order; the problems queue and the
    // audit log of what people did about them are tables of their own.
    sql: `
      ALTER TABLE transactions ADD COLUMN delivery_log TEXT;   -- JSON array of calls, oldest first; NULL once past retention
      CREATE INDEX transactions_operator_created ON transactions (operator_id, created_at);

      CREATE TABLE problems (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        operator_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('UNSETTLED_CREDIT', 'UNCLOSED_ROUND', 'UNKNOWN_OUTCOME')),
        provider_id TEXT NOT NULL,
        transaction_id TEXT,                   -- NULL for a round
        game_id TEXT NOT NULL,
        round_id TEXT NOT NULL,
        player_ref TEXT NOT NULL,
        detail TEXT,
        created_at INTEGER NOT NULL,           -- unix ms
        resolved_at INTEGER,
        resolved_by TEXT,
        resolution TEXT
      );
      -- One open problem per transaction or round and kind.
      CREATE UNIQUE INDEX problems_open ON problems (kind, provider_id, game_id, round_id, IFNULL(transaction_id, ''))
        WHERE resolved_at IS NULL;
      CREATE INDEX problems_operator ON problems (operator_id, id);
      CREATE INDEX problems_open_transaction ON problems (provider_id, transaction_id) WHERE resolved_at IS NULL;
      INSERT INTO problems (operator_id, kind, provider_id, transaction_id, game_id, round_id, player_ref, detail, created_at)
        SELECT operator_id, 'UNSETTLED_CREDIT', provider_id, transaction_id, game_id, round_id, player_ref, last_error, updated_at
        FROM transactions WHERE problem = 1 ORDER BY updated_at;

      CREATE TABLE audit_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        operator_id TEXT NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        target TEXT NOT NULL,
        note TEXT,
        result TEXT,
        created_at INTEGER NOT NULL            -- unix ms
      );
      CREATE INDEX audit_log_operator ON audit_log (operator_id, id);
    `,
  },
  {
    version: 7,
    name: "backoffice",
    // Back-office accounts (admin CLI) and their sign-in sessions. A session is stored by the SHA-256 of its cookie
    // value, so the database alone never lets anyone sign in; operator_id is NULL for a platform account.
    sql: `
      CREATE TABLE backoffice_users (
        username TEXT PRIMARY KEY,
        operator_id TEXT,
        role TEXT NOT NULL CHECK (role IN ('viewer', 'manager')),
        password_hash TEXT NOT NULL,           -- scrypt$N$r$p$salt$key (base64url)
        created_at INTEGER NOT NULL            -- unix ms
      );
      CREATE TABLE backoffice_sessions (
        token_hash TEXT PRIMARY KEY,
        username TEXT NOT NULL REFERENCES backoffice_users (username) ON DELETE CASCADE,
        csrf_token TEXT NOT NULL,
        created_at INTEGER NOT NULL,           -- unix ms
        expires_at INTEGER NOT NULL            -- unix ms
      );
      CREATE INDEX backoffice_sessions_expiry ON backoffice_sessions (expires_at);
    `,
  },
  {
    version: 8,
    name: "secrets-at-rest",
    // Session tokens are stored as a SHA-256 digest (looked up by it) and sealed under CROUPIER_SECRET_KEY (for the
    // session-revoke webhook, which names the token to its provider). Rows written before keep their plaintext token in
    // token_hash with token_sealed NULL until the first start with the key converts them, with every other plaintext
    // secret (unlock-database.ts). The check value tells that key from any other at every start.
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
    version: 9,
    name: "session-digest-of-transactions",
    // The digest of the session token each transaction came with, which a retry is compared by (the token was read back
    // from the stored, now sealed, callback body). Rows written before keep NULL: SQL cannot open the sealed body, and a
    // retry of such a transaction is checked against a live session like one through another session.
    sql: `ALTER TABLE transactions ADD COLUMN session_token_hash TEXT;`,
  },
];
