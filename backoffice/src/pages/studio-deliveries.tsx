import type { ServicePaths as paths } from "@croupier/contract";
import { api, call, type Schemas } from "../api.js";
import { EmptyNote, ErrorNote, Loading } from "../components/notes.js";
import { Pager, usePaged } from "../components/paged.js";
import { words } from "../format.js";
import { DeliveryTable } from "../components/delivery-table.js";
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
        <DeliveryTable
          deliveries={list.page.items}
          caption="Webhook deliveries, newest first"
          about={(d) => <About delivery={d} />}
          {...(canChange
            ? {
                action: {
                  title: "Re-send",
                  cell: (d: Schemas["WebhookDelivery"]) => (resendable(d) ? <ResendDelivery delivery={d} onResent={list.reload} /> : "—"),
                },
              }
            : {})}
        />
      )}
      <Pager list={list} label="Deliveries" />
    </>
  );
}

/** What a delivery was about, linked to its page: a grant's or a session's timeline; a test call has none. */
function About({ delivery: d }: { delivery: Schemas["WebhookDelivery"] }) {
  if (d.grantId) return <a href={href(["studio-grants", d.grantId])}>Grant for {d.playerRef}</a>;
  if (d.sessionRef) return <a href={href(["studio-sessions", d.sessionRef])}>Session of {d.playerRef}</a>;
  return <>{d.playerRef ?? "test call"}</>;
}
