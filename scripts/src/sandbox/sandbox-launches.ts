import type { OperatorClient } from "@croupier/sdk-operator";
import { SANDBOX_LAUNCH_PLAYER } from "./sandbox-config.js";
import type { SandboxLaunch } from "./sandbox-target.js";

interface ProviderShape {
  id: string;
  currencies: string[];
  games: { id: string }[];
}

/**
 * Launches, as the sandbox's operator, one session per provider on its first game in its first currency, for the
 * player {@link SANDBOX_LAUNCH_PLAYER}: a provider building its own studio gets a session token to play with at once,
 * as a real operator's launch would hand it one, without writing operator code first.
 */
export async function launchForEachProvider(operator: OperatorClient, config: Record<string, unknown>): Promise<SandboxLaunch[]> {
  const launches: SandboxLaunch[] = [];
  for (const provider of (config as unknown as { providers: ProviderShape[] }).providers) {
    const [game] = provider.games;
    const [currency] = provider.currencies;
    if (game === undefined || currency === undefined) continue;
    const { data, error } = await operator.launchGame({ playerRef: SANDBOX_LAUNCH_PLAYER, gameId: game.id, currency, mode: "REAL" });
    if (error) throw new Error(`could not launch ${game.id} of ${provider.id} for the banner (${error.status} ${error.message})`);
    launches.push({
      providerId: provider.id,
      gameId: game.id,
      playerRef: SANDBOX_LAUNCH_PLAYER,
      currency,
      sessionToken: data.sessionToken,
      launchUrl: data.launchUrl,
    });
  }
  return launches;
}
