/**
 * Every back-office list besides the transactions and sessions (list-plans.test.ts) walks an index matching its filter
 * and its order and reads at most a page (issue 30 item 1): the operator's grants, problems and audit log, a studio's
 * grants, audit log and webhook deliveries. SQLite's plan is the one production gets (no statistics); PostgreSQL's is asked
 * analysed and without statistics (the tests' databases never autovacuum): always through an index, and, where it walks
 * the list's own index, a page only; its estimates may prefer another index (a bitmap of a few rows, a walk of the
 * primary key where most rows match) on these few thousand rows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProblemKind, ProblemStatus } from "../../src/domain/ports/problems.js";
import type { WebhookDeliveryFilter } from "../../src/domain/ports/webhook-deliveries.js";
import { openDatabase } from "../../src/store/database.js";
import { firstSeq, type ProviderGrantFilter } from "../../src/domain/ports/grants.js";
import { grantListSql, providerGrantListSql } from "../../src/store/grant-store.js";
import { grantListSql as postgresGrantListSql, providerGrantListSql as postgresProviderGrantListSql } from "../../src/store/postgres/grant-store.js";
import { auditLogSql as postgresAuditLogSql, problemListSql as postgresProblemListSql } from "../../src/store/postgres/problem-store.js";
import { auditLogSql, problemListSql } from "../../src/store/problem-store.js";
import { deliveryListSql } from "../../src/store/webhook-delivery-row.js";
import { describePostgres } from "../postgres.js";
import { openPlanDatabase, postgresPlan, sqlitePlan, type PlanDatabase } from "./plans.js";

const BEFORE = Number.MAX_SAFE_INTEGER;

/** One list's statement on each database, and the index it must walk (with every filter in its condition when `exact`). */
interface ListCase {
  name: string;
  table: string;
  index: string;
  sqlite: { sql: string; params: Record<string, unknown> };
  postgres: { sql: string; params: unknown[] };
  /** Every filter is in the index's condition: no row is read that the page does not show. */
  exact: boolean;
}

const KINDS: (ProblemKind | undefined)[] = [undefined, "UNSETTLED_CREDIT"];
const STATUS_INDEX: Record<ProblemStatus, string> = { all: "", open: "_open", resolved: "_resolved" };

/** Each webhook delivery filter alone, with the index that serves it, and some together. */
const DELIVERY_FILTERS: [WebhookDeliveryFilter, string][] = [
  [{}, "webhook_deliveries_provider"],
  [{ grantId: "g-1" }, "webhook_deliveries_grant"],
  [{ sessionRef: "s-1" }, "webhook_deliveries_subject"],
  [{ playerRef: "p-1" }, "webhook_deliveries_player"],
  [{ event: "GRANT_CANCEL" }, "webhook_deliveries_event"],
  [{ outcome: "FAILED" }, "webhook_deliveries_failed"],
  [{ outcome: "DELIVERED" }, "webhook_deliveries_delivered"],
];
/** Each filter of a studio's grant list, the index that serves it, and whether every filter is in its condition. */
const PROVIDER_GRANT_FILTERS: [ProviderGrantFilter, string, boolean][] = [
  [{}, "grants_provider_seq", true],
  [{ playerRef: "p-5" }, "grants_provider_player(_seq)?", true],
  [{ status: "failed" }, "grants_provider_status(_seq)?", true],
  [{ playerRef: "p-5", status: "failed" }, "grants_provider_player(_seq)?|grants_provider_status(_seq)?", false],
];
const DELIVERY_COMBINATIONS: WebhookDeliveryFilter[] = [
  { playerRef: "p-1", event: "GRANT_ISSUE" },
  { grantId: "g-1", outcome: "FAILED" },
  { event: "SESSION_REVOKE", outcome: "FAILED" },
  { playerRef: "p-1", outcome: "DELIVERED" },
];

