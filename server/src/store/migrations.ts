import { LIST_INDEXES_SQL } from "./list-indexes.js";
import { addInPlaceSql, addToMinuteSql, endedCallDeltas, minuteColumnsSql, receivedDeltas, stateMoveDeltas } from "./operator-minutes.js";
import type { Migration } from "./schema-version.js";

/** Booleans are already 0 or 1 in SQLite. */
const sqliteInteger = (condition: string) => `(${condition})`;
/** The start of a JSON path into the last call of the transaction's delivery log (close it with `')`). */
const LAST_CALL = "(NEW.delivery_log ->> '$[#-1]";
/** The counter rows of a written transaction: the minute it was received, and the minute its last call started. */
const RECEIVED_MINUTE = { operator_id: "NEW.operator_id", minute: "NEW.created_at / 60000" };
const CALL_MINUTE = { operator_id: "NEW.operator_id", minute: `${LAST_CALL}.at') / 60000` };

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
  {
    version: 10,
    name: "round-closing-and-resolved-credits",
    // decisions.md §5. A round the reconciler closed is CLOSING until its rollbacks are applied (the CHECK changes, so the
    // table is rebuilt). A credit whose problem a person resolved is closed for good: the trigger marks it with the
    // resolution, whoever writes it, and refuses the resolution while a call for it is out; credits resolved before this
    // version are marked here.
    sql: `
      CREATE TABLE rounds_next (
        provider_id TEXT NOT NULL,
        operator_id TEXT NOT NULL,
        game_id TEXT NOT NULL,
        round_id TEXT NOT NULL,
        player_ref TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('OPEN', 'COMPLETED', 'CLOSING', 'CLOSED')),
        last_activity_at INTEGER NOT NULL,     -- unix ms
        PRIMARY KEY (provider_id, operator_id, game_id, round_id)
      );
      INSERT INTO rounds_next SELECT provider_id, operator_id, game_id, round_id, player_ref, status, last_activity_at FROM rounds;
      DROP TABLE rounds;
      ALTER TABLE rounds_next RENAME TO rounds;
      CREATE INDEX rounds_stale ON rounds (status, last_activity_at);

      ALTER TABLE transactions ADD COLUMN resolved_by_hand INTEGER NOT NULL DEFAULT 0;
      UPDATE transactions SET resolved_by_hand = 1 WHERE problem = 1 AND EXISTS (SELECT 1 FROM problems p
        WHERE p.provider_id = transactions.provider_id AND p.transaction_id = transactions.transaction_id AND p.kind = 'UNSETTLED_CREDIT'
          AND p.resolved_at IS NOT NULL AND p.resolved_by <> 'system');
      CREATE TRIGGER problems_resolved_by_hand AFTER UPDATE OF resolved_at ON problems
      WHEN OLD.resolved_at IS NULL AND NEW.resolved_at IS NOT NULL AND NEW.resolved_by <> 'system' AND NEW.transaction_id IS NOT NULL
      BEGIN
        SELECT RAISE(ABORT, 'a call for this transaction is in flight') WHERE EXISTS (SELECT 1 FROM transactions
          WHERE provider_id = NEW.provider_id AND transaction_id = NEW.transaction_id AND state = 'PENDING');
        UPDATE transactions SET resolved_by_hand = 1
          WHERE provider_id = NEW.provider_id AND transaction_id = NEW.transaction_id AND NEW.kind = 'UNSETTLED_CREDIT';
      END;
    `,
  },
  {
    version: 11,
    name: "webhook-deliveries",
    // Every call made to a provider's webhooks (grant issue, status, cancel, session revoke, test): what a studio reads
    // when a grant never reached it. An expand step: a new table the release before never reads.
    sql: `
      CREATE TABLE webhook_deliveries (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        provider_id TEXT NOT NULL,
        operator_id TEXT,
        event TEXT NOT NULL CHECK (event IN ('GRANT_ISSUE', 'GRANT_STATUS', 'GRANT_CANCEL', 'SESSION_REVOKE', 'TEST')),
        subject TEXT NOT NULL,
        grant_id TEXT,
        player_ref TEXT,
        game_id TEXT,
        path TEXT NOT NULL,
        body_sealed TEXT NOT NULL,             -- the exact body sent, sealed: a session revoke names a session token
        attempt INTEGER NOT NULL,
        actor TEXT NOT NULL,
        started_at INTEGER NOT NULL,           -- unix ms
        ended_at INTEGER,
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
    version: 12,
    name: "studio-accounts",
    // Back-office accounts of a game studio, bound to one provider, and their sessions; and the grants issued to a
    // provider, newest first. Tables of their own rather than a column on backoffice_users: the release before would
    // read a studio account there (operator_id NULL) as a platform account. An expand step: the release before never
    // reads these, and a studio account simply cannot sign in on it.
    sql: `
      CREATE TABLE studio_users (
        username TEXT PRIMARY KEY,
        provider_id TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('viewer', 'manager')),
        password_hash TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE studio_sessions (
        token_hash TEXT PRIMARY KEY,
        username TEXT NOT NULL REFERENCES studio_users (username) ON DELETE CASCADE,
        csrf_token TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX studio_sessions_expiry ON studio_sessions (expires_at);
      CREATE INDEX grants_provider ON grants (provider_id, created_at);
    `,
    expand: true,
  },
  {
    version: 13,
    name: "audit-log-by-kind",
    // The audit log lists every change now, and the back office filters it by kind (issue 30 item 10). An expand step:
    // the release before writes and reads the log as before.
    sql: `CREATE INDEX audit_log_kind ON audit_log (operator_id, action, id);`,
    expand: true,
  },
  {
    version: 14,
    name: "sign-in-attempts",
    // The sign-in attempt limits, one token bucket a row, so every instance on one database spends the same ones and the
    // limiter holds no memory per name tried (issue 30 item 5). An expand step: the release before never reads it.
    sql: `
      CREATE TABLE sign_in_attempts (
        bucket TEXT PRIMARY KEY,               -- 'a:' and the address, or 'u:' and the lower-cased username
        tokens REAL NOT NULL,                  -- attempts left at counted_at
        counted_at REAL NOT NULL,              -- unix ms
        full_at REAL NOT NULL                  -- unix ms when the bucket is full again, the same as none: purged after
      );
      CREATE INDEX sign_in_attempts_full ON sign_in_attempts (full_at);
    `,
    expand: true,
  },
  {
    version: 15,
    name: "operator-minutes",
    // Per-minute counters per operator, kept by triggers in the statement that writes a transaction, so the overview
    // and its charts read at most 60 rows instead of scanning the hour's transactions (issue 30 item 1). One row a
    // minute: transactions by the minute they were received, per type and state now; wallet calls by the minute they
    // started, per outcome and latency bucket once ended (store/operator-minutes.ts). An expand step: the release before
    // reads no counter, and the triggers count its writes too.
    sql: `
      CREATE TABLE operator_minutes (
        operator_id TEXT NOT NULL,
        minute INTEGER NOT NULL,               -- unix ms / 60000
        ${minuteColumnsSql("INTEGER")},
        PRIMARY KEY (operator_id, minute)
      ) WITHOUT ROWID;
      CREATE TRIGGER operator_minutes_received AFTER INSERT ON transactions BEGIN
        ${addToMinuteSql(RECEIVED_MINUTE, receivedDeltas("NEW.type", "NEW.state", sqliteInteger))};
        ${addToMinuteSql(CALL_MINUTE, { calls_started: "1" }, { where: `${LAST_CALL}.at') IS NOT NULL` })};
      END;
      CREATE TRIGGER operator_minutes_state AFTER UPDATE OF state ON transactions WHEN OLD.state IS NOT NEW.state BEGIN
        ${addToMinuteSql(RECEIVED_MINUTE, stateMoveDeltas("OLD.state", "NEW.state", sqliteInteger))};
      END;
      CREATE TRIGGER operator_minutes_calls AFTER UPDATE OF delivery_log ON transactions
      WHEN NEW.delivery_log IS NOT OLD.delivery_log BEGIN
        ${addToMinuteSql(CALL_MINUTE, { calls_started: "1" }, { where: `${LAST_CALL}.at') IS NOT NULL AND ${LAST_CALL}.n') IS NOT (OLD.delivery_log ->> '$[#-1].n')` })};
        ${addToMinuteSql({ operator_id: "NEW.operator_id", minute: "c.at / 60000" }, endedCallDeltas("c.outcome", "c.ms", sqliteInteger), {
          from: `(SELECT ${LAST_CALL}.at') AS at, ${LAST_CALL}.outcome') AS outcome, MAX(0, ${LAST_CALL}.end') - ${LAST_CALL}.at')) AS ms) c`,
          where: `c.outcome IS NOT NULL AND ${LAST_CALL}.end') IS NOT NULL
              AND ((OLD.delivery_log ->> '$[#-1].end') IS NULL OR ${LAST_CALL}.n') IS NOT (OLD.delivery_log ->> '$[#-1].n'))`,
        })};
      END;
    `,
    expand: true,
  },
  {
    version: 16,
    name: "provider-ledger-reads",
    // A studio reads its transactions and sessions at every operator, newest first (issue 33 item 2). An expand step: the
    // release before reads and writes both tables as before.
    sql: `
      CREATE INDEX IF NOT EXISTS transactions_provider_created ON transactions (provider_id, created_at);
      CREATE INDEX IF NOT EXISTS sessions_provider_created ON sessions (provider_id, created_at);
    `,
    expand: true,
  },
  {
    version: 17,
    name: "operator-sessions-by-time",
    // The operator's sessions list reads newest first: without this index it sorted every live session of the operator
    // on each page (issue 30 item 1). Sessions are written at launch, never on a transaction. An expand step: the release
    // before reads and writes sessions as before.
    sql: "CREATE INDEX IF NOT EXISTS sessions_operator_created ON sessions (operator_id, created_at);",
    expand: true,
  },
  {
    version: 18,
    name: "back-office-lists-by-index",
    // Each back-office list walks an index matching its filter and order, newest first, and reads at most a page
    // (issue 30 item 1): the operator's grants in issue order (an index's entries end with the rowid), its problems by
    // kind and status, a studio's webhook deliveries by event and the delivered ones. Grants, problems and deliveries
    // are written beside a grant, a problem or a webhook call, never on a plain transaction. An expand step: the
    // release before reads and writes these tables as before.
    sql: `
      CREATE INDEX IF NOT EXISTS grants_operator ON grants (operator_id);
      ${LIST_INDEXES_SQL}
    `,
    expand: true,
  },
  {
    version: 19,
    name: "provider-grants-by-index",
    // A studio's grant list reads a page at a time, newest first, by an index matching each of its filters, whose
    // entries end with the rowid the pages follow (grants_provider ends with created_at). Grants are written beside a
    // grant call, never on a transaction. An expand step: the release before reads and writes grants as before.
    sql: `
      CREATE INDEX IF NOT EXISTS grants_provider_seq ON grants (provider_id);
      CREATE INDEX IF NOT EXISTS grants_provider_player ON grants (provider_id, player_ref);
      CREATE INDEX IF NOT EXISTS grants_provider_status ON grants (provider_id, status);
    `,
    expand: true,
  },
  {
    version: 20,
    name: "rare-transaction-types-by-time",
    // A list of ROLLBACKs or ADJUSTMENTs walks these newest first instead of every row of the operator's (or studio's)
    // day: the other filters find their values through the indexes the table has (server/src/store/transaction-list-
    // lookups.ts), a type only through these (issue 30 item 1). Partial: a BET or a WIN, the money path's rows, writes
    // no entry; a rollback or an adjustment two. An expand step: the release before reads and writes transactions as
    // before.
    sql: `
      CREATE INDEX IF NOT EXISTS transactions_operator_rare_type ON transactions (operator_id, type, created_at)
        WHERE type IN ('ROLLBACK', 'ADJUSTMENT');
      CREATE INDEX IF NOT EXISTS transactions_provider_rare_type ON transactions (provider_id, type, created_at)
        WHERE type IN ('ROLLBACK', 'ADJUSTMENT');
    `,
    expand: true,
  },
  {
    version: 21,
    name: "claim-counted-without-journal",
    // The claim's counters without an UPSERT or a JSON read, so its INSERT OR FAIL opens no statement journal
    // (docs/benchmarks.md). A claim's first call starts at its created_at (sqlite-claim.ts), so its call is counted in
    // the received minute. An expand step: the same counts, for the release before's writes too.
    sql: `
      DROP TRIGGER operator_minutes_received;
      CREATE TRIGGER operator_minutes_received AFTER INSERT ON transactions BEGIN
        ${addInPlaceSql(RECEIVED_MINUTE, { ...receivedDeltas("NEW.type", "NEW.state", sqliteInteger), calls_started: "(NEW.delivery_log IS NOT NULL)" })};
      END;
    `,
    expand: true,
  },
];
