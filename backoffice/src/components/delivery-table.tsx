import type { ComponentChildren } from "preact";
import type { Schemas } from "../api.js";
import { formatTime, words } from "../format.js";

type Delivery = Schemas["WebhookDelivery"];

/**
 * A table of webhook deliveries, newest first: when, which event, the operator, what it was about (`about`), the attempt,
 * the outcome with the studio's HTTP status or the error, and the time taken; with `action`, a last column per row.
 */
export function DeliveryTable({
  deliveries,
  caption,
  about,
  action,
}: {
  deliveries: Delivery[];
  caption: string;
  about: (d: Delivery) => ComponentChildren;
  action?: { title: string; cell: (d: Delivery) => ComponentChildren };
}) {
  return (
    <table>
      <caption class="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Sent</th>
          <th scope="col">Event</th>
          <th scope="col">Operator</th>
          <th scope="col">About</th>
          <th scope="col">Attempt</th>
          <th scope="col">Outcome</th>
          <th scope="col">Time taken</th>
          {action && <th scope="col">{action.title}</th>}
        </tr>
      </thead>
      <tbody>
        {deliveries.map((d) => (
          <tr key={d.id}>
            <td>{formatTime(d.startedAt)}</td>
            <td>{words(d.event)}</td>
            <td>{d.operatorId ?? "—"}</td>
            <td>{about(d)}</td>
            <td class="number">{d.attempt}</td>
            <td>
              {words(d.outcome)}
              {d.httpStatus !== null ? ` (HTTP ${d.httpStatus})` : ""}
              {d.outcome === "FAILED" && d.error ? `: ${d.error}` : ""}
            </td>
            <td class="number">{d.durationMs === null ? "—" : `${d.durationMs} ms`}</td>
            {action && <td>{action.cell(d)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
