import { expectThat, type CheckDefinition } from "./check.js";
import { describe, type Exchange, type Tampering } from "./signed-http.js";

/**
 * Makes signature checks for one kind of receiver: `send` makes its otherwise correct call that moves nothing, and
 * each check breaks one thing in it (`tampering`). The answer must be 401, or one of `statuses` (400 is allowed
 * where the nonce is missing). `refused` is what a 401 means there, for the report.
 */
export function signatureRefusals<Context>(send: (context: Context, tampering: Tampering) => Promise<Exchange>, refused: string) {
  return (id: string, title: string, rule: string, tampering: () => Tampering, statuses = [401]): CheckDefinition<Context> => ({
    id,
    group: "Signatures",
    title,
    rule,
    async run(context) {
      const exchange = await send(context, tampering());
      expectThat(statuses.includes(exchange.status), statuses.length > 1 ? "401 (or 400 for the missing nonce)" : refused, describe(exchange));
    },
  });
}
