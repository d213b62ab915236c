import { randomUUID } from "node:crypto";
import type { ProviderWebhooksComponents as components } from "@croupier/contract";
import { CheckSkipped, expectThat, type CheckDefinition } from "../check.js";
import { describe, jsonOf, type Exchange, type SignedHttp, type Tampering } from "../signed-http.js";
import { signatureRefusals } from "../signature-refusal.js";

type Schemas = components["schemas"];
/** The webhook bodies of the interface (generated from the TypeSpec). */
export type GrantFreeSpinsRequest = Schemas["GrantFreeSpinsRequest"];
export type SessionRevokeRequest = Schemas["SessionRevokeRequest"];

/** What the provider checks share: the signed client, the player and game the grants name, the batch granted. */
export class ProviderContext {
  /** The batch G1 granted: its request and the provider's externalRef. */
  batch?: { request: GrantFreeSpinsRequest; externalRef: string };

  constructor(
    readonly http: SignedHttp,
    readonly options: { player: string; gameId: string; currency: string },
  ) {}

  grantRequest(): GrantFreeSpinsRequest {
    const { player, gameId, currency } = this.options;
    return { requestRef: randomUUID(), playerRef: player, gameId, spins: 3, betAmountMinor: 0, currency };
  }

  post(path: string, body: unknown, tampering: Tampering = {}): Promise<Exchange> {
    return this.http.send("POST", path, typeof body === "string" ? body : JSON.stringify(body), tampering);
  }

  revokeBody(reason: SessionRevokeRequest["reason"] = "KICK"): SessionRevokeRequest {
    return { sessionToken: `ck-session-${randomUUID()}`, playerRef: this.options.player, gameId: this.options.gameId, reason };
  }

  /** The batch G1 granted, or a skip naming G1. */
  requireBatch(): { request: GrantFreeSpinsRequest; externalRef: string } {
    if (!this.batch) throw new CheckSkipped("needs the batch G1 grants");
    return this.batch;
  }

  /** The body of a status or cancel call for the batch G1 granted (its externalRef, player and game), or a skip naming G1. */
  batchRef(): { externalRef: string; playerRef: string; gameId: string } {
    const { request, externalRef } = this.requireBatch();
    return { externalRef, playerRef: request.playerRef, gameId: request.gameId };
  }
}

/** The session-revoke webhook: it moves nothing, so the signature checks and the run's credentials check use it. */
export const SESSION_REVOKE = "/v1/game/session/revoke";
const GRANT = "/v1/game/free-spins/grant";
const STATUS = "/v1/game/free-spins/status";
const CANCEL = "/v1/game/free-spins/cancel";
/** A signature check on the session-revoke route (which moves nothing): `tampering` breaks one thing. */
const refusal = signatureRefusals<ProviderContext>(
  (context, tampering) => context.post(SESSION_REVOKE, context.revokeBody(), tampering),
  "401: the call refused",
);

function statusOf(exchange: Exchange): { remainingSpins?: unknown; completed?: unknown } | undefined {
  return jsonOf(exchange) as { remainingSpins?: unknown; completed?: unknown } | undefined;
}

