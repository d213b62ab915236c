import { setTimeout as sleep } from "node:timers/promises";
import { request } from "undici";

/** A back-office account of the operator whose ledger the viewer reads. */
export interface ViewerAccount {
  username: string;
  password: string;
}

/** What one viewer loop did: reads answered, refused by the session's read limit (429), and failed. */
export interface ViewerStats {
  reads: number;
  limited: number;
  failed: number;
  /** The first failures, for the log. */
  failures: string[];
}

/**
 * What the viewer reads in turn, as the web app asks it: the overview, then the transaction list unfiltered and by each
 * filter, values it holds and values it does not (those walk the whole default window of a day).
 */
export const VIEWER_READS = [
  "/v1/operator/overview",
  "/v1/operator/transactions",
  "/v1/operator/transactions?playerRef=prefill-p-7",
  "/v1/operator/transactions?roundId=prefill-r-70",
  "/v1/operator/transactions?transactionId=prefill-140",
  "/v1/operator/transactions?type=WIN",
  "/v1/operator/transactions?type=ROLLBACK",
  "/v1/operator/transactions?state=OK",
  "/v1/operator/transactions?state=FAILED",
  "/v1/operator/transactions?gameId=no-such-game",
  "/v1/operator/transactions?providerId=no-such-provider",
  "/v1/operator/transactions?playerRef=no-such-player&type=BET",
] as const;

/**
 * The viewer's session cookie at each service, kept across phases: a sign-in per phase met the service's sign-in limit
 * per address (429) after seven phases, and the sign-in is not what a phase measures.
 */
const sessions = new Map<string, string>();

async function signedIn(url: string, account: ViewerAccount): Promise<string> {
  const known = sessions.get(url);
  if (known !== undefined) return known;
  const signIn = await request(`${url}/backoffice/api/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  const setCookie = signIn.headers["set-cookie"];
  await signIn.body.text();
  const cookie = (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(";")[0];
  if (signIn.statusCode !== 200 || cookie === undefined) throw new Error(`viewer sign-in failed: ${signIn.statusCode}`);
  sessions.set(url, cookie);
  return cookie;
}

/**
 * Signs in to the back office (once per service) and reads {@link VIEWER_READS} in a loop, one at a time, until stopped: a person
 * reloading the overview and every filter. A 429 from the session's read limit is waited out (Retry-After), as the web
 * app's user would wait; the reads it answered and refused are counted.
 */
export async function startViewer(url: string, account: ViewerAccount): Promise<{ stop(): Promise<ViewerStats> }> {
  const cookie = await signedIn(url, account);
  const stats: ViewerStats = { reads: 0, limited: 0, failed: 0, failures: [] };
  let running = true;
  const loop = (async () => {
    for (let n = 0; running; n++) {
      const path = VIEWER_READS[n % VIEWER_READS.length]!;
      try {
        const reply = await request(`${url}${path}`, { headers: { cookie } });
        const text = await reply.body.text();
        if (reply.statusCode === 200) stats.reads++;
        else if (reply.statusCode === 429) {
          stats.limited++;
          const retryAfter = Number(reply.headers["retry-after"] ?? 1);
          await sleep(Math.max(100, Math.min(1000, retryAfter * 1000)));
        } else fail(stats, `${path}: ${reply.statusCode} ${text.slice(0, 120)}`);
      } catch (error) {
        fail(stats, `${path}: ${(error as Error).message}`);
      }
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return stats;
    },
  };
}

function fail(stats: ViewerStats, what: string): void {
  stats.failed++;
  if (stats.failures.length < 5) stats.failures.push(what);
}
