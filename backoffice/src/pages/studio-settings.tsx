import { useEffect, useState } from "preact/hooks";
import { api, call, type Schemas } from "../api.js";
import { ErrorNote, Loading, OutcomeNote } from "../components/notes.js";
import { SecretRotation } from "../components/secret-rotation.js";
import { UrlForm } from "../components/url-form.js";
import { formatTime, words } from "../format.js";
import { useViewer } from "../session.js";

/**
 * A studio's own settings: its webhook URL with a test webhook whose answer is shown, and its secret's rotation (the new
 * secret shown once). A viewer reads them and changes nothing.
 */
export function StudioSettingsPage() {
  const { session, canChange } = useViewer();
  const [settings, setSettings] = useState<{ data?: Schemas["StudioSettings"]; problem?: string }>();
  const [reloads, setReloads] = useState(0);
  useEffect(() => void call(() => api.GET("/v1/provider/portal/settings")).then(setSettings), [reloads]);
  const reload = () => setReloads((n) => n + 1);
  return (
    <>
      <h1>Settings</h1>
      {!settings && <Loading />}
      {settings?.problem && <ErrorNote>{settings.problem}</ErrorNote>}
      {settings?.data && <WebhookUrl settings={settings.data} canChange={canChange} onSaved={reload} />}
      {canChange && <TestWebhook />}
      {settings?.data && (
        <SecretRotation
          ownerId={session.providerId ?? ""}
          hint={
            settings.data.previousSecretValidUntil
              ? `The previous secret keeps working for ordinary calls until ${formatTime(settings.data.previousSecretValidUntil)}.`
              : "No previous secret is in its grace period."
          }
          afterRotation="Our webhooks are signed with the new secret from the rotation on."
          switchTo="your game server"
          rotate={() => call(() => api.POST("/v1/provider/portal/rotate-secret"))}
          canChange={canChange}
          onRotated={reload}
        />
      )}
    </>
  );
}

function WebhookUrl({ settings, canChange, onSaved }: { settings: Schemas["StudioSettings"]; canChange: boolean; onSaved: () => void }) {
  const [outcome, setOutcome] = useState<{ ok?: string; problem?: string }>();
  const save = async (webhookUrl: string) => {
    const { data, problem } = await call(() => api.POST("/v1/provider/portal/webhook-url", { body: { webhookUrl } }));
    setOutcome(data ? { ok: `Saved: webhook calls now go to ${data.webhookUrl ?? webhookUrl}.` } : { problem });
    if (data) onSaved();
  };
  return (
    <section class="card" aria-labelledby="webhook-title">
      <h2 id="webhook-title">Webhooks</h2>
      <dl class="pairs">
        <dt>Webhook URL</dt>
        <dd>{settings.webhookUrl ?? "not set: grant and revoke calls fail until one is"}</dd>
      </dl>
      {canChange && <UrlForm name="webhookUrl" label="New webhook URL" button="Save webhook URL" current={settings.webhookUrl} save={save} />}
      <OutcomeNote outcome={outcome} />
    </section>
  );
}

function TestWebhook() {
  const [result, setResult] = useState<{ data?: Schemas["WebhookDelivery"]; problem?: string }>();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    setResult(await call(() => api.POST("/v1/provider/portal/test-webhook")));
    setBusy(false);
  };
  const d = result?.data;
  return (
    <section class="card" aria-labelledby="test-webhook-title">
      <h2 id="test-webhook-title">Send a test webhook</h2>
      <p class="hint">One signed session revoke, for a session nobody holds, to your webhook URL: your server changes nothing.</p>
      <button type="button" onClick={() => void send()} disabled={busy}>
        Send a test webhook
      </button>
      {result?.problem && <ErrorNote>{result.problem}</ErrorNote>}
      {d && (
        <div role="status" class={d.outcome === "DELIVERED" ? "note status" : "note error"}>
          <p>
            {d.outcome === "DELIVERED"
              ? `Delivered: your server answered HTTP ${d.httpStatus} in ${d.durationMs} ms.`
              : `${words(d.outcome)}${d.durationMs === null ? "" : ` after ${d.durationMs} ms`}: ${d.error ?? "no answer"}.`}
          </p>
          {d.response ? (
            <figure class="answer">
              <figcaption>Your server's answer</figcaption>
              <pre>{d.response}</pre>
            </figure>
          ) : (
            d.httpStatus !== null && <p>Your server's answer had no body.</p>
          )}
        </div>
      )}
    </section>
  );
}