/** Provider webhook checks (docs/interface.md, section D). None moves money: the webhooks are bookkeeping only. */
export const providerChecks: CheckDefinition<ProviderContext>[] = [
  refusal("S1", "a webhook signed with the wrong secret is refused", "Section D rule 6: a failed verification is answered with 401.", () => ({
    secret: "not-the-providers-secret",
  })),
  refusal(
    "S2",
    "a webhook without signing headers is refused",
    "Section D rule 6: a failed verification is answered with 401.",
    () => ({ unsigned: true }),
    [401, 400],
  ),
  refusal(
    "S3",
    "a webhook with a stale timestamp (one hour old) is refused",
    "Signing: timestamps are checked against a tolerance, 5 minutes by default.",
    () => ({ timestamp: Math.floor(Date.now() / 1000) - 3600 }),
  ),
  refusal(
    "S4",
    "a webhook whose body was changed after signing is refused",
    "Section D rule 6: the route receives the exact raw request body as signed.",
    () => ({ signedBody: "{}" }),
  ),
  refusal(
    "S5",
    "a webhook addressed to another tenant is refused",
    "Signing rule 4: verification also checks the expected tenant ID (X-Tenant-ID is the provider's own id).",
    () => ({ tenantId: "croupier-conformance-other-tenant" }),
  ),
  {
    id: "S6",
    group: "Signatures",
    title: "a replayed nonce is refused",
    rule: "Signing rules 3-4: a reused nonce yields 401; receivers verify the platform's calls the same way.",
    async run(context) {
      const body = context.revokeBody();
      const first = await context.post(SESSION_REVOKE, body);
      expectThat(first.status === 200, "200 to a correctly signed session revoke", describe(first));
      const again = await context.post(SESSION_REVOKE, body, { nonce: context.http.lastNonce });
      expectThat(again.status === 401, "401 to the same call with the same nonce", describe(again));
    },
  },
  {
    id: "S7",
    group: "Signatures",
    title: "the signature is verified over the raw body bytes, not re-serialized JSON",
    rule: "Section D rule 6: signature verification needs the raw bytes, not re-serialized JSON.",
    async run(context) {
      const request = context.grantRequest();
      // Spacing, key order and escapes that JSON.stringify(JSON.parse(body)) would not reproduce.
      const raw = `{ "spins": ${request.spins},\n  "requestRef": "${request.requestRef}", "playerRef": ${JSON.stringify(request.playerRef)},\n  "gameId": ${JSON.stringify(request.gameId)}, "betAmountMinor": 0, "currency": "${request.currency}", "note": "J\\u00fcrgen \u00fc" }`;
      const exchange = await context.post(GRANT, raw);
      const body = jsonOf(exchange) as { externalRef?: unknown } | undefined;
      expectThat(
        exchange.status === 200 && typeof body?.externalRef === "string",
        "200 { externalRef } to a grant whose raw body is not compact JSON",
        describe(exchange),
      );
    },
  },
  {
    id: "G1",
    group: "Grant",
    title: "a grant is answered 200 with a non-empty externalRef",
    rule: "Section D: POST /v1/game/free-spins/grant answers 200 with GrantFreeSpinsResponse { externalRef }.",
    async run(context) {
      const request = context.grantRequest();
      const exchange = await context.post(GRANT, request);
      const body = jsonOf(exchange) as { externalRef?: unknown } | undefined;
      expectThat(
        exchange.status === 200 && typeof body?.externalRef === "string" && body.externalRef !== "",
        "200 { externalRef: <non-empty string> }",
        describe(exchange),
      );
      context.batch = { request, externalRef: body.externalRef as string };
    },
  },
  {
    id: "G2",
    group: "Grant",
    title: "a repeated grant with the same requestRef answers the same externalRef",
    rule: "Section D rule 2: the platform never retries, so the provider handles repeated calls idempotently, keyed on requestRef (grant).",
    async run(context) {
      const { request, externalRef } = context.requireBatch();
      const exchange = await context.post(GRANT, request);
      const body = jsonOf(exchange) as { externalRef?: unknown } | undefined;
      expectThat(exchange.status === 200 && body?.externalRef === externalRef, `200 { externalRef: "${externalRef}" }`, describe(exchange));
    },
  },
  {
    id: "G3",
    group: "Grant",
    title: "a grant with another requestRef is another batch",
    rule: "Section D: requestRef is the platform's local ID of a grant batch; the provider deduplicates on it (and only on it).",
    async run(context) {
      const { externalRef } = context.requireBatch();
      const exchange = await context.post(GRANT, context.grantRequest());
      const body = jsonOf(exchange) as { externalRef?: unknown } | undefined;
      expectThat(
        exchange.status === 200 && typeof body?.externalRef === "string" && body.externalRef !== externalRef,
        `200 with an externalRef other than "${externalRef}"`,
        describe(exchange),
      );
    },
  },
  {
    id: "T1",
    group: "Status",
    title: "status answers { remainingSpins, completed } for the batch",
    rule: "Section D: POST /v1/game/free-spins/status answers 200 with FreeSpinsStatusResponse { remainingSpins: integer, completed: boolean }.",
    async run(context) {
      const { request } = context.requireBatch();
      const exchange = await context.post(STATUS, context.batchRef());
      const body = statusOf(exchange);
      const remaining = body?.remainingSpins;
      expectThat(
        exchange.status === 200 &&
          Number.isSafeInteger(remaining) &&
          (remaining as number) >= 0 &&
          (remaining as number) <= request.spins &&
          typeof body?.completed === "boolean",
        `200 { remainingSpins: 0..${request.spins}, completed: boolean }`,
        describe(exchange),
      );
    },
  },
  {
    id: "T2",
    group: "Status",
    title: "a repeated status call answers the same",
    rule: "Section D rule 2: repeated calls are handled idempotently, keyed on externalRef (status).",
    async run(context) {
      const body = context.batchRef();
      const first = await context.post(STATUS, body);
      const again = await context.post(STATUS, body);
      expectThat(
        first.status === 200 && again.status === 200 && first.text === again.text,
        `the same 200 answer twice: ${first.text}`,
        describe(again),
      );
    },
  },
  {
    id: "C1",
    group: "Cancel",
    title: "cancel is answered 200 and voids the remaining spins",
    rule: "Section D rule 4: cancel voids the batch's remaining unused spins; spins taken before the cancel stand.",
    async run(context) {
      const body = context.batchRef();
      const cancel = await context.post(CANCEL, body);
      expectThat(cancel.status === 200, "200 to the cancel", describe(cancel));
      const status = await context.post(STATUS, body);
      expectThat(
        status.status === 200 && statusOf(status)?.remainingSpins === 0,
        "status afterwards: 200 { remainingSpins: 0, … }",
        describe(status),
      );
    },
  },
  {
    id: "C2",
    group: "Cancel",
    title: "a repeated cancel of the same batch is answered 200",
    rule: "Section D rule 2: a response lost in transit is recorded as a failure, so repeated calls are handled idempotently, keyed on externalRef (cancel).",
    async run(context) {
      const exchange = await context.post(CANCEL, context.batchRef());
      expectThat(exchange.status === 200, "200 to the cancel's repeat", describe(exchange));
    },
  },
  {
    id: "C3",
    group: "Cancel",
    title: "cancel of an unknown batch is refused with a 4xx, not answered 200",
    rule: "Section D rule 1: any status other than 200 is a failure, and on a failed cancel the platform does not mark its grant cancelled; a batch the provider never granted was not cancelled.",
    async run(context) {
      const exchange = await context.post(CANCEL, {
        externalRef: `unknown-${randomUUID()}`,
        playerRef: context.options.player,
        gameId: context.options.gameId,
      });
      expectThat(exchange.status >= 400 && exchange.status < 500, "a 4xx with a descriptive error body", describe(exchange));
    },
  },
  {
    id: "V1",
    group: "Session revoke",
    title: "session revoke is answered 200 for every reason",
    rule: "Section D: POST /v1/game/session/revoke { sessionToken, playerRef, gameId, reason }, reason KICK, SELF_EXCLUSION, FRAUD_HOLD or EXPIRED; 200, body ignored.",
    async run(context) {
      for (const reason of ["KICK", "SELF_EXCLUSION", "FRAUD_HOLD", "EXPIRED"] as const) {
        const exchange = await context.post(SESSION_REVOKE, context.revokeBody(reason));
        expectThat(exchange.status === 200, `200 to a revoke with reason ${reason}`, describe(exchange));
      }
    },
  },
  {
    id: "V2",
    group: "Session revoke",
    title: "a repeated session revoke is answered 200",
    rule: "Section D rule 2: the provider handles repeated calls idempotently; a revoke is best effort and may arrive for a session already ended.",
    async run(context) {
      const body = context.revokeBody();
      const first = await context.post(SESSION_REVOKE, body);
      const again = await context.post(SESSION_REVOKE, body);
      expectThat(first.status === 200 && again.status === 200, "200 twice", `${describe(first)}; then ${describe(again)}`);
    },
  },
];
