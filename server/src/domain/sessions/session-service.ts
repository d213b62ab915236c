import type { ServiceSchemas } from "@croupier/contract";
import { randomBytes } from "node:crypto";
import type { Catalogue } from "../tenants/catalogue.js";
import { badRequest, forbidden, notFound, quoted, unauthenticated } from "../errors.js";
import type { RevokeReason, SessionRevokeNotifier } from "../ports/provider-webhooks.js";
import type { Session, SessionStore } from "../ports/sessions.js";
import { tokenDigest, type SecretBox } from "../secret-box.js";
import type { TenantDirectory } from "../tenants/tenant-directory.js";

/**
 * How many sessions an instance keeps what never changes about (some hundred bytes each): those played on it lately.
 * One dropped is read again at its next wallet call.
 */
const KNOWN_SESSIONS = 20_000;

/** LaunchGameRequestBody of the spec (already schema-validated). */
export type LaunchRequest = ServiceSchemas["LaunchGameRequestBody"];

/**
 * Creates sessions at launch, resolves them on wallet calls, and ends them on a kick. A token is stored only as its
 * digest, which look-ups use, and sealed by the {@link SecretBox}, opened only to tell a provider which session ended:
 * the database files alone let nobody play a session.
 */
export class SessionService {
  /**
   * What never changes about the sessions wallet calls resolved here, by token digest, least recently used dropped
   * first ({@link knownForProvider}); whether one still stands is the ledger's claim's to check.
   */
  private readonly known = new Map<string, Omit<Session, "token">>();

  constructor(
    private readonly store: SessionStore,
    private readonly catalogue: Catalogue,
    private readonly tenants: TenantDirectory,
    private readonly notifier: SessionRevokeNotifier,
    private readonly box: SecretBox,
    private readonly sessionTtlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Launch (spec B.1): not found for a missing game or, in REAL mode, one the operator may not see; a bad request for an
   * unsupported currency or language or a lobbyUrl that is not absolute http(s); forbidden for a blocklisted player.
   */
  async launch(operatorId: string, request: LaunchRequest): Promise<ServiceSchemas["LaunchGameResponse"]> {
    const entry = request.mode === "DEMO" ? this.catalogue.game(request.gameId) : this.catalogue.visibleGame(operatorId, request.gameId);
    if (!entry) throw notFound("game not found");
    if (!entry.provider.currencies.includes(request.currency)) throw badRequest(`currency ${request.currency} is not supported by this game`);
    if (request.language !== undefined && !entry.provider.languages.includes(request.language)) {
      throw badRequest(`language ${quoted(request.language)} is not supported by this game`);
    }
    if (request.lobbyUrl !== undefined && !isAbsoluteHttpUrl(request.lobbyUrl)) throw badRequest("lobbyUrl must be an absolute http(s) URL");
    const operator = this.tenants.operator(operatorId);
    if (operator?.blockedPlayers.includes(request.playerRef)) throw forbidden("launch blocked by risk control");

    const now = this.now();
    const session: Session = {
      token: `st_${randomBytes(32).toString("base64url")}`,
      operatorId,
      providerId: entry.provider.id,
      playerRef: request.playerRef,
      gameId: entry.game.id,
      currency: request.currency,
      language: request.language ?? null,
      demo: request.mode === "DEMO",
      createdAt: now,
      expiresAt: now + this.sessionTtlSeconds * 1000,
    };
    const { token, ...stored } = session;
    await this.store.insert({ ...stored, tokenHash: tokenDigest(token), tokenSealed: this.box.seal(token) });
    return { launchUrl: buildLaunchUrl(entry.game.launchBaseUrl, session, request.lobbyUrl), sessionToken: session.token };
  }

  /**
   * The live session for a provider's wallet call: unauthenticated when the token is unknown, expired or kicked;
   * forbidden when it belongs to another provider than the signer.
   */
  async resolveForProvider(token: string, providerId: string): Promise<Session> {
    const found = await this.store.find(tokenDigest(token));
    if (!found || found.expiresAt <= this.now()) throw unauthenticated("invalid or expired session token");
    if (found.providerId !== providerId) throw forbidden("session belongs to another provider");
    const { tokenHash, tokenSealed: _sealed, ...session } = found;
    this.remember(tokenHash, session);
    return withToken(session, token);
  }

  /**
   * The provider's session as this instance last read it, when it knows one unexpired for that token and provider;
   * undefined otherwise. It may have been kicked since: only the ledger's claim, which checks the session is stored,
   * may act on it.
   */
  knownForProvider(token: string, providerId: string): Session | undefined {
    const tokenHash = tokenDigest(token);
    const session = this.known.get(tokenHash);
    if (session === undefined) return undefined;
    // Taken out, and put back last while it lives: the map's order is then the order of last use.
    this.known.delete(tokenHash);
    if (session.expiresAt <= this.now()) return undefined;
    this.known.set(tokenHash, session);
    return session.providerId === providerId ? withToken(session, token) : undefined;
  }

  private remember(tokenHash: string, session: Omit<Session, "token">): void {
    if (this.known.size >= KNOWN_SESSIONS) this.known.delete(this.known.keys().next().value!);
    this.known.set(tokenHash, session);
  }

  /** The operator's kick (spec B.2): {@link end} with reason KICK, providers told off the request path. */
  async kick(operatorId: string, playerRef: string): Promise<number> {
    return (await this.end(operatorId, playerRef, "KICK")).count;
  }

  /**
   * Ends every active session of the player under the operator now and tells each session's provider why;
   * `notified` settles once they were told (a request path does not wait for it, a one-shot tool does).
   */
  async end(operatorId: string, playerRef: string, reason: RevokeReason): Promise<{ count: number; notified: Promise<void> }> {
    const ended = (await this.store.deleteForPlayer(operatorId, playerRef, this.now())).map(({ tokenHash: _hash, tokenSealed, ...session }) => ({
      ...session,
      token: this.box.open(tokenSealed),
    }));
    return { count: ended.length, notified: this.notifier.notify(ended, reason) };
  }
}

/** launchBaseUrl + token, then lang, mode=DEMO and the URL-encoded lobby, as decisions.md §2 lays out. */
export function buildLaunchUrl(base: string, session: Session, lobbyUrl: string | undefined): string {
  let url = `${base}${base.includes("?") ? "&" : "?"}token=${encodeURIComponent(session.token)}`;
  if (session.language) url += `&lang=${encodeURIComponent(session.language)}`;
  if (session.demo) url += "&mode=DEMO";
  if (lobbyUrl !== undefined) url += `&lobby=${encodeURIComponent(lobbyUrl)}`;
  return url;
}

/** True for an absolute http: or https: URL with a host. */
export function isAbsoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * A stored session with its token, every field written out: a spread adding the token to a copy takes V8's slow path
 * (a map transition per key added, several microseconds), and the money path does this once per transaction.
 */
function withToken(session: Omit<Session, "token">, token: string): Session {
  return {
    operatorId: session.operatorId,
    providerId: session.providerId,
    playerRef: session.playerRef,
    gameId: session.gameId,
    currency: session.currency,
    language: session.language,
    demo: session.demo,
    createdAt: session.createdAt,
    expiresAt: session.expiresAt,
    token,
  };
}
