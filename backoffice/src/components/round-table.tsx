import type { Schemas } from "../api.js";
import { formatMoney, formatTime, words } from "../format.js";

type RoundTransaction = Schemas["RoundDetail"]["transactions"][number];

/** A transaction's round: every transaction in it, the one on the page named, the others linked by `linkTo`. */
export function RoundTable(props: { round: Schemas["RoundDetail"]; heading: string; current: string; linkTo: (r: RoundTransaction) => string }) {
  const { round, current, linkTo } = props;
  return (
    <section aria-labelledby="round-title">
      <h2 id="round-title">
        {props.heading}: {words(round.state)}
      </h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Received</th>
            <th scope="col">Type</th>
            <th scope="col">Amount</th>
            <th scope="col">State</th>
            <th scope="col">Transaction</th>
          </tr>
        </thead>
        <tbody>
          {round.transactions.map((r) => (
            <tr key={r.transactionId}>
              <td>{formatTime(r.createdAt)}</td>
              <td>{r.type}</td>
              <td class="number">{formatMoney(r.amount, r.currency)}</td>
              <td>{words(r.state)}</td>
              <td>{r.transactionId === current ? <span>{r.transactionId} (this one)</span> : <a href={linkTo(r)}>{r.transactionId}</a>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
