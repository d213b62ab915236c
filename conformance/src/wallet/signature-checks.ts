import { expectThat, type CheckDefinition } from "../check.js";
import { describe } from "../signed-http.js";
import { signatureRefusals } from "../signature-refusal.js";
import type { WalletContext } from "./wallet-context.js";

const group = "Signatures";
const refused = "401: the call refused before any handler";
/** A signature check on the balance call (which moves nothing): `tampering` breaks one thing. */
const refusal = signatureRefusals<WalletContext>((context, tampering) => context.http.send("GET", context.balanceTarget(), "", tampering), refused);

/**
 * S: the wallet verifies the platform's signature on every callback (docs/interface.md, section C rule 7 and
 * "Signing"). Each check breaks one thing in an otherwise correct call. A refused call moves nothing, and the
 * one transaction sent here carries amount 0, so none of them can move a balance even on a wallet that wrongly
 * accepts it.
 */
export const walletSignatureChecks: CheckDefinition<WalletContext>[] = [
  refusal(
    "S1",
    "a call signed with the wrong secret is refused",
    "Signing rule 2: a bad, missing or expired-timestamp signature yields 401. Operators verify the platform's calls by recomputing the signature.",
    () => ({ secret: "not-the-operators-secret" }),
  ),
  refusal(
    "S2",
    "a call without signing headers is refused",
    "Signing rule 2: a bad, missing or expired-timestamp signature yields 401.",
    () => ({ unsigned: true }),
    [401, 400],
  ),
  refusal(
    "S3",
    "a call with a stale timestamp (one hour old) is refused",
    "Signing: timestamps are checked against a tolerance, 5 minutes by default; an expired timestamp yields 401.",
    () => ({ timestamp: Math.floor(Date.now() / 1000) - 3600 }),
  ),
  {
    id: "S4",
    group,
    title: "a replayed nonce is refused",
    rule: "Signing rule 3 and rule 4: a reused nonce yields 401; receivers verify the platform's calls the same way.",
    needsPlayer: true,
    async run(context) {
      const first = await context.http.send("GET", context.balanceTarget());
      expectThat(first.status === 200, "200 to a correctly signed balance call", describe(first));
      const again = await context.http.send("GET", context.balanceTarget(), "", { nonce: context.http.lastNonce });
      expectThat(again.status === 401, "401 to the same call with the same nonce", describe(again));
    },
  },
  {
    id: "S5",
    group,
    title: "a transaction whose body was changed after signing is refused",
    rule: "Signing: the signed string ends with the raw body as sent; a signature over another body does not verify (401).",
    async run(context) {
      const request = context.request("WIN", 0);
      const signedBody = JSON.stringify({ ...request, roundId: `${request.roundId}-signed` });
      const { exchange } = await context.transact(request, { signedBody });
      expectThat(exchange.status === 401, refused, describe(exchange));
    },
  },
  {
    id: "S6",
    group,
    title: "the query is part of the signed target: a signature over the bare path or another playerRef is refused",
    rule: "Section C rule 7: every call is signed over the full request URI (path and query string), so playerRef cannot be swapped.",
    async run(context) {
      const bare = await context.http.send("GET", context.balanceTarget(), "", { signedTarget: context.http.targetOf("/v1/wallet/balance") });
      expectThat(bare.status === 401, "401 to a balance call whose signature covers the path without its query", describe(bare));
      const signedTarget = context.http.targetOf(context.balanceTarget(`${context.player}-other`));
      const swapped = await context.http.send("GET", context.balanceTarget(), "", { signedTarget });
      expectThat(swapped.status === 401, "401 to a balance call signed for another playerRef", describe(swapped));
    },
  },
  refusal(
    "S7",
    "a call addressed to another tenant is refused",
    "Signing rule 4: verification also checks the expected tenant ID (X-Tenant-ID is the operator's own id).",
    () => ({ tenantId: "croupier-conformance-other-tenant" }),
  ),
];
