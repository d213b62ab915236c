import type { GameConfig, ProviderConfig, TenantSettings } from "./tenant-settings.js";

/** A game together with the provider that ships it. */
export interface CatalogueGame {
  game: GameConfig;
  provider: ProviderConfig;
}

/** The GameSummary wire shape of the spec. */
export interface GameSummary {
  gameId: string;
  name: string;
  provider: string;
  currencies: string[];
  supportedLanguages: string[];
  launchBaseUrl: string;
  replayBaseUrl: string;
}

/** The static catalogue of providers and games, and which operator may see which. Authoritative at every start. */
export class Catalogue {
  private readonly games = new Map<string, CatalogueGame>();
  private readonly visible = new Map<string, Set<string>>();

  constructor(config: Pick<TenantSettings, "operators" | "providers">) {
    for (const provider of config.providers) {
      for (const game of provider.games) this.games.set(game.id, { game, provider });
    }
    for (const operator of config.operators) this.visible.set(operator.id, new Set(operator.providers));
  }

  /** A game by id, whoever may see it. */
  game(gameId: string): CatalogueGame | undefined {
    return this.games.get(gameId);
  }

  /** A game by id if the operator may see it (its provider is among the operator's providers). */
  visibleGame(operatorId: string, gameId: string): CatalogueGame | undefined {
    const entry = this.games.get(gameId);
    return entry && this.visible.get(operatorId)?.has(entry.provider.id) ? entry : undefined;
  }

  /** Every game the operator may see, as GameSummary. */
  summariesFor(operatorId: string): GameSummary[] {
    const providers = this.visible.get(operatorId) ?? new Set<string>();
    return [...this.games.values()].filter((e) => providers.has(e.provider.id)).map(toSummary);
  }
}

function toSummary({ game, provider }: CatalogueGame): GameSummary {
  return {
    gameId: game.id,
    name: game.name,
    provider: provider.name,
    currencies: [...provider.currencies],
    supportedLanguages: [...provider.languages],
    launchBaseUrl: game.launchBaseUrl,
    replayBaseUrl: game.replayBaseUrl,
  };
}
