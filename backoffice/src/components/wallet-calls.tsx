import type { Schemas } from "../api.js";
import { formatTime, words } from "../format.js";

const REQUESTERS: Record<string, string> = {
  PROVIDER: "the game",
  SETTLEMENT_RETRY: "the settlement retry",
  RECONCILER: "the stale-round reconciler",
  ADMIN: "an admin tool",
  OPERATOR: "a person",
};

/**
 * The calls made to the operator's wallet for one transaction, as a timeline, then the body sent; `askedBy` names who
 * asked for each call (the operator's view), and a call's answer shows when the reader may see it.
 */
export function WalletCalls({ transaction: t, title, askedBy }: { transaction: Schemas["TransactionDetail"]; title: string; askedBy: boolean }) {
  return (
    <>
      <section aria-labelledby="log-title">
        <h2 id="log-title">{title}</h2>
        {t.deliveryLog.length === 0 ? (
          <p class="note empty">No call to the wallet is recorded (none was made, or the log's retention has passed).</p>
        ) : (
          <ol class="timeline">
            {t.deliveryLog.map((c) => (
              <li key={c.attempt} class={`call outcome-${c.outcome ?? "NONE"}`}>
                <h3>
                  Attempt {c.attempt}: {c.outcome ? words(c.outcome) : c.failure === "INTERRUPTED" ? "Interrupted" : "In flight"}
                </h3>
                <p>
                  {askedBy ? `Asked by ${REQUESTERS[c.requestedBy] ?? c.requestedBy}${c.actor ? ` (${c.actor})` : ""} at ` : "At "}
                  {formatTime(c.startedAt)}
                  {c.durationMs !== null && `, took ${c.durationMs} ms`}.{" "}
                  {c.httpStatus !== null ? `The wallet answered HTTP ${c.httpStatus}.` : c.failure ? `No answer: ${words(c.failure)}.` : ""}
                </p>
                {c.response && (
                  <pre role="region" tabIndex={0} aria-label={`Wallet's answer to attempt ${c.attempt}`}>
                    {c.response}
                  </pre>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="request-title">
        <h2 id="request-title">Body sent to the wallet</h2>
        <pre>{t.request}</pre>
      </section>
    </>
  );
}
