import type { ContainerType } from '@beerscale/contract/limits';
import type { Db } from '../db/database';
import { lockUser } from '../users/user-lock.repository';

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
          joined_at: now.toISOString(),
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
      .where('status', 'in', ['configured', 'active'])
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
      .where('games.status', 'in', ['pending', 'configured', 'active'])
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
