import { useEffect, useState } from "preact/hooks";
import { api, call, type Schemas } from "../api.js";
import { EmptyNote, ErrorNote, Loading } from "../components/notes.js";
import { Pager, usePaged } from "../components/paged.js";
import { WebhookTimelineSection } from "../components/webhook-timeline.js";
import { formatMoney, formatTime, words } from "../format.js";
import { href } from "../router.js";

type Grant = Schemas["GrantResponseBody"];

/** The free-spin grants operators issued to the studio, newest first, a page at a time, with their state and last error. */
export function StudioGrantsPage() {
  const list = usePaged<Grant>(
    (cursor) => call(() => api.GET("/v1/provider/free-spins/grants", { params: { query: cursor ? { cursor } : {} } })),
    "",
  );
  const grants = list.page?.items;
  return (
    <>
      <h1>Free spins</h1>
      <p>The grants operators issued to you, newest first.</p>
      {list.loading && <Loading />}
      {list.problem && <ErrorNote>{list.problem}</ErrorNote>}
      {grants?.length === 0 && <EmptyNote>No operator has issued you a grant yet.</EmptyNote>}
      {grants && grants.length > 0 && (
        <table>
          <caption class="visually-hidden">Free-spin grants issued to you, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Issued</th>
              <th scope="col">Operator</th>
              <th scope="col">Player</th>
              <th scope="col">Game</th>
              <th scope="col">Spins</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {grants.map((g) => (
              <tr key={g.id}>
                <td>
                  <a href={href(["studio-grants", g.id])}>{formatTime(g.createdAt)}</a>
                </td>
                <td>{g.operatorId}</td>
                <td>{g.playerRef}</td>
                <td>{g.gameId}</td>
                <td class="number">{g.spins}</td>
                <td>
                  {words(g.status)}
                  {g.lastError ? `: ${g.lastError}` : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager list={list} label="Grants" />
    </>
  );
}

/** One grant issued to the studio, with every call made to the studio about it as a timeline. */
export function StudioGrantPage({ id }: { id: string }) {
  const [state, setState] = useState<{ grant?: Grant; deliveries?: Schemas["WebhookDelivery"][]; problem?: string }>();
  // A re-send changes the grant and adds a call: both are read again.
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    void Promise.all([
      call(() => api.GET("/v1/provider/free-spins/grants/{id}", { params: { path: { id } } })),
      call(() => api.GET("/v1/provider/webhook-deliveries", { params: { query: { grantId: id, limit: 200 } } })),
    ]).then(([grant, deliveries]) =>
      setState({ grant: grant.data, deliveries: deliveries.data?.items, problem: grant.problem ?? deliveries.problem }),
    );
  }, [id, reloads]);
  const g = state?.grant;
  return (
    <>
      <h1>Grant {id}</h1>
      <p>
        <a href={href("studio-grants")}>All grants</a>
      </p>
      {!state && <Loading />}
      {state?.problem && <ErrorNote>{state.problem}</ErrorNote>}
      {g && (
        <dl class="pairs wide">
          <dt>Status</dt>
          <dd>{words(g.status)}</dd>
          <dt>Last error</dt>
          <dd>{g.lastError ?? "—"}</dd>
          <dt>Operator</dt>
          <dd>{g.operatorId}</dd>
          <dt>Player</dt>
          <dd>{g.playerRef}</dd>
          <dt>Game</dt>
          <dd>{g.gameId}</dd>
          <dt>Spins</dt>
          <dd>{g.spins}</dd>
          <dt>Stake</dt>
          <dd>{g.betAmountMinor === 0 ? "game default" : formatMoney(g.betAmountMinor, g.currency)}</dd>
          <dt>Your reference</dt>
          <dd>{g.externalRef ?? "—"}</dd>
          <dt>Issued</dt>
          <dd>{formatTime(g.createdAt)}</dd>
        </dl>
      )}
      {state?.deliveries && <WebhookTimelineSection deliveries={state.deliveries} onResent={() => setReloads((n) => n + 1)} />}
    </>
  );
}
