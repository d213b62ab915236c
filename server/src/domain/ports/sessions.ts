/** The sessions port: game sessions created at launch, read on every wallet call, ended by a kick or expiry. */

/**
 * A game session as stored (spec: Session, server-side state). Times are unix milliseconds. The token itself is never
 * stored: only its digest (what look-ups use) and its sealed form (for the session-revoke webhook), both made by the
 * session service (domain/secret-box.ts).
 */
export interface SessionRecord {
  tokenHash: string;
  tokenSealed: string;
  operatorId: string;
  providerId: string;
  playerRef: string;
  gameId: string;
  currency: string;
  language: string | null;
  demo: boolean;
  createdAt: number;
  expiresAt: number;
}

/** A session as the domain uses it: what is stored, with the token itself (presented by the caller, or opened). */
export type Session = Omit<SessionRecord, "tokenHash" | "tokenSealed"> & { token: string };

/** Session persistence. Writes resolve once committed. */
export interface SessionStore {
  insert(session: SessionRecord): Promise<void>;
  find(tokenHash: string): Promise<SessionRecord | undefined>;
  /** Deletes every session of the player under the operator and returns those still alive (for the revoke webhooks). */
  deleteForPlayer(operatorId: string, playerRef: string, now: number): Promise<SessionRecord[]>;
  /** Deletes up to `limit` sessions that expired before `before`, oldest first, and returns how many it deleted. */
  purgeExpired(before: number, limit: number): Promise<number>;
}
