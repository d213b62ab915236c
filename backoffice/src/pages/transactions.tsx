import type { ServicePaths as paths } from "@croupier/contract";
import { api, call, type Schemas } from "../api.js";
import { EmptyNote, ErrorNote, Loading } from "../components/notes.js";
import { Pager, usePaged } from "../components/paged.js";
import { formatMoney, formatTime, isoToLocalInput, localInputToIso, words } from "../format.js";
import { href } from "../router.js";

/** The text filters; a studio filters by operator where an operator filters by provider. */
const textFilters = (studio: boolean) =>
  [
    ["playerRef", "Player"],
    ["roundId", "Round"],
    ["transactionId", "Transaction id"],
    studio ? ["operatorId", "Operator"] : ["providerId", "Provider"],
    ["gameId", "Game"],
  ] as const;
const TYPES = ["BET", "WIN", "ROLLBACK", "ADJUSTMENT"] as const;
const STATES = ["PENDING", "OK", "DECLINED", "FAILED", "TIMED_OUT"] as const;

type Query = NonNullable<paths["/v1/operator/transactions"]["get"]["parameters"]["query"]>;
type StudioQuery = NonNullable<paths["/v1/provider/transactions"]["get"]["parameters"]["query"]>;

/**
 * The operator's transactions (or, for a studio account, the studio's at every operator, the operator a column), newest
 * first, with every filter of the API; the filters live in the URL.
 */
export function TransactionsPage({ query, studio = false }: { query: URLSearchParams; studio?: boolean }) {
  const filters = Object.fromEntries([...query.entries()].filter(([, v]) => v !== ""));
  const page = studio ? "studio-transactions" : "transactions";
  const list = usePaged<Schemas["TransactionSummary"], Schemas["TransactionPage"]>((cursor) => {
    const at = cursor ? { cursor } : {};
    return call(() =>
      studio
        ? api.GET("/v1/provider/transactions", { params: { query: { ...(filters as StudioQuery), ...at } } })
        : api.GET("/v1/operator/transactions", { params: { query: { ...(filters as Query), ...at } } }),
    );
  }, query.toString());
  const apply = (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const next: Record<string, string | undefined> = {};
    for (const [key, value] of form.entries()) next[key] = String(value).trim();
    next.from = localInputToIso(String(form.get("from") ?? ""));
    next.to = localInputToIso(String(form.get("to") ?? ""));
    window.location.hash = href(page, next);
  };
  return (
    <>
      <h1>Transactions</h1>
      <form class="filters" onSubmit={apply} aria-label="Filter transactions">
        {textFilters(studio).map(([name, label]) => (
          <label key={name}>
            {label}
            <input name={name} defaultValue={query.get(name) ?? ""} />
          </label>
        ))}
        <label>
          Type
          <Select name="type" values={TYPES} value={query.get("type")} />
        </label>
        <label>
          State
          <Select name="state" values={STATES} value={query.get("state")} />
        </label>
        <label>
          From
          <input type="datetime-local" name="from" defaultValue={isoToLocalInput(query.get("from"))} />
        </label>
        <label>
          Before
          <input type="datetime-local" name="to" defaultValue={isoToLocalInput(query.get("to"))} />
        </label>
        <div class="actions">
          <button type="submit">Apply filters</button>
          <a href={href(page)}>Clear</a>
        </div>
      </form>
      {list.page && <WindowNote from={list.page.from} to={query.get("to")} defaulted={!query.get("from")} />}
      {list.loading && <Loading />}
      {list.problem && <ErrorNote>{list.problem}</ErrorNote>}
      {list.page && list.page.items.length === 0 && <EmptyNote>No transactions match these filters.</EmptyNote>}
      {list.page && list.page.items.length > 0 && (
        <table>
          <caption class="visually-hidden">Transactions, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Received</th>
              {studio && <th scope="col">Operator</th>}
              <th scope="col">Player</th>
              <th scope="col">Type</th>
              <th scope="col">Amount</th>
              <th scope="col">State</th>
              <th scope="col">Game</th>
              <th scope="col">Round</th>
              <th scope="col">Transaction</th>
            </tr>
          </thead>
          <tbody>
            {list.page.items.map((t) => (
              <tr key={`${t.providerId}/${t.transactionId}`}>
                <td>{formatTime(t.createdAt)}</td>
                {studio && <td>{t.operatorId}</td>}
                <td>{t.playerRef}</td>
                <td>{t.type}</td>
                <td class="number">{formatMoney(t.amount, t.currency)}</td>
                <td>
                  <span class={`state state-${t.state}`}>{words(t.state)}</span>
                  {t.problem && <span class="badge"> problem</span>}
                </td>
                <td>{t.gameId}</td>
                <td>{t.roundId}</td>
                <td>
                  <a href={href(studio ? [page, t.transactionId] : [page, t.providerId, t.transactionId])}>{t.transactionId}</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager list={list} label="Transactions" />
    </>
  );
}

/** The time window the list covers, as the service applied it: without a From, the last 24 hours only. */
function WindowNote({ from, to, defaulted }: { from: string; to: string | null; defaulted: boolean }) {
  return (
    <p class="window-note">
      Received from {formatTime(from)} {to ? `to ${formatTime(to)}` : "to now"}
      {defaulted && " (the last 24 hours: set From to see older transactions)"}.
    </p>
  );
}

function Select({ name, values, value }: { name: string; values: readonly string[]; value: string | null }) {
  return (
    <select name={name} defaultValue={value ?? ""}>
      <option value="">Any</option>
      {values.map((v) => (
        <option key={v} value={v}>
          {words(v)}
        </option>
      ))}
    </select>
  );
}
