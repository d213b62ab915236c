import { useEffect, useState } from "preact/hooks";
import { api, call, callContext, type SessionInfo } from "./api.js";
import { Loading } from "./components/notes.js";
import { OperatorPicker } from "./components/operator-picker.js";
import { AuditLogPage } from "./pages/audit-log.js";
import { GrantsPage } from "./pages/grants.js";
import { OverviewPage } from "./pages/overview.js";
import { ProblemsPage } from "./pages/problems.js";
import { SessionsPage } from "./pages/sessions.js";
import { SettingsPage } from "./pages/settings.js";
import { SignInPage } from "./pages/sign-in.js";
import { StudioDeliveriesPage } from "./pages/studio-deliveries.js";
import { StudioGrantPage, StudioGrantsPage } from "./pages/studio-grants.js";
import { StudioSessionPage } from "./pages/studio-session.js";
import { StudioSettingsPage } from "./pages/studio-settings.js";
import { StudiosPage } from "./pages/studios.js";
import { StudioTransactionPage } from "./pages/studio-transaction.js";
import { TransactionDetailPage } from "./pages/transaction-detail.js";
import { TransactionsPage } from "./pages/transactions.js";
import { href, useRoute, type Route } from "./router.js";
import { useViewer, ViewerContext } from "./session.js";

const PAGES = [
  { path: "overview", title: "Overview" },
  { path: "transactions", title: "Transactions" },
  { path: "problems", title: "Problems" },
  { path: "audit", title: "Audit log" },
  { path: "sessions", title: "Players' sessions" },
  { path: "grants", title: "Free spins" },
  { path: "settings", title: "Settings" },
] as const;

/** A platform account's extra page: the game studios' accounts and delivery logs. */
const PLATFORM_PAGES = [...PAGES, { path: "studios", title: "Studios" }] as const;

/** A studio account's pages: what the service did for its provider. */
const STUDIO_PAGES = [
  { path: "deliveries", title: "Webhook deliveries" },
  { path: "studio-transactions", title: "Transactions" },
  { path: "studio-sessions", title: "Players' sessions" },
  { path: "studio-grants", title: "Free spins" },
  { path: "studio-audit", title: "Audit log" },
  { path: "studio-settings", title: "Settings" },
] as const;

const OPERATOR_KEY = "croupier.backoffice.operator";

/** The back office: sign-in until there is a session, then the page the URL names inside the common layout. */
export function App() {
  const route = useRoute();
  const [session, setSession] = useState<SessionInfo | null | undefined>(undefined);
  const [ended, setEnded] = useState(false);
  const [operatorId, setOperatorId] = useState<string>(() => window.sessionStorage.getItem(OPERATOR_KEY) ?? "");

  const signedIn = (info: SessionInfo) => {
    callContext.csrfToken = info.csrfToken;
    setEnded(false);
    setSession(info);
  };
  useEffect(() => {
    // Only a session that existed can end: a first visit's /me answers 401 too, and is no news to anyone.
    callContext.onSignedOut = () => {
      if (callContext.csrfToken !== undefined) setEnded(true);
      callContext.csrfToken = undefined;
      setSession(null);
    };
    void call(() => api.GET("/backoffice/api/me")).then(({ data }) => (data ? signedIn(data) : setSession(null)));
  }, []);

  const studio = session?.providerId;
  const acting = session?.operatorId ?? studio ?? operatorId;
  callContext.operatorId = session?.platform ? acting : undefined;
  const pages = studio ? STUDIO_PAGES : session?.platform ? PLATFORM_PAGES : PAGES;
  const home = pages[0].path;
  const title = (pages as readonly { path: string; title: string }[]).find((p) => p.path === (route.path[0] ?? home))?.title ?? "Not found";
  useEffect(() => {
    document.title = session ? `${title} · Croupier back office` : "Sign in · Croupier back office";
  }, [title, session]);

  if (session === undefined)
    return (
      <main>
        <Loading />
      </main>
    );
  if (session === null) return <SignInPage ended={ended} onSignedIn={signedIn} />;

  const pick = (id: string) => {
    window.sessionStorage.setItem(OPERATOR_KEY, id);
    setOperatorId(id);
  };
  const signOut = async () => {
    await call(() => api.POST("/backoffice/api/sign-out", { params: { header: { "X-CSRF-Token": session.csrfToken } } }));
    callContext.csrfToken = undefined;
    setSession(null);
  };
  return (
    <ViewerContext.Provider value={{ session, operatorId: acting, canChange: session.role === "manager" }}>
      <a
        class="skip"
        href="#content"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById("content")?.focus();
        }}
      >
        Skip to content
      </a>
      <header class="top">
        <p class="brand">Croupier back office</p>
        <nav aria-label="Main">
          <ul>
            {pages.map((p) => (
              <li key={p.path}>
                <a href={href(p.path)} aria-current={(route.path[0] ?? home) === p.path ? "page" : undefined}>
                  {p.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div class="account">
          {session.platform ? (
            <OperatorPicker value={acting} onChange={pick} />
          ) : studio ? (
            <span>Studio {studio}</span>
          ) : (
            <span>Operator {session.operatorId}</span>
          )}
          <span>
            {session.username} ({session.role})
          </span>
          <button type="button" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <main id="content" tabIndex={-1}>
        {studio ? (
          <StudioPage route={route} title={title} />
        ) : acting === "" ? (
          <p class="note">Choose an operator above to see its data.</p>
        ) : (
          <Page key={acting} route={route} title={title} />
        )}
      </main>
    </ViewerContext.Provider>
  );
}

/** A studio account's page: its webhook deliveries (the default), transactions, sessions, grants, audit log or settings. */
function StudioPage({ route, title }: { route: Route; title: string }) {
  const [page, ...rest] = route.path;
  switch (page ?? "deliveries") {
    case "deliveries":
      return <StudioDeliveriesPage query={route.query} />;
    case "studio-grants":
      return rest.length === 1 ? <StudioGrantPage id={rest[0]!} /> : <StudioGrantsPage />;
    case "studio-transactions":
      return rest.length === 1 ? <StudioTransactionPage transactionId={rest[0]!} /> : <TransactionsPage query={route.query} studio />;
    case "studio-sessions":
      return rest.length === 1 ? <StudioSessionPage sessionRef={rest[0]!} /> : <SessionsPage studio />;
    case "studio-audit":
      return <AuditLogPage studio />;
    case "studio-settings":
      return <StudioSettingsPage />;
    default:
      return <NoSuchPage title={title} />;
  }
}

function Page({ route, title }: { route: Route; title: string }) {
  const { platform } = useViewer().session;
  const [page, ...rest] = route.path;
  switch (page ?? "overview") {
    case "overview":
      return <OverviewPage />;
    case "transactions":
      return rest.length === 2 ? <TransactionDetailPage providerId={rest[0]!} transactionId={rest[1]!} /> : <TransactionsPage query={route.query} />;
    case "problems":
      return <ProblemsPage />;
    case "audit":
      return <AuditLogPage />;
    case "sessions":
      return <SessionsPage />;
    case "grants":
      return <GrantsPage />;
    case "settings":
      return <SettingsPage />;
    case "studios":
      return platform ? <StudiosPage query={route.query} /> : <NoSuchPage title={title} />;
    default:
      return <NoSuchPage title={title} />;
  }
}

function NoSuchPage({ title }: { title: string }) {
  return (
    <>
      <h1>{title}</h1>
      <p class="note">There is no such page. Pick one from the menu above.</p>
    </>
  );
}
