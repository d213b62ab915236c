import type { LedgerEntry, PlayerBalance } from "@croupier/mock-operator-wallet";

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * The mock wallet as its operator sees it, through its unsigned read-only routes: the source of truth
 * the demo compares the platform's answers with.
 */
export class WalletView {
  constructor(private readonly walletUrl: string) {}

  /** The player's balance in the wallet, or undefined while the wallet has never seen the player. */
  async balance(playerRef: string): Promise<number | undefined> {
    const { players } = await getJson<{ players: PlayerBalance[] }>(`${this.walletUrl}/players`);
    return players.find((player) => player.playerRef === playerRef)?.balance;
  }

  /** Sets the share (0..1) of wallet calls the mock wallet answers 500 without applying anything (its fault switch). */
  async setFailureRate(failureRate: number): Promise<void> {
    const response = await fetch(`${this.walletUrl}/control/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ failureRate }),
    });
    if (response.status !== 200) throw new Error(`POST ${this.walletUrl}/control/faults answered ${response.status}`);
  }

  /** Every ledger entry of the player, in the order the wallet applied them. */
  async ledger(playerRef: string): Promise<LedgerEntry[]> {
    const { entries } = await getJson<{ entries: LedgerEntry[] }>(`${this.walletUrl}/ledger?playerRef=${encodeURIComponent(playerRef)}`);
    return entries;
  }
}
