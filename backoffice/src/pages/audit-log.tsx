import { useState } from "preact/hooks";
import { api, call, type Schemas } from "../api.js";
import { AUDIT_KINDS, STUDIO_AUDIT_KINDS } from "../audit-kinds.js";
import { EmptyNote, ErrorNote, Loading } from "../components/notes.js";
import { Pager, usePaged } from "../components/paged.js";
import { formatTime, words } from "../format.js";

/**
 * Every change made to the operator (or, for a studio account, to the studio's settings and webhook calls), by whom,
 * when, why and with what result, newest first; filtered by kind.
 */
export function AuditLogPage({ studio = false }: { studio?: boolean }) {
  const [kind, setKind] = useState("");
  const list = usePaged<Schemas["AuditEntry"]>((cursor) => {
    const params = { query: { ...(kind ? { kind: kind as Schemas["AuditKind"] } : {}), ...(cursor ? { cursor } : {}) } };
    return call(() => (studio ? api.GET("/v1/provider/audit-log", { params }) : api.GET("/v1/operator/audit-log", { params })));
  }, `audit|${kind}`);
  return (
    <>
      <h1>Audit log</h1>
      <form class="filters" aria-label="Filter the audit log" onSubmit={(e) => e.preventDefault()}>
        <label>
          Kind
          <select value={kind} onChange={(e) => setKind(e.currentTarget.value)}>
            <option value="">Any</option>
            {(studio ? STUDIO_AUDIT_KINDS : AUDIT_KINDS).map((k) => (
              <option key={k} value={k}>
                {words(k)}
              </option>
            ))}
          </select>
        </label>
      </form>
      {list.loading && <Loading />}
      {list.problem && <ErrorNote>{list.problem}</ErrorNote>}
      {list.page && list.page.items.length === 0 && (
        <EmptyNote>{kind ? "No changes of this kind yet." : "Nobody has changed anything yet."}</EmptyNote>
      )}
      {list.page && list.page.items.length > 0 && (
        <table>
          <caption class="visually-hidden">Audit log, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">On</th>
              <th scope="col">Why</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {list.page.items.map((e) => (
              <tr key={e.id}>
                <td>{formatTime(e.at)}</td>
                <td>{e.actor}</td>
                <td>{words(e.action)}</td>
                <td>{e.target}</td>
                <td>{e.note ?? "—"}</td>
                <td>{e.result ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager list={list} label="Audit log" />
    </>
  );
}
