import type { ServicePaths as paths } from "@croupier/contract";
import { api, call, type Schemas } from "../api.js";
import { EmptyNote, ErrorNote, Loading } from "../components/notes.js";
import { Pager, usePaged } from "../components/paged.js";
import { formatTime, words } from "../format.js";
import { href } from "../router.js";
import { ResendDelivery, resendable } from "../components/resend-delivery.js";
import { useViewer } from "../session.js";

type Query = NonNullable<paths["/v1/provider/webhook-deliveries"]["get"]["parameters"]["query"]>;
const EVENTS = ["GRANT_ISSUE", "GRANT_STATUS", "GRANT_CANCEL", "SESSION_REVOKE", "TEST"] as const;

/**
 * A studio's webhook delivery log, newest first, filtered by outcome, event and player; the filters live in the URL, so
 * `#/deliveries?outcome=FAILED` is the failed deliveries list and a player's session revokes are one link away.
 */
export function StudioDeliveriesPage({ query }: { query: URLSearchParams }) {
  const { canChange } = useViewer();
  const filters = { outcome: query.get("outcome") ?? "", event: query.get("event") ?? "", playerRef: query.get("playerRef") ?? "" };
  const list = usePaged<Schemas["WebhookDelivery"]>((cursor) => {
    const asked = Object.fromEntries(Object.entries({ ...filters, ...(cursor ? { cursor } : {}) }).filter(([, v]) => v !== "")) as Query;
    return call(() => api.GET("/v1/provider/webhook-deliveries", { params: { query: asked } }));
  }, query.toString());
  const refilter = (change: Partial<typeof filters>) => {
    window.location.hash = href("deliveries", { ...filters, ...change });
  };
  return (
    <>
      <h1>Webhook deliveries</h1>
      <p>Every call the service made to your webhooks, newest first.</p>
      <form
        class="filters"
        aria-label="Filter deliveries"
        onSubmit={(e) => {
          e.preventDefault();
          refilter({ playerRef: String(new FormData(e.currentTarget).get("playerRef") ?? "").trim() });
        }}
      >
        <label>
          Outcome
          <select value={filters.outcome} onChange={(e) => refilter({ outcome: e.currentTarget.value })}>
            <option value="">Any</option>
            <option value="FAILED">Failed</option>
            <option value="DELIVERED">Delivered</option>
          </select>
        </label>
        <label>
          Event
          <select value={filters.event} onChange={(e) => refilter({ event: e.currentTarget.value })}>
            <option value="">Any</option>
            {EVENTS.map((event) => (
              <option key={event} value={event}>
                {words(event)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Player
          <input name="playerRef" defaultValue={filters.playerRef} key={filters.playerRef} />
        </label>
        <div class="actions">
          <button type="submit">Apply filters</button>
        </div>
      </form>
      {list.loading && <Loading />}
      {list.problem && <ErrorNote>{list.problem}</ErrorNote>}
      {list.page && list.page.items.length === 0 && <EmptyNote>No deliveries match these filters.</EmptyNote>}
      {list.page && list.page.items.length > 0 && (
        <table>
          <caption class="visually-hidden">Webhook deliveries, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Sent</th>
              <th scope="col">Event</th>
              <th scope="col">Operator</th>
              <th scope="col">About</th>
              <th scope="col">Attempt</th>
              <th scope="col">Outcome</th>
              <th scope="col">Time taken</th>
              {canChange && <th scope="col">Re-send</th>}
            </tr>
          </thead>
          <tbody>
            {list.page.items.map((d) => (
              <tr key={d.id}>
                <td>{formatTime(d.startedAt)}</td>
                <td>{words(d.event)}</td>
                <td>{d.operatorId ?? "—"}</td>
                <td>{d.grantId ? <a href={href(["studio-grants", d.grantId])}>Grant for {d.playerRef}</a> : (d.playerRef ?? "test call")}</td>
                <td class="number">{d.attempt}</td>
                <td>
                  {words(d.outcome)}
                  {d.httpStatus !== null ? ` (HTTP ${d.httpStatus})` : ""}
                  {d.outcome === "FAILED" && d.error ? `: ${d.error}` : ""}
                </td>
                <td class="number">{d.durationMs === null ? "—" : `${d.durationMs} ms`}</td>
                {canChange && <td>{resendable(d) ? <ResendDelivery delivery={d} onResent={list.reload} /> : "—"}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager list={list} label="Deliveries" />
    </>
  );
}
