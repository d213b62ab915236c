import { useState } from "preact/hooks";
import { api, problemText, type SessionInfo } from "../api.js";
import { ErrorNote, StatusNote } from "../components/notes.js";

/** Sign-in with a back-office account (never a tenant's API secret). */
export function SignInPage({ ended, onSignedIn }: { ended: boolean; onSignedIn: (session: SessionInfo) => void }) {
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setBusy(true);
    setProblem(undefined);
    try {
      const { data, error, response } = await api.POST("/backoffice/api/sign-in", {
        body: { username: String(form.get("username")), password: String(form.get("password")) },
      });
      if (data) return onSignedIn(data);
      if (response.status === 401) setProblem("Wrong username or password.");
      else if (response.status === 429) {
        setProblem(`Too many sign-in attempts. Try again in ${response.headers.get("Retry-After") ?? "a few"} seconds.`);
      } else setProblem(problemText(error, response));
    } catch {
      setProblem(problemText(undefined, undefined));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="sign-in">
      <h1>Croupier back office</h1>
      {ended && <StatusNote>Your session has ended. Sign in again.</StatusNote>}
      <form onSubmit={(e) => void submit(e)}>
        <label for="username">Username</label>
        <input id="username" name="username" autocomplete="username" required maxLength={64} />
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        {problem && <ErrorNote>{problem}</ErrorNote>}
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
      <p class="hint">
        Accounts are created by the platform team with <code>npm run admin -- backoffice-user add</code>.
      </p>
    </main>
  );
}
