import { CompiledQuery, sql, type Compilable, type InferResult } from 'kysely';
import { OPEN_STATUSES } from '@beerscale/contract/game-state';
import type { Db } from '../db/database';

/** The open statuses as SQL literals: the query matches the partial index games_open_idx (0004). */
const OPEN_STATUS_LIST = sql.raw(OPEN_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * The home page's three reads, built and compiled once (as the session check's): Kysely's
 * building and compiling cost as much as SQLite answering them.
 */
class Compiled<Q extends Compilable<unknown>> {
  private compiled: CompiledQuery | null = null;

  constructor(private readonly build: () => Q) {}

  async run(db: Db, parameters: unknown[]): Promise<InferResult<Q>> {
    this.compiled ??= this.build().compile();
    const { rows } = await db.executeQuery(CompiledQuery.raw(this.compiled.sql, parameters));
    return rows as InferResult<Q>;
  }
}

export class HomeRepository {
  private readonly userQuery = new Compiled(() => this.userOf(0));
  private readonly recentQuery = new Compiled(() => this.recentOf(0, 0));
  private readonly activeQuery = new Compiled(() => this.activeOf(0));

  constructor(private readonly db: Db) {}

  async user(userId: number) {
    return (await this.userQuery.run(this.db, [userId]))[0];
  }

  /**
   * Completed games the user's statistics count (ranked games, and fast games in the first slot),
   * newest first: the summary kept at each completion (migration 0007), one index range instead of
   * every game the user played.
   */
  recentGames(userId: number, limit: number) {
    return this.recentQuery.run(this.db, [userId, limit]);
  }

  /** The other players of these games, in turn order: who the recent games were played against. */
  opponents(userId: number, gameIds: number[]) {
    if (gameIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('game_players')
      .select(['game_id', 'player_name'])
      .where('game_id', 'in', gameIds)
      .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '!=', userId)]))
      .orderBy('game_id')
      .orderBy('position')
      .execute();
  }

  async activeGame(userId: number) {
    return (await this.activeQuery.run(this.db, [userId]))[0];
  }

  private userOf(userId: number) {
    return this.db
      .selectFrom('users')
      .select([
        'id',
        'username',
        'player_name',
        'current_elo',
        'peak_elo',
        'games_played',
        'games_won',
        'total_exact_matches',
        'best_mean_difference',
        'average_mean_difference',
        'total_penalties',
      ])
      .where('id', '=', userId);
  }

  private recentOf(userId: number, limit: number) {
    return this.db
      .selectFrom('recent_games')
      .select(['game_id', 'game_name', 'rank', 'finished_at', 'mean_difference'])
      .where('user_id', '=', userId)
      .orderBy('finished_at', 'desc')
      .orderBy('game_id', 'desc')
      .limit(limit);
  }

  /**
   * The statuses are written into the SQL, not bound: only then can SQLite's planner see that
   * the partial index games_open_idx covers them and read the few open games instead of every
   * game the player ever played.
   */
  private activeOf(userId: number) {
    return this.db
      .selectFrom('game_players')
      .innerJoin('games', 'games.id', 'game_players.game_id')
      .select(['games.id', 'games.name', 'games.status'])
      .where('game_players.user_id', '=', userId)
      .where(sql<boolean>`games.status in (${OPEN_STATUS_LIST})`)
      .orderBy('games.id', 'desc');
  }

  eloHistory(userId: number) {
    return eloHistoryOf(this.db, userId);
  }
}

/** An account's rating history, oldest first (the home's chart and the account's export). */
export function eloHistoryOf(db: Db, userId: number) {
  return db
    .selectFrom('elo_history')
    .innerJoin('games', 'games.id', 'elo_history.game_id')
    .select([
      'elo_history.game_id',
      'games.name',
      'elo_history.elo_before',
      'elo_history.elo_after',
      'elo_history.recorded_at',
    ])
    .where('elo_history.user_id', '=', userId)
    .orderBy('elo_history.recorded_at')
    .orderBy('elo_history.id')
    .execute();
}
