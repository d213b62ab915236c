import { useEffect, useState } from "preact/hooks";
import { api, call, type Schemas } from "../api.js";
import { EmptyNote, ErrorNote, Loading, OutcomeNote } from "../components/notes.js";
import { Pager, usePaged } from "../components/paged.js";
import { ProblemActions, type ActionOutcome } from "../components/problem-actions.js";
import { formatMoney, formatTime, words } from "../format.js";
import { href } from "../router.js";
import { useViewer } from "../session.js";

const KINDS = ["UNSETTLED_CREDIT", "UNCLOSED_ROUND", "UNKNOWN_OUTCOME"] as const;
const STATUSES = ["open", "resolved", "all"] as const;
const KIND_HELP: Record<string, string> = {
  UNSETTLED_CREDIT: "A WIN or ROLLBACK the wallet did not apply in time; the platform stopped resending it.",
  UNCLOSED_ROUND: "A stale round the reconciler could not close; it keeps trying.",
  UNKNOWN_OUTCOME: "A BET or adjustment whose call a stopped service left unknown.",
};

/** The queue of what needs a person, with re-send and resolve, and the count of open ones per kind. */
export function ProblemsPage() {
  const { canChange } = useViewer();
  const [kind, setKind] = useState("");
  const [status, setStatus] = useState<(typeof STATUSES)[number]>("open");
  const [outcome, setOutcome] = useState<ActionOutcome>();
  const list = usePaged<Schemas["Problem"]>(
    (cursor) =>
      call(() =>
        api.GET("/v1/operator/problems", {
          params: { query: { status, ...(kind ? { kind: kind as Schemas["ProblemKind"] } : {}), ...(cursor ? { cursor } : {}) } },
        }),
      ),
    `${kind}|${status}`,
  );
  const counts = (list.page as Schemas["ProblemPage"] | undefined)?.counts;
  return (
    <>
      <h1>Problems</h1>
      {counts && <p class="hint">Open now: {KINDS.map((k) => `${words(k)} ${counts[k]}`).join(", ")}.</p>}
      <form class="filters" aria-label="Filter problems" onSubmit={(e) => e.preventDefault()}>
        <label>
          Kind
          <select value={kind} onChange={(e) => setKind(e.currentTarget.value)}>
            <option value="">Any</option>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {words(k)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select value={status} onChange={(e) => setStatus(e.currentTarget.value as typeof status)}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {words(s)}
              </option>
            ))}
          </select>
        </label>
      </form>
      <OutcomeNote outcome={outcome} />
      {list.loading && <Loading />}
      {list.problem && <ErrorNote>{list.problem}</ErrorNote>}
      {list.page && list.page.items.length === 0 && (
        <EmptyNote>{status === "open" ? "Nothing needs a person right now." : "No problems match these filters."}</EmptyNote>
      )}
      {list.page && list.page.items.length > 0 && (
        <ul class="problems">
          {list.page.items.map((p) => (
            <li key={p.id} class="card">
              <h2>
                {words(p.kind)}: {p.playerRef}, round {p.roundId}
              </h2>
              <p class="hint">{KIND_HELP[p.kind]}</p>
              <dl class="pairs">
                <dt>Opened</dt>
                <dd>{formatTime(p.createdAt)}</dd>
                <dt>Game</dt>
                <dd>
                  {p.gameId} ({p.providerId})
                </dd>
                {p.transactionId !== null && (
                  <>
                    <dt>Amount</dt>
                    <dd>
                      <TransactionAmount providerId={p.providerId} transactionId={p.transactionId} />
                    </dd>
                    <dt>Transaction</dt>
                    <dd>
                      <a href={href(["transactions", p.providerId, p.transactionId])}>{p.transactionId}</a>
                    </dd>
                  </>
                )}
                {p.detail && (
                  <>
                    <dt>Detail</dt>
                    <dd>{p.detail}</dd>
                  </>
                )}
                {p.resolvedAt && (
                  <>
                    <dt>Resolved</dt>
                    <dd>
                      {formatTime(p.resolvedAt)} by {p.resolvedBy}: {p.resolution}
                    </dd>
                  </>
                )}
              </dl>
              {p.resolvedAt === null && canChange && (
                <ProblemActions
                  problem={p}
                  onDone={(done) => {
                    setOutcome(done);
                    list.reload();
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager list={list} label="Problems" />
    </>
  );
}

/** What a problem's transaction moves (a WIN's payout, a ROLLBACK's refund), in the currency it was played in. */
function TransactionAmount({ providerId, transactionId }: { providerId: string; transactionId: string }) {
  const [shown, setShown] = useState("…");
  useEffect(() => {
    void call(() => api.GET("/v1/operator/transactions/{providerId}/{transactionId}", { params: { path: { providerId, transactionId } } })).then(
      ({ data }) => setShown(data ? `${formatMoney(data.amount, data.currency)} (${words(data.type)})` : "unknown"),
    );
  }, [providerId, transactionId]);
  return <>{shown}</>;
}
