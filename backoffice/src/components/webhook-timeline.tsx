import { useState } from "preact/hooks";
import type { Schemas } from "../api.js";
import { formatTime, words } from "../format.js";
import { useViewer } from "../session.js";
import { EmptyNote, StatusNote } from "./notes.js";
import { ResendDelivery, resendable, resentText } from "./resend-delivery.js";

type Delivery = Schemas["WebhookDelivery"];

/** Who asked for a call, as the wallet calls' timeline says it: the service itself, an admin tool or a person named. */
function askedBy(requestedBy: string): string {
  if (requestedBy === "service") return "the service";
  if (requestedBy === "admin") return "an admin tool";
  if (requestedBy.startsWith("backoffice:")) return `a person (${requestedBy})`;
  return requestedBy;
}

/**
 * Calls made to a studio's webhooks, oldest first: who asked, when, how long, the answer and the exact body sent. With
 * `onResent` (a manager), the latest call of each event offers a re-send when it failed; the page says what came of it.
 */
export function WebhookTimeline({ deliveries, onResent }: { deliveries: Delivery[]; onResent?: (attempt: Delivery) => void }) {
  // Newest first as listed: the first of each event is its latest attempt.
  const latest = new Set(deliveries.filter((d, i) => deliveries.findIndex((e) => e.event === d.event) === i).map((d) => d.id));
  return (
    <ol class="timeline">
      {[...deliveries].reverse().map((d) => (
        <li key={d.id} class={`call outcome-${d.outcome}`}>
          <h3>
            {words(d.event)}, attempt {d.attempt}: {words(d.outcome)}
          </h3>
          <p>
            Asked by {askedBy(d.requestedBy)} at {formatTime(d.startedAt)}
            {d.durationMs !== null && `, took ${d.durationMs} ms`}.{" "}
            {d.httpStatus !== null ? `The studio answered HTTP ${d.httpStatus}.` : d.error ? `No answer: ${d.error}.` : ""}
          </p>
          <details>
            <summary>Body sent to {d.path}</summary>
            <pre>{d.body}</pre>
          </details>
          {d.response && (
            <pre role="region" tabIndex={0} aria-label={`Studio's answer to attempt ${d.attempt}`}>
              {d.response}
            </pre>
          )}
          {onResent && latest.has(d.id) && resendable(d) && <ResendDelivery delivery={d} onResent={onResent} announce={false} />}
        </li>
      ))}
    </ol>
  );
}

/**
 * The "Calls to your webhooks" section of a grant's or a session's page: its timeline, with a manager's re-send of the
 * latest failed call; after a re-send, what came of it is said above the timeline and `onResent` reads the page again.
 */
export function WebhookTimelineSection({ deliveries, onResent }: { deliveries: Delivery[]; onResent: () => void }) {
  const { canChange } = useViewer();
  const [resent, setResent] = useState<Delivery>();
  return (
    <section aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Calls to your webhooks</h2>
      {deliveries.length === 0 ? (
        <EmptyNote>No call about it is recorded (none was made yet, or the log's retention has passed).</EmptyNote>
      ) : (
        <>
          {resent && <StatusNote>{resentText(resent)}</StatusNote>}
          <WebhookTimeline
            deliveries={deliveries}
            {...(canChange
              ? {
                  onResent: (attempt: Delivery) => {
                    setResent(attempt);
                    onResent();
                  },
                }
              : {})}
          />
        </>
      )}
    </section>
  );
}
