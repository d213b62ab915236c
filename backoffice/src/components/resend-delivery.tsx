import { useState } from "preact/hooks";
import { api, call, type Schemas } from "../api.js";
import { words } from "../format.js";
import { ConfirmAction } from "./confirm-action.js";
import { ErrorNote, StatusNote } from "./notes.js";

type Delivery = Schemas["WebhookDelivery"];

/** The events a failed call of which may be re-sent: the studio deduplicates each by the same key. */
const RESENDABLE = new Set<Delivery["event"]>(["GRANT_ISSUE", "GRANT_CANCEL", "SESSION_REVOKE"]);

/** Whether a delivery offers a re-send: it failed (or was cut short) and the studio deduplicates its event. */
export function resendable(d: Delivery): boolean {
  return (d.outcome === "FAILED" || d.outcome === "INTERRUPTED") && RESENDABLE.has(d.event);
}

/** What re-sending a call does, said before it is done. */
function consequence(d: Delivery): string {
  const to = "to your webhook URL as it is set now";
  switch (d.event) {
    case "GRANT_ISSUE":
      return `Send the grant of ${d.playerRef ?? "the player"} again ${to}, with the same requestRef (${d.grantId}): if your server already made this grant it must answer with the same externalRef. Accepted, the grant becomes active for the operator.`;
    case "GRANT_CANCEL":
      return `Send the cancel of the grant of ${d.playerRef ?? "the player"} again ${to}, with the same externalRef. Accepted, the grant is cancelled for the operator.`;
    default:
      return `Send the revoke of ${d.playerRef ?? "the player"}'s session again ${to}, with the same session token: your server ends that session if it has not yet.`;
  }
}

/** What became of a re-send, in words. */
export function resentText(attempt: Delivery): string {
  const status = attempt.httpStatus !== null ? ` (HTTP ${attempt.httpStatus})` : "";
  return `Re-sent as attempt ${attempt.attempt}: ${words(attempt.outcome).toLowerCase()}${status}${attempt.error ? `: ${attempt.error}` : ""}.`;
}

/**
 * A manager's re-send of one failed call, asking first; reports the new attempt to `onResent` and, unless the page says
 * it itself (`announce` false: a timeline redrawn with the new attempt drops this button), shows its outcome.
 */
export function ResendDelivery({
  delivery,
  onResent,
  announce = true,
}: {
  delivery: Delivery;
  onResent: (attempt: Delivery) => void;
  announce?: boolean;
}) {
  const [outcome, setOutcome] = useState<{ data?: Delivery; problem?: string }>();
  const resend = async () => {
    const result = await call(() => api.POST("/v1/provider/webhook-deliveries/{id}/resend", { params: { path: { id: delivery.id } } }));
    setOutcome(result);
    if (result.data) onResent(result.data);
  };
  return (
    <div class="resend">
      {!outcome?.data && (
        <ConfirmAction
          label={`Re-send attempt ${delivery.attempt}`}
          question={consequence(delivery)}
          confirm={`Yes, re-send the ${words(delivery.event).toLowerCase()}`}
          onConfirm={() => void resend()}
        />
      )}
      {announce && outcome?.data && <StatusNote>{resentText(outcome.data)}</StatusNote>}
      {outcome?.problem && <ErrorNote>{outcome.problem}</ErrorNote>}
    </div>
  );
}
