import { DRINK_MESSAGES, type Drink } from '@beerscale/contract/drinks';
import { ERRORS } from '@beerscale/contract/messages';
import { lockLobby } from '../game/lobby/lobby-access';
import type { GamesRepository } from '../game/lobby/games.repository';
import { conflict, forbidden } from '../http/http-error';
import type { AuthContext } from '../auth/auth.service';
import type { EventBus } from '../realtime/event-bus';
import type { DrinksRepository } from './drinks.repository';

/** A ranked player's own drink in the lobby: changeable until the game starts. */
export class GameDrinks {
  constructor(
    private readonly games: GamesRepository,
    private readonly drinks: DrinksRepository,
    private readonly bus: EventBus,
  ) {}

  async set(gameId: number, drink: Drink, me: AuthContext): Promise<Drink> {
    const memberIds = await this.games.transaction(async (trx) => {
      // Under the game's lock: the start cannot slip in between the check and the change.
      const { game, members } = await lockLobby(this.games, gameId, me.user.id, trx);
      if (!members.some((m) => m.id === me.user.id)) throw forbidden(ERRORS.forbidden);
      if (game.status !== 'pending' && game.status !== 'configured') {
        throw conflict(DRINK_MESSAGES.drinkAfterStart);
      }
      await this.drinks.setGameDrink(gameId, me.user.id, drink, trx);
      return members.map((m) => m.id);
    });
    // The lobby's screens read the line-up again, as after a rename.
    this.bus.publish('participant.renamed', { gameId, playerId: me.user.id, memberIds });
    return drink;
  }
}
