import { useEffect, useState } from "preact/hooks";
import { api, call, callContext, type Schemas } from "../api.js";
import { ConfirmAction } from "../components/confirm-action.js";
import { EmptyNote, ErrorNote, Loading, OutcomeNote } from "../components/notes.js";
import { DeliveryTable } from "../components/delivery-table.js";
import { Pager, usePaged } from "../components/paged.js";
import { href } from "../router.js";
import { useViewer } from "../session.js";

/**
 * A platform account's view of the game studios: each studio's back-office accounts, which a manager creates and
 * removes, and the studio's webhook delivery log, read only (support use: the studio changes its own settings).
 */
export function StudiosPage({ query }: { query: URLSearchParams }) {
  const [providers, setProviders] = useState<string[]>();
  useEffect(() => {
    // The studios are those the operators serve.
    void call(() => api.GET("/backoffice/api/operators")).then(({ data }) =>
      setProviders([...new Set((data ?? []).flatMap((o) => o.providers))].sort()),
    );
  }, []);
  const providerId = query.get("provider") ?? providers?.[0] ?? "";
  return (
    <>
      <h1>Studios</h1>
      {!providers && <Loading />}
      {providers && (
        <form class="filters" aria-label="Choose a studio" onSubmit={(e) => e.preventDefault()}>
          <label>
            Studio
            <select value={providerId} onChange={(e) => (window.location.hash = href("studios", { provider: e.currentTarget.value }))}>
              {providers.map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
            </select>
          </label>
        </form>
      )}
      {providerId !== "" && <StudioAccounts key={`accounts-${providerId}`} providerId={providerId} />}
      {providerId !== "" && <StudioDeliveryLog key={`log-${providerId}`} providerId={providerId} outcome={query.get("outcome") ?? "FAILED"} />}
    </>
  );
}

/** A studio's back-office accounts; a platform manager creates one (its password shown once) or removes one, after asking. */
function StudioAccounts({ providerId }: { providerId: string }) {
  const { canChange } = useViewer();
  const [accounts, setAccounts] = useState<{ data?: Schemas["StudioAccount"][]; problem?: string }>();
  const [outcome, setOutcome] = useState<{ ok?: string; problem?: string }>();
  const [created, setCreated] = useState<Schemas["CreatedStudioAccount"]>();
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    void call(() => api.GET("/backoffice/api/studio-accounts", { params: { query: { providerId } } })).then(setAccounts);
  }, [providerId, reloads]);
  const create = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const fields = new FormData(form);
    const body = { providerId, username: String(fields.get("username")).trim(), role: fields.get("role") as "viewer" | "manager" };
    const { data, problem } = await call(() =>
      api.POST("/backoffice/api/studio-accounts", { params: { header: { "X-CSRF-Token": callContext.csrfToken ?? "" } }, body }),
    );
    setCreated(data);
    setOutcome(problem ? { problem } : undefined);
    if (data) form.reset();
    setReloads((n) => n + 1);
  };
  const remove = async (username: string) => {
    const { data, problem } = await call(() =>
      api.DELETE("/backoffice/api/studio-accounts/{username}", {
        params: { path: { username }, header: { "X-CSRF-Token": callContext.csrfToken ?? "" } },
      }),
    );
    setCreated(undefined);
    setOutcome(data ? { ok: `${username} removed: its sessions ended at once.` } : { problem });
    setReloads((n) => n + 1);
  };
  return (
    <section aria-labelledby="accounts-title">
      <h2 id="accounts-title">Accounts of {providerId}</h2>
      {created && (
        <div class="note status" role="status">
          <p>
            Account {created.username} ({created.role}) created. Its password, shown this once: hand it to the studio.
          </p>
          <pre role="region" tabIndex={0} aria-label={`Password of ${created.username}`}>
            {created.password}
          </pre>
        </div>
      )}
      <OutcomeNote outcome={outcome} />
      {!accounts && <Loading />}
      {accounts?.problem && <ErrorNote>{accounts.problem}</ErrorNote>}
      {accounts?.data?.length === 0 && <EmptyNote>This studio has no back-office account yet.</EmptyNote>}
      {accounts?.data && accounts.data.length > 0 && (
        <table>
          <caption class="visually-hidden">Back-office accounts of {providerId}</caption>
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col">Role</th>
              {canChange && <th scope="col">Action</th>}
            </tr>
          </thead>
          <tbody>
            {accounts.data.map((a) => (
              <tr key={a.username}>
                <td>{a.username}</td>
                <td>{a.role}</td>
                {canChange && (
                  <td>
                    <ConfirmAction
                      label={`Remove ${a.username}`}
                      question={`Remove ${a.username}? The account is deleted and its sessions end now; the studio's other accounts go on.`}
                      confirm={`Yes, remove ${a.username}`}
                      onConfirm={() => void remove(a.username)}
                    />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canChange && (
        <form class="filters" aria-label={`New account of ${providerId}`} onSubmit={(e) => void create(e)}>
          <label>
            Username
            <input name="username" required maxLength={64} pattern="[A-Za-z0-9._@\-]+" />
          </label>
          <label>
            Role
            <select name="role" defaultValue="viewer">
              <option value="viewer">Viewer (reads only)</option>
              <option value="manager">Manager (re-sends, settings)</option>
            </select>
          </label>
          <div class="actions">
            <button type="submit">Create account</button>
          </div>
        </form>
      )}
    </section>
  );
}

/** A studio's webhook delivery log as the platform reads it (named in X-Provider-Id): failed ones first asked for. */
function StudioDeliveryLog({ providerId, outcome }: { providerId: string; outcome: string }) {
  const list = usePaged<Schemas["WebhookDelivery"]>(
    (cursor) =>
      call(() =>
        api.GET("/v1/provider/webhook-deliveries", {
          params: { query: { ...(outcome === "FAILED" ? { outcome } : {}), ...(cursor ? { cursor } : {}) } },
          headers: { "X-Provider-Id": providerId },
        }),
      ),
    `${providerId} ${outcome}`,
  );
  return (
    <section aria-labelledby="log-title">
      <h2 id="log-title">Webhook deliveries of {providerId}</h2>
      <p>The calls the service made to the studio's webhooks, newest first; read only: the studio re-sends and changes its own settings.</p>
      <form class="filters" aria-label="Filter deliveries" onSubmit={(e) => e.preventDefault()}>
        <label>
          Outcome
          <select
            value={outcome}
            onChange={(e) => (window.location.hash = href("studios", { provider: providerId, outcome: e.currentTarget.value }))}
          >
            <option value="FAILED">Failed</option>
            <option value="ANY">Any</option>
          </select>
        </label>
      </form>
      {list.loading && <Loading />}
      {list.problem && <ErrorNote>{list.problem}</ErrorNote>}
      {list.page && list.page.items.length === 0 && <EmptyNote>No deliveries match.</EmptyNote>}
      {list.page && list.page.items.length > 0 && (
        <DeliveryTable
          deliveries={list.page.items}
          caption={`Webhook deliveries of ${providerId}, newest first`}
          about={(d) => (d.grantId ? `Grant for ${d.playerRef}` : d.sessionRef ? `Session of ${d.playerRef}` : (d.playerRef ?? "test call"))}
        />
      )}
      <Pager list={list} label="Deliveries" />
    </section>
  );
}
