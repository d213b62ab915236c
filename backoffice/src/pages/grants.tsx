import { useEffect, useState } from "preact/hooks";
import { api, call, type Schemas } from "../api.js";
import { ConfirmAction } from "../components/confirm-action.js";
import { EmptyNote, ErrorNote, Loading, OutcomeNote } from "../components/notes.js";
import { Pager, usePaged } from "../components/paged.js";
import { formatMoney, formatTime, parseMoney, words } from "../format.js";
import { useViewer } from "../session.js";

const PAGE_SIZE = 20;
type Grant = Schemas["GrantResponseBody"];

/** Free-spin grants: the list (newest first, 20 a page, paged by the API), issue from a campaign or directly, and cancel. */
export function GrantsPage() {
  const { canChange } = useViewer();
  const [playerRef, setPlayerRef] = useState("");
  const [outcome, setOutcome] = useState<{ ok?: string; problem?: string }>();
  const list = usePaged<Grant>(
    (cursor) =>
      call(async () => {
        const query = { limit: PAGE_SIZE, order: "newest" as const, ...(playerRef ? { playerRef } : {}), ...(cursor ? { cursor } : {}) };
        const answer = await api.GET("/v1/operator/free-spins/grants", { params: { query } });
        // The contract answers the grants themselves; the next page's cursor comes as a header.
        const nextCursor = answer.response.headers.get("X-Next-Cursor");
        return { ...answer, data: answer.data && { items: answer.data, nextCursor } };
      }),
    playerRef,
  );
  const cancel = async (grant: Grant) => {
    const { data, problem } = await call(() => api.POST("/v1/operator/free-spins/grants/{id}/cancel", { params: { path: { id: grant.id } } }));
    setOutcome(data ? { ok: `Grant for ${grant.playerRef} cancelled: its unplayed spins are void.` } : { problem });
    list.reload();
  };
  return (
    <>
      <h1>Free spins</h1>
      {canChange && (
        <IssueGrant
          onIssued={(message) => {
            setOutcome(message);
            list.reload();
          }}
        />
      )}
      <h2>Grants</h2>
      <form
        class="filters"
        aria-label="Filter grants"
        onSubmit={(e) => {
          e.preventDefault();
          setPlayerRef(String(new FormData(e.currentTarget).get("playerRef")).trim());
        }}
      >
        <label>
          Player
          <input name="playerRef" defaultValue={playerRef} />
        </label>
        <div class="actions">
          <button type="submit">Apply filter</button>
        </div>
      </form>
      <OutcomeNote outcome={outcome} />
      {list.loading && <Loading />}
      {list.problem && <ErrorNote>{list.problem}</ErrorNote>}
      {list.page && list.page.items.length === 0 && <EmptyNote>No free-spin grants{playerRef ? ` for ${playerRef}` : ""} yet.</EmptyNote>}
      {list.page && list.page.items.length > 0 && (
        <table>
          <caption class="visually-hidden">Free-spin grants, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Issued</th>
              <th scope="col">Player</th>
              <th scope="col">Game</th>
              <th scope="col">Spins</th>
              <th scope="col">Stake</th>
              <th scope="col">Status</th>
              <th scope="col">Campaign</th>
              {canChange && <th scope="col">Action</th>}
            </tr>
          </thead>
          <tbody>
            {list.page.items.map((g) => (
              <tr key={g.id}>
                <td>{formatTime(g.createdAt)}</td>
                <td>{g.playerRef}</td>
                <td>{g.gameId}</td>
                <td class="number">{g.spins}</td>
                <td class="number">{g.betAmountMinor === 0 ? "game default" : formatMoney(g.betAmountMinor, g.currency)}</td>
                <td>
                  {words(g.status)}
                  {g.lastError ? `: ${g.lastError}` : ""}
                </td>
                <td>{g.campaignId ?? "direct"}</td>
                {canChange && (
                  <td>
                    {g.status === "active" && (
                      <ConfirmAction
                        label={`Cancel grant for ${g.playerRef}`}
                        question={`Cancel the grant of ${g.spins} free spins on ${g.gameId} for ${g.playerRef}? The studio voids the spins not yet played; spins already played and their wins stay. A cancelled grant cannot be restored.`}
                        confirm={`Yes, cancel the grant for ${g.playerRef}`}
                        onConfirm={() => void cancel(g)}
                      />
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager list={list} label="Grants" />
    </>
  );
}

/** Issues a grant. The idempotency key is made once per form, so a second click returns the same grant. */
function IssueGrant({ onIssued }: { onIssued: (message: { ok?: string; problem?: string }) => void }) {
  const [games, setGames] = useState<Schemas["GameSummary"][]>([]);
  const [campaigns, setCampaigns] = useState<Schemas["CampaignSummary"][]>();
  const [form, setForm] = useState({ key: crypto.randomUUID(), mode: "campaign" as "campaign" | "direct" });
  const [problem, setProblem] = useState<string>();
  useEffect(() => void call(() => api.GET("/v1/operator/games")).then(({ data }) => setGames(data ?? [])), []);
  useEffect(() => void call(() => api.GET("/v1/operator/free-spins/campaigns")).then(({ data }) => setCampaigns(data ?? [])), []);
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget as HTMLFormElement);
    const text = (name: string) => String(f.get(name) ?? "").trim();
    const common = { playerRef: text("playerRef"), idempotencyKey: `backoffice-${form.key}` };
    let body: Schemas["IssueGrantRequestBody"];
    if (form.mode === "campaign") body = { ...common, campaignId: text("campaignId") };
    else {
      const currency = text("currency");
      const stake = text("bet") === "" ? 0 : parseMoney(text("bet"), currency);
      if (stake === undefined) return setProblem(`The stake is an amount in ${currency}, such as 0.20.`);
      body = { ...common, gameId: text("gameId"), spins: Number(text("spins")), currency, betAmountMinor: stake };
    }
    setProblem(undefined);
    const { data, problem: failed } = await call(() => api.POST("/v1/operator/free-spins/grants", { body }));
    if (!data) return setProblem(failed);
    setForm({ ...form, key: crypto.randomUUID() });
    onIssued(
      data.status === "active"
        ? { ok: `Issued ${data.spins} free spins on ${data.gameId} to ${data.playerRef}.` }
        : { problem: `The grant was recorded as ${data.status}${data.lastError ? `: ${data.lastError}` : ""}.` },
    );
  };
  // A direct grant's currency must be one the chosen game accepts; the first game is chosen until another is.
  const [gameId, setGameId] = useState<string>();
  const chosen = games.find((g) => g.gameId === gameId) ?? games[0];
  const currencies = chosen?.currencies ?? [];
  return (
    <section aria-labelledby="issue-title" class="card">
      <h2 id="issue-title">Issue free spins</h2>
      <form onSubmit={(e) => void submit(e)} class="stacked">
        <fieldset>
          <legend>Grant from</legend>
          <label>
            <input type="radio" name="mode" checked={form.mode === "campaign"} onChange={() => setForm({ ...form, mode: "campaign" })} /> a campaign
          </label>
          <label>
            <input type="radio" name="mode" checked={form.mode === "direct"} onChange={() => setForm({ ...form, mode: "direct" })} /> a game, directly
          </label>
        </fieldset>
        <label>
          Player
          <input name="playerRef" required />
        </label>
        {form.mode === "campaign" ? (
          <CampaignPicker campaigns={campaigns} games={games} />
        ) : (
          <>
            <label>
              Game
              <select name="gameId" required value={chosen?.gameId} onChange={(e) => setGameId(e.currentTarget.value)}>
                {games.map((g) => (
                  <option key={g.gameId} value={g.gameId}>
                    {g.name} ({g.gameId})
                  </option>
                ))}
              </select>
            </label>
            <label>
              Spins
              <input name="spins" type="number" min={1} required />
            </label>
            <label>
              Currency
              <select name="currency" required>
                {currencies.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Stake per spin (empty: the game's default)
              <input name="bet" inputMode="decimal" />
            </label>
          </>
        )}
        {problem && <ErrorNote>{problem}</ErrorNote>}
        <button type="submit">Issue grant</button>
      </form>
    </section>
  );
}

/** The campaigns the operator may issue from now, by what a grant gives; a word when there is none. */
function CampaignPicker({ campaigns, games }: { campaigns: Schemas["CampaignSummary"][] | undefined; games: Schemas["GameSummary"][] }) {
  if (campaigns === undefined) return <Loading />;
  if (campaigns.length === 0) return <p class="hint">No campaign is open to this operator now: grant spins on a game directly.</p>;
  const gameName = (gameId: string) => games.find((g) => g.gameId === gameId)?.name ?? gameId;
  return (
    <label>
      Campaign
      <select name="campaignId" required>
        {campaigns.map((c) => (
          <option key={c.id} value={c.id}>
            {c.id}: {c.spins} spins on {gameName(c.gameId)},{" "}
            {c.betAmountMinor === 0 ? "the game's default stake" : `${formatMoney(c.betAmountMinor, c.currency)} a spin`}
            {c.validUntil === null ? "" : `, until ${formatTime(c.validUntil)}`}
          </option>
        ))}
      </select>
    </label>
  );
}
