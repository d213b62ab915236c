import { useEffect, useState } from "preact/hooks";
import { api, call, type Schemas } from "../api.js";
import { EmptyNote, ErrorNote, Loading } from "../components/notes.js";
import { WebhookTimelineSection } from "../components/webhook-timeline.js";
import { formatTime } from "../format.js";
import { href } from "../router.js";

type Delivery = Schemas["WebhookDelivery"];

/**
 * One session on the studio's games, by its reference: what is known of it (from the sessions while it is listed, from
 * the calls about it once a kick ended it) and every call made to the studio about it as a timeline.
 */
export function StudioSessionPage({ sessionRef }: { sessionRef: string }) {
  const [state, setState] = useState<{ session?: Schemas["SessionSummary"]; deliveries?: Delivery[]; problem?: string }>();
  // A re-send adds a call: the page is read again.
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    void Promise.all([
      call(() => api.GET("/v1/provider/sessions", { params: { query: { sessionRef, status: "all" } } })),
      call(() => api.GET("/v1/provider/webhook-deliveries", { params: { query: { sessionRef, limit: 200 } } })),
    ]).then(([sessions, deliveries]) =>
      setState({ session: sessions.data?.items[0], deliveries: deliveries.data?.items, problem: sessions.problem ?? deliveries.problem }),
    );
  }, [sessionRef, reloads]);
  const s = state?.session;
  // Oldest first: the first call names the session's operator, player and game once the session itself is gone.
  const revoke = state?.deliveries?.at(-1);
  return (
    <>
      <h1>Session {sessionRef}</h1>
      <p>
        <a href={href("studio-sessions")}>All sessions</a>
      </p>
      {!state && <Loading />}
      {state?.problem && <ErrorNote>{state.problem}</ErrorNote>}
      {s && (
        <dl class="pairs wide">
          <dt>Status</dt>
          <dd>{s.active ? "Active" : "Expired"}</dd>
          <dt>Operator</dt>
          <dd>{s.operatorId}</dd>
          <dt>Player</dt>
          <dd>{s.playerRef}</dd>
          <dt>Game</dt>
          <dd>{s.gameId}</dd>
          <dt>Mode</dt>
          <dd>{s.mode}</dd>
          <dt>Currency</dt>
          <dd>{s.currency}</dd>
          <dt>Launched</dt>
          <dd>{formatTime(s.createdAt)}</dd>
          <dt>{s.active ? "Expires" : "Expired"}</dt>
          <dd>{formatTime(s.expiresAt)}</dd>
        </dl>
      )}
      {state && !state.problem && !s && revoke && (
        <>
          <p class="note">This session was ended by force (a kick, or the operator ending the player's sessions): it is no longer listed.</p>
          <dl class="pairs wide">
            <dt>Operator</dt>
            <dd>{revoke.operatorId ?? "—"}</dd>
            <dt>Player</dt>
            <dd>{revoke.playerRef ?? "—"}</dd>
            <dt>Game</dt>
            <dd>{revoke.gameId ?? "—"}</dd>
          </dl>
        </>
      )}
      {state && !state.problem && !s && !revoke && <EmptyNote>No session with this reference is listed, and no call about it is recorded.</EmptyNote>}
      {state?.deliveries && (s || revoke) && <WebhookTimelineSection deliveries={state.deliveries} onResent={() => setReloads((n) => n + 1)} />}
    </>
  );
}
