import { createHmac, timingSafeEqual } from "node:crypto";

/** What a replay token grants: viewing one round of one game, for one player of one operator, until `exp`. */
export interface ReplayClaims {
  roundId: string;
  gameId: string;
  playerRef: string;
  operatorId: string;
  providerId: string;
  /** Unix seconds after which the token is refused. */
  exp: number;
  /** A random id that makes every minted link distinct. */
  jti?: string;
}

/** Why a replay token was refused. */
export type ReplayTokenFailure = "malformed" | "bad-signature" | "expired";

/** Thrown by {@link verifyReplayToken}. */
export class ReplayTokenError extends Error {
  override readonly name = "ReplayTokenError";
  constructor(readonly reason: ReplayTokenFailure) {
    super(`invalid replay token: ${reason}`);
  }
}

const PREFIX = "rpl1";

/**
 * Mints a self-contained replay token: `rpl1.<base64url(JSON claims)>.<hex HMAC-SHA256>`, signed with the
 * provider's secret over `rpl1.<payload>`, so the provider can check it offline and nobody can extend it.
 */
export function mintReplayToken(secret: string, claims: ReplayClaims): string {
  const payload = Buffer.from(JSON.stringify(claims), "utf8").toString("base64url");
  return `${PREFIX}.${payload}.${mac(secret, payload)}`;
}

/**
 * Verifies a replay token against the provider's secrets (current and previous) and returns its claims.
 *
 * @example
 * const claims = verifyReplayToken(url.searchParams.get("token")!, [process.env.CROUPIER_SECRET!]);
 * renderRound(claims.roundId, claims.gameId);
 */
export function verifyReplayToken(token: string, secrets: readonly string[], nowSeconds = Math.floor(Date.now() / 1000)): ReplayClaims {
  const parts = typeof token === "string" ? token.split(".") : [];
  const [prefix, payload, signature] = parts;
  if (parts.length !== 3 || prefix !== PREFIX || !payload || !signature || !/^[0-9a-f]{64}$/.test(signature)) {
    throw new ReplayTokenError("malformed");
  }
  const given = Buffer.from(signature, "hex");
  let matched = false;
  for (const secret of secrets) {
    if (timingSafeEqual(Buffer.from(mac(secret, payload), "hex"), given)) matched = true;
  }
  if (!matched) throw new ReplayTokenError("bad-signature");
  let claims: ReplayClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as ReplayClaims;
  } catch {
    throw new ReplayTokenError("malformed");
  }
  if (typeof claims !== "object" || claims === null || typeof claims.exp !== "number") throw new ReplayTokenError("malformed");
  if (nowSeconds > claims.exp) throw new ReplayTokenError("expired");
  return claims;
}

function mac(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(`${PREFIX}.${payload}`).digest("hex");
}
