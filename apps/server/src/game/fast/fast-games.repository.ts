import type { ContainerType } from '@beerscale/contract/limits';
import type { Db } from '../../db/database';
import { lockUser } from '../../users/user-lock.repository';
import { DEFAULT_DRINK, type Drink } from '@beerscale/contract/drinks';
import { accountDrinkColumns, drinkColumns } from '../../drinks/drink-columns';
import { ON_SCALE_STATUSES, OPEN_STATUSES } from '@beerscale/contract/game-state';

export interface NewFastGame {
  creatorId: number;
  creatorName: string;
  otherNames: string[];
  scaleMac: string;
  containerType: ContainerType;
  rounds: number;
  seed: number;
  /** House rules as JSON; null: classic. */
  rules: string | null;
  /** Each slot's drink as the set-up named it; none: the account's default, or beer 5.0 %. */
  drinks?: (Drink | undefined)[];
  /** The leader confirmed that everyone playing is 18 or older. */
  adultsConfirmed?: boolean;
  /** A group game's group, and each slot's member (null: a passer-by); empty otherwise. */
  groupId?: number | null;
  memberIds?: (number | null)[];
}

export class FastGamesRepository {
  constructor(private readonly db: Db) {}

  /** One transaction: a refusal or fault thrown inside rolls every write of `work` back. */
  transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** Serialises a user's fast set-ups (a double tap): user-lock.repository.ts. */
  async lockUser(userId: number, trx: Db): Promise<void> {
    await lockUser(userId, trx);
  }

  /** The game and its players, the creator first and holding their account (in `trx`). */
  async create(game: NewFastGame, now: Date, trx: Db): Promise<number> {
    const { id } = await trx
      .insertInto('games')
      .values({
        name: 'Fast Game',
        mode: 'fast',
        creator_id: game.creatorId,
        status: 'configured',
        scale_mac: game.scaleMac,
        container_type: game.containerType,
        rounds_planned: game.rounds,
        rng_seed: game.seed,
        rules: game.rules,
        adults_confirmed: game.adultsConfirmed ? 1 : 0,
        group_id: game.groupId ?? null,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const names = [game.creatorName, ...game.otherNames];
    await trx
      .insertInto('game_players')
      .values(
        names.map((name, position) => ({
          game_id: id,
          user_id: position === 0 ? game.creatorId : null,
          player_name: name,
          position,
          is_leader: position === 0 ? (1 as const) : (0 as const),
          group_member_id: game.memberIds?.[position] ?? null,
          joined_at: now.toISOString(),
          ...slotDrink(game, position),
        })),
      )
      .execute();
    return id;
  }

  /** The creator's fast game that is set up or running, newest first. */
  findOpenByCreator(creatorId: number, db: Db = this.db) {
    return db
      .selectFrom('games')
      .selectAll()
      .where('creator_id', '=', creatorId)
      .where('mode', '=', 'fast')
      .where('status', 'in', ON_SCALE_STATUSES)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** A ranked game the user takes part in that is not over yet. */
  openRankedGameOf(userId: number, db: Db = this.db) {
    return db
      .selectFrom('game_players')
      .innerJoin('games', 'games.id', 'game_players.game_id')
      .select(['games.id', 'games.status'])
      .where('game_players.user_id', '=', userId)
      .where('games.mode', '=', 'ranked')
      .where('games.status', 'in', OPEN_STATUSES)
      .executeTakeFirst();
  }

  playerNames(gameId: number): Promise<string[]> {
    return this.db
      .selectFrom('game_players')
      .select('player_name')
      .where('game_id', '=', gameId)
      .orderBy('position')
      .execute()
      .then((rows) => rows.map((row) => row.player_name));
  }

  /** A set-up game that never started is simply dropped when its creator sets up another. */
  async cancelUnstarted(gameId: number, now: Date, trx: Db): Promise<void> {
    await trx
      .updateTable('games')
      .set({ status: 'cancelled', completed_at: now.toISOString() })
      .where('id', '=', gameId)
      .where('status', '=', 'configured')
      .execute();
  }
}

/** A slot's drink: the one named at set-up, else the creator's default (guests: beer 5.0 %). */
function slotDrink(game: NewFastGame, position: number) {
  const drink = game.drinks?.[position];
  if (drink) return drinkColumns(drink);
  // Every row names both columns: SQLite fills a column other rows name with NULL, not DEFAULT.
  return position === 0 ? accountDrinkColumns(game.creatorId) : drinkColumns(DEFAULT_DRINK);
}