function cases(): ListCase[] {
  const grants = [false, true].flatMap((ofPlayer) =>
    [false, true].map((newestFirst) => ({
      name: `grants${ofPlayer ? " of a player" : ""}${newestFirst ? ", newest first" : ""}`,
      table: "grants",
      index: ofPlayer ? "grants_player(_seq)?" : "grants_operator(_seq)?",
      sqlite: {
        sql: grantListSql(ofPlayer, newestFirst),
        params: { operatorId: "op-0", playerRef: "p-5", afterSeq: firstSeq(newestFirst), limit: 51 },
      },
      postgres: { sql: postgresGrantListSql(ofPlayer, newestFirst), params: ["op-0", firstSeq(newestFirst), 51, ...(ofPlayer ? ["p-5"] : [])] },
      exact: true,
    })),
  );
  // A studio's grants, each filter alone and both together (the walk of one of the two), from the newest and past a cursor.
  const providerGrants = PROVIDER_GRANT_FILTERS.flatMap(([filter, index, exact]) =>
    [firstSeq(true), 1_000].map((afterSeq) => ({
      name: `a studio's grants ${JSON.stringify(filter)}${afterSeq === 1_000 ? " after a cursor" : ""}`,
      table: "grants",
      index,
      sqlite: { sql: providerGrantListSql(filter), params: { providerId: "prov-0", afterSeq, limit: 51, ...filter } },
      postgres: {
        sql: postgresProviderGrantListSql(filter),
        params: ["prov-0", afterSeq, 51, ...[filter.playerRef, filter.status].filter((value) => value !== undefined)],
      },
      exact,
    })),
  );
  const problems = KINDS.flatMap((kind) =>
    (["open", "resolved", "all"] as const).map((status) => ({
      name: `problems ${kind ?? "of every kind"} ${status}`,
      table: "problems",
      index: `problems_operator${kind ? "_kind" : ""}${STATUS_INDEX[status]}`,
      sqlite: { sql: problemListSql({ kind, status }), params: { operatorId: "op-0", kind, before: BEFORE, limit: 51 } },
      postgres: { sql: postgresProblemListSql({ kind, status }), params: ["op-0", BEFORE, 51, ...(kind ? [kind] : [])] },
      exact: true,
    })),
  );
  const audit = [false, true].map((ofKind) => ({
    name: `audit log${ofKind ? " of a kind" : ""}`,
    table: "audit_log",
    index: ofKind ? "audit_log_kind" : "audit_log_operator",
    sqlite: { sql: auditLogSql(ofKind), params: { operatorId: "op-0", kind: "RESEND", before: BEFORE, limit: 51 } },
    postgres: { sql: postgresAuditLogSql(ofKind), params: ["op-0", BEFORE, 51, ...(ofKind ? ["RESEND"] : [])] },
    exact: true,
  }));
  const delivery = (filter: WebhookDeliveryFilter, index: string, exact: boolean): ListCase[] =>
    [undefined, 1_000].map((before) => {
      const sqlite = deliveryListSql("prov-0", filter, before, 51, (i) => `@p${i}`);
      return {
        name: `webhook deliveries ${JSON.stringify(filter)}${before ? " after a cursor" : ""}`,
        table: "webhook_deliveries",
        index,
        sqlite: { sql: sqlite.sql, params: Object.fromEntries(sqlite.values.map((value, i) => [`p${i}`, value])) },
        postgres: (({ sql, values }) => ({ sql, params: values }))(deliveryListSql("prov-0", filter, before, 51, (i) => `$${i + 1}`)),
        exact,
      };
    });
  // A combination walks the index of one of its filters: the rows of one grant, player, event or outcome.
  const indexOf = (filter: WebhookDeliveryFilter) =>
    DELIVERY_FILTERS.filter(([one]) => Object.entries(one).every(([key, value]) => (key !== "outcome" ? key in filter : filter.outcome === value)))
      .map(([, index]) => index)
      .filter((index) => index !== "webhook_deliveries_provider")
      .join("|");
  const deliveries = [
    ...DELIVERY_FILTERS.flatMap(([filter, index]) => delivery(filter, index, true)),
    ...DELIVERY_COMBINATIONS.flatMap((filter) => delivery(filter, indexOf(filter), false)),
  ];
  return [...grants, ...providerGrants, ...problems, ...audit, ...deliveries];
}

