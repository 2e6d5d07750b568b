import { LRUCache } from 'lru-cache';
import type { GameState } from '@beerscale/contract/game-state';
import type { Language } from '@beerscale/contract/profile';
import type { AuthContext } from '../auth/auth.service';
import { renderCard } from './result-card';

export interface Card {
  png: Buffer;
  /** A completed game's card never changes: it may be cached by the client too. */
  final: boolean;
}

/**
 * Result cards: a completed game's card is made once per language and kept (a finished game
 * never changes, and a link pasted into a chat is fetched by every preview); a running game's
 * card is made afresh, it shows the standings of the moment.
 */
export class CardService {
  private readonly finals = new LRUCache<string, Promise<Buffer>>({ max: 500 });

  constructor(
    private readonly gameState: (gameId: number, me: AuthContext) => Promise<GameState>,
    private readonly watchedState: (token: string) => Promise<GameState>,
    private readonly render: typeof renderCard = renderCard,
  ) {}

  async forGame(gameId: number, me: AuthContext, language: Language): Promise<Card> {
    return this.card(await this.gameState(gameId, me), language);
  }

  async forWatcher(token: string, language: Language): Promise<Card> {
    return this.card(await this.watchedState(token), language);
  }

  private async card(game: GameState, language: Language): Promise<Card> {
    if (game.status !== 'completed')
      return { png: await this.render(game, language), final: false };
    const key = `${game.id}:${language}`;
    let made = this.finals.get(key);
    if (!made) {
      // Concurrent first requests share one rendering; a failed one is not kept.
      made = this.render(game, language);
      this.finals.set(key, made);
      made.catch(() => this.finals.delete(key));
    }
    return { png: await made, final: true };
  }
}
