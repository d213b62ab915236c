import { Fragment } from "preact";
import { useEffect, useState } from "preact/hooks";
import { api, call, type Schemas } from "../api.js";
import { MinuteChart } from "../components/minute-chart.js";
import { ErrorNote, Loading } from "../components/notes.js";
import { formatTime, words } from "../format.js";
import { href } from "../router.js";

/** The last hour at a glance: transactions, wallet-call outcomes and latency, open problems, live sessions. */
export function OverviewPage() {
  const [state, setState] = useState<{ data?: Schemas["OverviewStats"]; problem?: string }>();
  useEffect(() => void call(() => api.GET("/v1/operator/overview")).then(setState), []);
  if (!state)
    return (
      <>
        <h1>Overview</h1>
        <Loading />
      </>
    );
  if (!state.data)
    return (
      <>
        <h1>Overview</h1>
        <ErrorNote>{state.problem}</ErrorNote>
      </>
    );
  const { transactions: t, walletCalls: w, openProblems: p, from, to, activeSessions, minutes } = state.data;
  const open = p.UNSETTLED_CREDIT + p.UNCLOSED_ROUND + p.UNKNOWN_OUTCOME;
  return (
    <>
      <h1>Overview</h1>
      <p class="hint">
        The last hour, {formatTime(from)} to {formatTime(to)}.
      </p>
      <div class="cards">
        <section class="card" aria-labelledby="tx-title">
          <h2 id="tx-title">Transactions</h2>
          <p class="figure">{t.total}</p>
          <Counts
            rows={[
              ["OK", t.OK],
              ["DECLINED", t.DECLINED],
              ["FAILED", t.FAILED],
              ["TIMED_OUT", t.TIMED_OUT],
              ["PENDING", t.PENDING],
            ]}
          />
          <Counts
            rows={[
              ["BET", t.BET],
              ["WIN", t.WIN],
              ["ROLLBACK", t.ROLLBACK],
              ["ADJUSTMENT", t.ADJUSTMENT],
            ]}
          />
          <a href={href("transactions", { state: "FAILED" })}>See failed transactions</a>
        </section>
        <section class="card" aria-labelledby="calls-title">
          <h2 id="calls-title">Wallet calls</h2>
          <p class="figure">{w.total}</p>
          <Counts
            rows={[
              ["OK", w.OK],
              ["DECLINED", w.DECLINED],
              ["FAILED", w.FAILED],
              ["TIMED_OUT", w.TIMED_OUT],
              ["Unfinished", w.UNFINISHED],
            ]}
          />
          <dl class="pairs">
            <dt>Latency p50</dt>
            <dd>{w.latencyP50Ms === null ? "no calls" : `${w.latencyP50Ms} ms`}</dd>
            <dt>Latency p99</dt>
            <dd>{w.latencyP99Ms === null ? "no calls" : `${w.latencyP99Ms} ms`}</dd>
          </dl>
        </section>
        <section class="card" aria-labelledby="problems-title">
          <h2 id="problems-title">Open problems</h2>
          <p class={open > 0 ? "figure alarm" : "figure"}>{open}</p>
          <Counts
            rows={[
              ["UNSETTLED_CREDIT", p.UNSETTLED_CREDIT],
              ["UNCLOSED_ROUND", p.UNCLOSED_ROUND],
              ["UNKNOWN_OUTCOME", p.UNKNOWN_OUTCOME],
            ]}
          />
          <a href={href("problems")}>{open > 0 ? "Work the problems queue" : "Nothing needs a person"}</a>
        </section>
        <section class="card" aria-labelledby="sessions-title">
          <h2 id="sessions-title">Active sessions</h2>
          <p class="figure">{activeSessions}</p>
          <a href={href("sessions")}>See players' sessions</a>
        </section>
      </div>
      <MinuteCharts minutes={minutes} />
    </>
  );
}

/** The hour minute by minute: transactions received, wallet calls by outcome, and wallet latency. */
function MinuteCharts({ minutes }: { minutes: Schemas["OverviewMinute"][] }) {
  const at = minutes.map((m) => m.at);
  const total = (values: number[]) => `${values.reduce((sum, n) => sum + n, 0)} in the hour`;
  const outcome = (label: string, className: string, key: "OK" | "DECLINED" | "FAILED" | "TIMED_OUT" | "UNFINISHED") => {
    const values = minutes.map((m) => m[key]);
    return { label, className, values, legend: total(values) };
  };
  const received = minutes.map((m) => m.transactions);
  return (
    <section aria-labelledby="minutes-title">
      <h2 id="minutes-title">Minute by minute</h2>
      <div class="charts">
        <MinuteChart
          id="chart-transactions"
          title="Transactions received per minute"
          unit="a minute"
          minutes={at}
          kind="bars"
          series={[{ label: "Received", className: "received", values: received, legend: total(received) }]}
        />
        <MinuteChart
          id="chart-calls"
          title="Wallet calls per minute, by outcome"
          unit="a minute"
          minutes={at}
          kind="bars"
          series={[
            outcome("OK", "ok", "OK"),
            outcome("Declined", "declined", "DECLINED"),
            outcome("Failed", "failed", "FAILED"),
            outcome("Timed out", "timed-out", "TIMED_OUT"),
            outcome("Unfinished", "unfinished", "UNFINISHED"),
          ]}
        />
        <MinuteChart
          id="chart-latency"
          title="Wallet latency per minute"
          unit="ms"
          minutes={at}
          kind="lines"
          series={[
            { label: "Mean", className: "mean", values: minutes.map((m) => m.latencyAvgMs) },
            { label: "p95", className: "p95", values: minutes.map((m) => m.latencyP95Ms) },
          ]}
        />
      </div>
    </section>
  );
}

function Counts({ rows }: { rows: [string, number][] }) {
  return (
    <dl class="pairs">
      {rows.map(([label, n]) => (
        <Fragment key={label}>
          <dt>{words(label)}</dt>
          <dd>{n}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
