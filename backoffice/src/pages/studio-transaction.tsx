import { useEffect, useState } from "preact/hooks";
import { api, call, type Schemas } from "../api.js";
import { ErrorNote, Loading } from "../components/notes.js";
import { formatMoney, formatTime, words } from "../format.js";
import { href } from "../router.js";
import { RoundTable } from "../components/round-table.js";
import { WalletCalls } from "../components/wallet-calls.js";

/**
 * One of the studio's transactions: its fields, the operator it went to, the wallet calls made for it (their status and
 * timing; the wallet's answers are the operator's), the body sent with its session token redacted, and its round.
 */
export function StudioTransactionPage({ transactionId }: { transactionId: string }) {
  const [loaded, setLoaded] = useState<{ transaction?: Schemas["TransactionDetail"]; round?: Schemas["RoundDetail"]; failure?: string }>();
  useEffect(() => {
    void (async () => {
      const tx = await call(() => api.GET("/v1/provider/transactions/{transactionId}", { params: { path: { transactionId } } }));
      if (!tx.data) return setLoaded({ failure: tx.problem });
      const t = tx.data;
      const round =
        t.type === "ADJUSTMENT"
          ? {}
          : await call(() =>
              api.GET("/v1/provider/rounds/{operatorId}/{gameId}/{roundId}", {
                params: { path: { operatorId: t.operatorId, gameId: t.gameId, roundId: t.roundId } },
              }),
            );
      setLoaded({ transaction: t, round: (round as { data?: Schemas["RoundDetail"] }).data });
    })();
  }, [transactionId]);

  const heading = <h1>Transaction {transactionId}</h1>;
  const t = loaded?.transaction;
  if (!t)
    return (
      <>
        {heading}
        {loaded ? <ErrorNote>{loaded.failure}</ErrorNote> : <Loading />}
        <a href={href("studio-transactions")}>Back to transactions</a>
      </>
    );
  return (
    <>
      {heading}
      <p>
        <a href={href("studio-transactions", { playerRef: t.playerRef, operatorId: t.operatorId })}>All of {t.playerRef}'s transactions</a>
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
        <dt>Operator</dt>
        <dd>{t.operatorId}</dd>
        <dt>Player</dt>
        <dd>{t.playerRef}</dd>
        <dt>Game</dt>
        <dd>{t.gameId}</dd>
        <dt>Received</dt>
        <dd>{formatTime(t.createdAt)}</dd>
        {t.lastError && (
          <>
            <dt>Last error</dt>
            <dd>{t.lastError}</dd>
          </>
        )}
      </dl>
      <WalletCalls transaction={t} title="Calls to the operator's wallet" askedBy={false} />
      {loaded.round && (
        <RoundTable
          round={loaded.round}
          heading={`Round ${loaded.round.roundId} at ${t.operatorId}`}
          current={t.transactionId}
          linkTo={(r) => href(["studio-transactions", r.transactionId])}
        />
      )}
    </>
  );
}
