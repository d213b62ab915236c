import type { ServiceSchemas } from "@croupier/contract";
import type { OperationQuery } from "./contract-operations.js";
import { readPage, TIME_POSITION } from "./page-cursor.js";
import type { MonitoringQueries, WindowCall } from "./ports/monitoring.js";

/** The query of `GET /v1/operator/sessions` as validated by the OpenAPI. */
export type SessionListQuery = OperationQuery<"listSessions">;

const HOUR_MS = 3_600_000;
/** Calls are looked for among transactions received this long before the window: a re-send of an older one is not counted. */
const CALL_LOOKBACK_MS = 24 * HOUR_MS;

/** What the back office's sessions page and overview read: the operator's own sessions and its last hour. */
export class MonitoringService {
  constructor(
    private readonly deps: {
      queries: MonitoringQueries;
      openProblemCounts: (operatorId: string) => Promise<ServiceSchemas["ProblemCounts"]>;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  async listSessions(operatorId: string, query: SessionListQuery): Promise<ServiceSchemas["SessionPage"]> {
    const now = this.now();
    const filter = {
      ...(query.playerRef === undefined ? {} : { playerRef: query.playerRef }),
      ...(query.gameId === undefined ? {} : { gameId: query.gameId }),
      status: query.status ?? "active",
      now,
    };
    const { rows, nextCursor } = await readPage(
      query,
      TIME_POSITION,
      (after, limit) => this.deps.queries.sessions(operatorId, filter, after, limit),
      (s) => s,
    );
    return {
      items: rows.map((s) => ({
        id: String(s.rowid),
        playerRef: s.playerRef,
        gameId: s.gameId,
        providerId: s.providerId,
        currency: s.currency,
        mode: s.demo ? "DEMO" : "REAL",
        language: s.language,
        createdAt: new Date(s.createdAt).toISOString(),
        expiresAt: new Date(s.expiresAt).toISOString(),
        active: s.expiresAt > now,
      })),
      nextCursor,
    };
  }

  async overview(operatorId: string): Promise<ServiceSchemas["OverviewStats"]> {
    const to = this.now();
    const from = to - HOUR_MS;
    const [counts, calls, activeSessions, openProblems] = await Promise.all([
      this.deps.queries.transactionCounts(operatorId, from, to),
      this.deps.queries.walletCalls(operatorId, from - CALL_LOOKBACK_MS, from, to),
      this.deps.queries.activeSessions(operatorId, to),
      this.deps.openProblemCounts(operatorId),
    ]);
    const transactions = { total: 0, PENDING: 0, OK: 0, DECLINED: 0, FAILED: 0, TIMED_OUT: 0, BET: 0, WIN: 0, ROLLBACK: 0, ADJUSTMENT: 0 };
    for (const { state, type, n } of counts) {
      transactions.total += n;
      transactions[state] += n;
      transactions[type] += n;
    }
    return {
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      transactions,
      walletCalls: callStats(calls),
      openProblems,
      activeSessions,
    };
  }
}

/** Counts per outcome and the nearest-rank p50 and p99 of the finished calls' durations. */
function callStats(calls: WindowCall[]): ServiceSchemas["WalletCallStats"] {
  const outcomes = { OK: 0, DECLINED: 0, FAILED: 0, TIMED_OUT: 0, UNFINISHED: 0 };
  const durations: number[] = [];
  for (const call of calls) {
    outcomes[call.outcome ?? "UNFINISHED"] += 1;
    if (call.durationMs !== null && call.outcome !== null) durations.push(Math.max(0, call.durationMs));
  }
  durations.sort((a, b) => a - b);
  const rank = (p: number) => (durations.length === 0 ? null : durations[Math.ceil(p * durations.length) - 1]!);
  return { total: calls.length, ...outcomes, latencyP50Ms: rank(0.5), latencyP99Ms: rank(0.99) };
}
