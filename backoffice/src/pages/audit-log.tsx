import { api, call, type Schemas } from "../api.js";
import { EmptyNote, ErrorNote, Loading } from "../components/notes.js";
import { Pager, usePaged } from "../components/paged.js";
import { formatTime, words } from "../format.js";

/** Who re-sent or resolved what, when and why, newest first. */
export function AuditLogPage() {
  const list = usePaged<Schemas["AuditEntry"]>(
    (cursor) => call(() => api.GET("/v1/operator/audit-log", { params: { query: cursor ? { cursor } : {} } })),
    "audit",
  );
  return (
    <>
      <h1>Audit log</h1>
      {list.loading && <Loading />}
      {list.problem && <ErrorNote>{list.problem}</ErrorNote>}
      {list.page && list.page.items.length === 0 && <EmptyNote>Nobody has re-sent or resolved anything yet.</EmptyNote>}
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
