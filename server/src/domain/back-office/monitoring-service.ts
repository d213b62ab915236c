import type { LedgerScope } from "../ports/ledger-queries.js";
import type { ServiceSchemas } from "@croupier/contract";
import type { OperationQuery } from "../contract-operations.js";
import { readPage, TIME_POSITION } from "../reconciliation/page-cursor.js";
import type { MonitoringQueries } from "../ports/monitoring.js";
import { overviewFigures } from "./overview-figures.js";

/** The query of `GET /v1/operator/sessions` as validated by the OpenAPI. */
export type SessionListQuery = OperationQuery<"listSessions">;

const MINUTE_MS = 60_000;
/** The overview's window: the current minute and the 59 before it. */
const WINDOW_MINUTES = 60;

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

  /** The sessions of one operator, or of one provider at every operator it serves (`operatorId` then filters). */
  async listSessions(
    scope: LedgerScope,
    query: SessionListQuery & { operatorId?: string; sessionRef?: string },
  ): Promise<ServiceSchemas["SessionPage"]> {
    const now = this.now();
    const filter = {
      ...(query.operatorId === undefined ? {} : { operatorId: query.operatorId }),
      ...(query.playerRef === undefined ? {} : { playerRef: query.playerRef }),
      ...(query.gameId === undefined ? {} : { gameId: query.gameId }),
      ...(query.sessionRef === undefined ? {} : { sessionRef: query.sessionRef }),
      status: query.status ?? "active",
      now,
    };
    const { rows, nextCursor } = await readPage(
      query,
      TIME_POSITION,
      (after, limit) => this.deps.queries.sessions(scope, filter, after, limit),
      (s) => s,
    );
    return {
      items: rows.map((s) => ({
        id: String(s.rowid),
        sessionRef: s.sessionRef,
        playerRef: s.playerRef,
        gameId: s.gameId,
        providerId: s.providerId,
        operatorId: s.operatorId,
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

  /** The last hour's figures, from the per-minute counters the store keeps as the money moves (never a scan of the hour). */
  async overview(operatorId: string): Promise<ServiceSchemas["OverviewStats"]> {
    const to = this.now();
    const toMinute = Math.floor(to / MINUTE_MS);
    const fromMinute = toMinute - WINDOW_MINUTES + 1;
    const [rows, activeSessions, openProblems] = await Promise.all([
      this.deps.queries.minutes(operatorId, fromMinute),
      this.deps.queries.activeSessions(operatorId, to),
      this.deps.openProblemCounts(operatorId),
    ]);
    return {
      from: new Date(fromMinute * MINUTE_MS).toISOString(),
      to: new Date(to).toISOString(),
      ...overviewFigures(fromMinute, toMinute, rows),
      openProblems,
      activeSessions,
    };
  }
}