describe("back-office list plans (SQLite)", () => {
  const db = openDatabase(":memory:");
  afterAll(() => db.close());

  it("walks the index matching each list's filter and order: no scan, no sort, every filter in the index's condition", () => {
    for (const list of cases()) {
      const plan = sqlitePlan(db, list.sqlite.sql, list.sqlite.params);
      const walks = plan.filter((step) => new RegExp(`^(SCAN|SEARCH) ${list.table}\\b`).test(step));
      const name = `${list.name}: ${plan.join("; ")}`;
      expect(walks, name).toHaveLength(1);
      expect(walks[0], name).toMatch(new RegExp(`^SEARCH ${list.table} USING (COVERING )?INDEX (${list.index}) \\(`));
      expect(
        plan.some((step) => /^SCAN |TEMP B-TREE/.test(step)),
        name,
      ).toBe(false);
      // Every equality the statement names is in the index's condition.
      if (list.exact) for (const [, column] of list.sqlite.sql.matchAll(/\b(\w+) = [@$]\w+/g)) expect(walks[0], name).toContain(`${column}=?`);
    }
  });
});

for (const analysed of [true, false])
  describePostgres(`back-office list plans (PostgreSQL, ${analysed ? "analysed" : "without statistics"})`, () => {
    let database: PlanDatabase;

    beforeAll(async () => {
      database = await openPlanDatabase();
      const { client } = database;
      // 5,000 rows in each list's table, over five operators (two providers); one problem in ten open.
      await client.query(
        `INSERT INTO grants (id, operator_id, provider_id, game_id, player_ref, spins, bet_amount_minor, currency, status, idempotency_key,
           created_at, updated_at)
         SELECT 'g-' || i, 'op-' || (i % 5), 'prov-' || (i % 2), 'g', 'p-' || (i % 50), 10, 100, 'EUR', 'active', 'k-' || i, 'now', 'now'
         FROM generate_series(1, 5000) AS s(i)`,
      );
      await client.query(
        `INSERT INTO problems (operator_id, kind, provider_id, transaction_id, game_id, round_id, player_ref, created_at, resolved_at)
         SELECT 'op-' || (i % 5), (ARRAY['UNSETTLED_CREDIT', 'UNCLOSED_ROUND', 'UNKNOWN_OUTCOME'])[i % 3 + 1], 'prov-' || (i % 2), 't-' || i,
           'g', 'r-' || i, 'p-' || (i % 50), i, CASE WHEN i % 10 = 0 THEN NULL ELSE i END
         FROM generate_series(1, 5000) AS s(i)`,
      );
      await client.query(
        `INSERT INTO audit_log (operator_id, actor, action, target, created_at)
         SELECT 'op-' || (i % 5), 'a', (ARRAY['RESEND', 'RESOLVE', 'KICK'])[i % 3 + 1], 't', i FROM generate_series(1, 5000) AS s(i)`,
      );
      await client.query(
        `INSERT INTO webhook_deliveries (provider_id, operator_id, event, subject, grant_id, player_ref, path, body_sealed, attempt, actor,
           started_at, outcome)
         SELECT 'prov-' || (i % 2), 'op-' || (i % 5), (ARRAY['GRANT_ISSUE', 'GRANT_STATUS', 'GRANT_CANCEL', 'SESSION_REVOKE', 'TEST'])[i % 5 + 1],
           's-' || (i % 100), 'g-' || (i % 200), 'p-' || (i % 50), '/x', 'b', 1, 'a', i, CASE WHEN i % 10 = 0 THEN 'FAILED' ELSE 'DELIVERED' END
         FROM generate_series(1, 5000) AS s(i)`,
      );
      if (analysed) await client.query("ANALYZE grants, problems, audit_log, webhook_deliveries");
    }, 60_000);
    afterAll(async () => {
      await database?.close();
    });

    it("reads every list through an index, never a sequential scan; walking the list's own index, reads only a page", async () => {
      for (const list of cases()) {
        const plan = await postgresPlan(database.backoffice.reads, list.postgres.sql, list.postgres.params);
        const name = `${list.name}: ${JSON.stringify(plan.map((node) => [node["Node Type"], node["Index Name"], node.Filter]))}`;
        const reads = plan.filter((node) => node["Relation Name"] === list.table);
        expect(reads, name).toHaveLength(1);
        const read = reads[0]!;
        expect(read["Node Type"], name).toMatch(/^(Index Scan|Index Only Scan|Bitmap Heap Scan)$/);
        // In the list's index and its order, every filter is in the index's condition and nothing is sorted.
        if (list.exact && new RegExp(`^(${list.index})$`).test(read["Index Name"] ?? "")) {
          expect(read.Filter, name).toBeUndefined();
          if (list.index !== "webhook_deliveries_subject")
            expect(
              plan.some((node) => node["Node Type"] === "Sort"),
              name,
            ).toBe(false);
        }
      }
    });
  });
