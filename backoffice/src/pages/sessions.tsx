import { useState } from "preact/hooks";
import { api, call, type Schemas } from "../api.js";
import { ConfirmAction } from "../components/confirm-action.js";
import { EmptyNote, ErrorNote, Loading, OutcomeNote } from "../components/notes.js";
import { Pager, usePaged } from "../components/paged.js";
import { formatTime } from "../format.js";
import { href } from "../router.js";
import { useViewer } from "../session.js";

type Status = "active" | "expired" | "all";

/**
 * The players' sessions, filtered, with a kick that ends every session of a player at once; for a studio account, the
 * sessions on its games at every operator (the operator a column and a filter), which it reads only.
 */
export function SessionsPage({ studio = false }: { studio?: boolean }) {
  const canKick = useViewer().canChange && !studio;
  const [filters, setFilters] = useState<{ playerRef: string; gameId: string; operatorId: string; status: Status }>({
    playerRef: "",
    gameId: "",
    operatorId: "",
    status: "active",
  });
  const [outcome, setOutcome] = useState<{ ok?: string; problem?: string }>();
  const list = usePaged<Schemas["SessionSummary"]>((cursor) => {
    const query = {
      status: filters.status,
      ...(filters.playerRef ? { playerRef: filters.playerRef } : {}),
      ...(filters.gameId ? { gameId: filters.gameId } : {}),
      ...(cursor ? { cursor } : {}),
    };
    return call(() =>
      studio
        ? api.GET("/v1/provider/sessions", { params: { query: { ...query, ...(filters.operatorId ? { operatorId: filters.operatorId } : {}) } } })
        : api.GET("/v1/operator/sessions", { params: { query } }),
    );
  }, JSON.stringify(filters));
  const apply = (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setFilters({
      playerRef: String(form.get("playerRef")).trim(),
      gameId: String(form.get("gameId")).trim(),
      operatorId: String(form.get("operatorId") ?? "").trim(),
      status: form.get("status") as Status,
    });
  };
  const kick = async (playerRef: string) => {
    const { data, problem } = await call(() => api.POST("/v1/operator/players/kick", { body: { playerRef } }));
    setOutcome(
      data
        ? { ok: `${playerRef}: ${data.revokedCount} session${data.revokedCount === 1 ? "" : "s"} ended. The game's next wallet call is refused.` }
        : { problem },
    );
    list.reload();
  };
  return (
    <>
      <h1>Players' sessions</h1>
      {studio && (
        <p>
          A player opens the session's page: the calls made to your webhooks about it. A session a kick ended is no longer listed: its revoke is in{" "}
          <a href={href("deliveries", { event: "SESSION_REVOKE" })}>Webhook deliveries</a>, which opens its page.
        </p>
      )}
      <form class="filters" aria-label="Filter sessions" onSubmit={apply}>
        <label>
          Player
          <input name="playerRef" defaultValue={filters.playerRef} />
        </label>
        <label>
          Game
          <input name="gameId" defaultValue={filters.gameId} />
        </label>
        {studio && (
          <label>
            Operator
            <input name="operatorId" defaultValue={filters.operatorId} />
          </label>
        )}
        <label>
          Status
          <select name="status" defaultValue={filters.status}>
            <option value="active">Active</option>
            <option value="expired">Expired</option>
            <option value="all">All</option>
          </select>
        </label>
        <div class="actions">
          <button type="submit">Apply filters</button>
        </div>
      </form>
      <OutcomeNote outcome={outcome} />
      {list.loading && <Loading />}
      {list.problem && <ErrorNote>{list.problem}</ErrorNote>}
      {list.page && list.page.items.length === 0 && <EmptyNote>No sessions match these filters.</EmptyNote>}
      {list.page && list.page.items.length > 0 && (
        <table>
          <caption class="visually-hidden">Players' sessions, newest first</caption>
          <thead>
            <tr>
              {studio && <th scope="col">Operator</th>}
              <th scope="col">Player</th>
              <th scope="col">Game</th>
              <th scope="col">Mode</th>
              <th scope="col">Currency</th>
              <th scope="col">Launched</th>
              <th scope="col">Expires</th>
              {canKick && <th scope="col">Action</th>}
            </tr>
          </thead>
          <tbody>
            {list.page.items.map((s) => (
              <tr key={s.id}>
                {studio && <td>{s.operatorId}</td>}
                <td>{studio ? <a href={href(["studio-sessions", s.sessionRef])}>{s.playerRef}</a> : s.playerRef}</td>
                <td>
                  {s.gameId} ({s.providerId})
                </td>
                <td>{s.mode}</td>
                <td>{s.currency}</td>
                <td>{formatTime(s.createdAt)}</td>
                <td>{s.active ? formatTime(s.expiresAt) : `Expired ${formatTime(s.expiresAt)}`}</td>
                {canKick && (
                  <td>
                    <ConfirmAction
                      label={`Kick ${s.playerRef}`}
                      question={`Kick ${s.playerRef}? Every active session of ${s.playerRef} ends now, in every game: the game's next wallet call is refused and its studio is told. The player can be launched again.`}
                      confirm={`Yes, kick ${s.playerRef}`}
                      onConfirm={() => void kick(s.playerRef)}
                    />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager list={list} label="Sessions" />
    </>
  );
}
