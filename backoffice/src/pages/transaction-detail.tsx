import { useEffect, useState } from "preact/hooks";
import { api, call, type Schemas } from "../api.js";
import { ErrorNote, Loading, OutcomeNote } from "../components/notes.js";
import { ProblemActions, type ActionOutcome } from "../components/problem-actions.js";
import { formatMoney, formatTime, words } from "../format.js";
import { href } from "../router.js";
import { RoundTable } from "../components/round-table.js";
import { WalletCalls } from "../components/wallet-calls.js";
import { useViewer } from "../session.js";

interface Loaded {
  transaction?: Schemas["TransactionDetail"];
  round?: Schemas["RoundDetail"];
  problem?: Schemas["Problem"];
  failure?: string;
}

/** One transaction: its fields, every call made to the wallet for it as a timeline, its round, and its open problem. */
export function TransactionDetailPage({ providerId, transactionId }: { providerId: string; transactionId: string }) {
  const { canChange } = useViewer();
  const [loaded, setLoaded] = useState<Loaded>();
  const [reloads, setReloads] = useState(0);
  const [outcome, setOutcome] = useState<ActionOutcome>();
  useEffect(() => {
    void (async () => {
      const tx = await call(() =>
        api.GET("/v1/operator/transactions/{providerId}/{transactionId}", { params: { path: { providerId, transactionId } } }),
      );
      if (!tx.data) return setLoaded({ failure: tx.problem });
      const t = tx.data;
      const [round, problems] = await Promise.all([
        t.type === "ADJUSTMENT"
          ? Promise.resolve({})
          : call(() => api.GET("/v1/operator/rounds/{gameId}/{roundId}", { params: { path: { gameId: t.gameId, roundId: t.roundId } } })),
        t.problem ? call(() => api.GET("/v1/operator/problems", { params: { query: { limit: 200 } } })) : Promise.resolve({}),
      ]);
      const problem = (problems as { data?: Schemas["ProblemPage"] }).data?.items.find(
        (p) => p.providerId === providerId && p.transactionId === transactionId,
      );
      setLoaded({ transaction: t, round: (round as { data?: Schemas["RoundDetail"] }).data, problem });
    })();
  }, [providerId, transactionId, reloads]);

  const heading = <h1>Transaction {transactionId}</h1>;
  if (!loaded)
    return (
      <>
        {heading}
        <Loading />
      </>
    );
  const t = loaded.transaction;
  if (!t)
    return (
      <>
        {heading}
        <ErrorNote>{loaded.failure}</ErrorNote>
        <a href={href("transactions")}>Back to transactions</a>
      </>
    );
  return (
    <>
      {heading}
      <p>
        <a href={href("transactions", { playerRef: t.playerRef })}>All of {t.playerRef}'s transactions</a>
      </p>
      <dl class="pairs wide">
        <dt>State</dt>
        <dd>
          <span class={`state state-${t.state}`}>{words(t.state)}</span>
        </dd>
        <dt>Type</dt>
        <dd>{t.type}</dd>
        <dt>Amount</dt>
        <dd>{formatMoney(t.amount, t.currency)}</dd>
        <dt>Balance after</dt>
        <dd>{formatMoney(t.balance, t.currency)}</dd>
        <dt>Player</dt>
        <dd>{t.playerRef}</dd>
        <dt>Game and provider</dt>
        <dd>
          {t.gameId} ({t.providerId})
        </dd>
        <dt>Received</dt>
        <dd>{formatTime(t.createdAt)}</dd>
        <dt>Last change</dt>
        <dd>{formatTime(t.updatedAt)}</dd>
        {t.lastError && (
          <>
            <dt>Last error</dt>
            <dd>{t.lastError}</dd>
          </>
        )}
        {t.nextRetryAt && (
          <>
            <dt>Next automatic retry</dt>
            <dd>{formatTime(t.nextRetryAt)}</dd>
          </>
        )}
      </dl>
      <OutcomeNote outcome={outcome} />
      {loaded.problem && (
        <section class="callout" aria-labelledby="problem-title">
          <h2 id="problem-title">Needs a person: {words(loaded.problem.kind)}</h2>
          <p>{loaded.problem.detail ?? "The platform stopped trying on its own."}</p>
          {canChange ? (
            <ProblemActions
              problem={loaded.problem}
              onDone={(done) => {
                setOutcome(done);
                setReloads((n) => n + 1);
              }}
            />
          ) : (
            <p class="hint">Your account can only read: a manager can re-send or resolve it.</p>
          )}
        </section>
      )}
      <WalletCalls transaction={t} title="Delivery log" askedBy={true} />
      {loaded.round && (
        <RoundTable
          round={loaded.round}
          heading={`Round ${loaded.round.roundId}`}
          current={t.transactionId}
          linkTo={(r) => href(["transactions", r.providerId, r.transactionId])}
        />
      )}
    </>
  );
}
