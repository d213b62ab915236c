import { useState } from "preact/hooks";
import { api, call, type Schemas } from "../api.js";
import { ErrorNote } from "./notes.js";
import { words } from "../format.js";

/** What came of an action, for the page to show (the problem itself may be gone from it after a reload). */
export interface ActionOutcome {
  ok?: string;
  problem?: string;
}

/**
 * Re-send and resolve for one open problem. Shown to managers only (a viewer's account gets no change buttons, and the
 * service refuses it anyway). `onDone` gets the outcome to show and reloads whatever shows the problem.
 */
export function ProblemActions({ problem, onDone }: { problem: Schemas["Problem"]; onDone: (outcome: ActionOutcome) => void }) {
  const [busy, setBusy] = useState(false);
  const [missingNote, setMissingNote] = useState(false);
  const [resolving, setResolving] = useState(false);
  const resend = async () => {
    setBusy(true);
    const { data, problem: failed } = await call(() => api.POST("/v1/operator/problems/{id}/resend", { params: { path: { id: problem.id } } }));
    setBusy(false);
    if (!data) return onDone({ problem: failed });
    const settled = data.transaction.state === "OK";
    onDone(
      settled
        ? { ok: "Re-sent: the wallet applied it. The problem is resolved." }
        : {
            problem: `Re-sent, but the wallet did not apply it (${words(data.transaction.state)}${data.transaction.lastError ? `: ${data.transaction.lastError}` : ""}). The problem stays open.`,
          },
    );
  };
  const resolve = async (event: SubmitEvent) => {
    event.preventDefault();
    const note = String(new FormData(event.currentTarget as HTMLFormElement).get("note") ?? "").trim();
    setMissingNote(note === "");
    if (note === "") return;
    setBusy(true);
    const { data, problem: failed } = await call(() =>
      api.POST("/v1/operator/problems/{id}/resolve", { params: { path: { id: problem.id } }, body: { note } }),
    );
    setBusy(false);
    onDone(data ? { ok: "Marked resolved." } : { problem: failed });
  };
  return (
    <div class="problem-actions">
      {problem.transactionId !== null && (
        <button type="button" disabled={busy} onClick={() => void resend()}>
          Re-send now
        </button>
      )}
      {!resolving && (
        <button type="button" class="secondary" disabled={busy} onClick={() => setResolving(true)}>
          Mark resolved…
        </button>
      )}
      {resolving && (
        <form onSubmit={(e) => void resolve(e)} class="resolve">
          <label for={`note-${problem.id}`}>Why is it resolved? (required)</label>
          <textarea id={`note-${problem.id}`} name="note" required maxLength={2000} rows={2} />
          <button type="submit" disabled={busy}>
            Mark resolved
          </button>
          <button type="button" class="secondary" onClick={() => setResolving(false)}>
            Cancel
          </button>
        </form>
      )}
      {missingNote && <ErrorNote>Write a note saying why it is resolved.</ErrorNote>}
    </div>
  );
}
