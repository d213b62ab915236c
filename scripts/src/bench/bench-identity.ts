import { randomBytes } from "node:crypto";

/** The tenants, game and secrets of one bench run; secrets are fresh per run and never printed. */
export interface BenchIdentity {
  operatorId: string;
  operatorSecret: string;
  providerId: string;
  providerSecret: string;
  gameId: string;
  currency: string;
  /** `--viewer`: the operator whose ledger is prefilled and read by the viewer, beside the bench operator. */
  viewedOperatorId: string;
  viewedOperatorSecret: string;
}

/** Who signs a call: the caller's tenant id and its secret. */
export interface Signer {
  tenantId: string;
  secret: string;
}

/** A new identity with random secrets. */
export function newBenchIdentity(): BenchIdentity {
  return {
    operatorId: "op-bench",
    operatorSecret: randomBytes(24).toString("hex"),
    providerId: "prov-bench",
    providerSecret: randomBytes(24).toString("hex"),
    gameId: "bench-slot",
    currency: "EUR",
    viewedOperatorId: "op-viewed",
    viewedOperatorSecret: randomBytes(24).toString("hex"),
  };
}

/** The operator signs its own calls to the service and, as the addressee, the platform's calls to its wallet. */
export function operatorSigner(identity: BenchIdentity): Signer {
  return { tenantId: identity.operatorId, secret: identity.operatorSecret };
}

/** The provider signs its calls to the service (and to the bare proxy standing in for it). */
export function providerSigner(identity: BenchIdentity): Signer {
  return { tenantId: identity.providerId, secret: identity.providerSecret };
}
