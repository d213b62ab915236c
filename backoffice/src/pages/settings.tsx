import { useEffect, useState } from "preact/hooks";
import { api, call, type Schemas } from "../api.js";
import { ErrorNote, Loading, OutcomeNote } from "../components/notes.js";
import { SecretRotation } from "../components/secret-rotation.js";
import { UrlForm } from "../components/url-form.js";
import { formatMoney } from "../format.js";
import { useViewer } from "../session.js";

/**
 * The operator's settings: the wallet callback URL with a test call, and secret rotation (the new secret is shown
 * once). A platform account also sees every tenant's configuration, never a secret.
 */
export function SettingsPage() {
  const { session, operatorId, canChange } = useViewer();
  const [operators, setOperators] = useState<{ data?: Schemas["OperatorSettings"][]; problem?: string }>();
  const [reloads, setReloads] = useState(0);
  useEffect(() => void call(() => api.GET("/backoffice/api/operators")).then(setOperators), [reloads]);
  const own = operators?.data?.find((o) => o.id === operatorId);
  return (
    <>
      <h1>Settings</h1>
      {!operators && <Loading />}
      {operators?.problem && <ErrorNote>{operators.problem}</ErrorNote>}
      {own && <CallbackUrl settings={own} canChange={canChange} onSaved={() => setReloads((n) => n + 1)} />}
      {canChange && <TestCall />}
      {canChange && (
        <SecretRotation
          ownerId={operatorId}
          hint="A new secret is shown once. The old one keeps working for ordinary calls until the grace period ends."
          switchTo="your integration"
          rotate={() => call(() => api.POST("/portal/api/rotate-secret"))}
          canChange
        />
      )}
      {session.platform && operators?.data && <TenantTable operators={operators.data} />}
    </>
  );
}

function CallbackUrl({ settings, canChange, onSaved }: { settings: Schemas["OperatorSettings"]; canChange: boolean; onSaved: () => void }) {
  const [outcome, setOutcome] = useState<{ ok?: string; problem?: string }>();
  const save = async (callbackUrl: string) => {
    const { data, problem } = await call(() => api.POST("/portal/api/callback-url", { body: { callbackUrl } }));
    setOutcome(data ? { ok: `Saved: wallet calls now go to ${data.callbackUrl}.` } : { problem });
    if (data) onSaved();
  };
  return (
    <section class="card" aria-labelledby="callback-title">
      <h2 id="callback-title">Wallet callback</h2>
      <dl class="pairs">
        <dt>Callback URL</dt>
        <dd>{settings.callbackUrl ?? "not set: wallet calls fail until one is"}</dd>
        <dt>Timeout</dt>
        <dd>{settings.callbackTimeoutMs} ms</dd>
      </dl>
      {canChange && <UrlForm name="callbackUrl" label="New callback URL" button="Save callback URL" current={settings.callbackUrl} save={save} />}
      <OutcomeNote outcome={outcome} />
    </section>
  );
}

function TestCall() {
  const [result, setResult] = useState<{ data?: Schemas["TestCallResult"]; problem?: string; currency?: string }>();
  const [busy, setBusy] = useState(false);
  // The wallet's balance call names no currency: the person says which the player's balance is in, to read it in.
  const [currencies, setCurrencies] = useState<string[]>([]);
  useEffect(
    () => void call(() => api.GET("/v1/operator/games")).then(({ data }) => setCurrencies([...new Set((data ?? []).flatMap((g) => g.currencies))])),
    [],
  );
  const send = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const playerRef = String(form.get("playerRef")).trim();
    const currency = String(form.get("currency") ?? "");
    setBusy(true);
    setResult({ ...(await call(() => api.POST("/portal/api/test-call", { body: { playerRef } }))), currency });
    setBusy(false);
  };
  const data = result?.data;
  return (
    <section class="card" aria-labelledby="test-title">
      <h2 id="test-title">Send a test call</h2>
      <p class="hint">One signed balance call to your wallet for a player: read only, no money moves.</p>
      <form onSubmit={(e) => void send(e)} class="stacked">
        <label for="test-player">Player</label>
        <input id="test-player" name="playerRef" required />
        <label for="test-currency">Currency of the balance</label>
        <select id="test-currency" name="currency">
          {currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <button type="submit" disabled={busy}>
          Send a test call
        </button>
      </form>
      {result?.problem && <ErrorNote>{result.problem}</ErrorNote>}
      {data && (
        <div role="status" class={data.ok ? "note status" : "note error"}>
          <p>
            {data.ok ? `The wallet answered in ${data.latencyMs} ms.` : `The call failed after ${data.latencyMs} ms: ${data.error ?? "no answer"}.`}
          </p>
          {data.balance !== undefined && (
            <p>
              Balance: {result?.currency ? formatMoney(data.balance, result.currency) : data.balance}{" "}
              <span class="hint">
                ({data.balance} minor units{result?.currency ? ` of ${result.currency}` : ""})
              </span>
            </p>
          )}
          {data.answer !== undefined && (
            <pre role="region" tabIndex={0} aria-label="The wallet's answer">
              {data.answer}
            </pre>
          )}
        </div>
      )}
    </section>
  );
}

function TenantTable({ operators }: { operators: Schemas["OperatorSettings"][] }) {
  return (
    <section aria-labelledby="tenants-title">
      <h2 id="tenants-title">Tenants' configuration</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Operator</th>
            <th scope="col">Callback URL</th>
            <th scope="col">Timeout</th>
            <th scope="col">Providers</th>
            <th scope="col">Blocked players</th>
            <th scope="col">Rate limit</th>
          </tr>
        </thead>
        <tbody>
          {operators.map((o) => (
            <tr key={o.id}>
              <td>{o.id}</td>
              <td>{o.callbackUrl ?? "not set"}</td>
              <td>{o.callbackTimeoutMs} ms</td>
              <td>{o.providers.join(", ")}</td>
              <td class="number">{o.blockedPlayerCount}</td>
              <td>
                {o.rateLimit.requestsPerSecond}/s, burst {o.rateLimit.burst}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
