import { DEFAULT_ELO } from '@beerscale/contract/limits';
import { ADMIN_REPORTS_LIMIT } from '@beerscale/contract/rating';
import { sql } from 'kysely';
import type { Db } from '../db/database';

/** A voided game's players: whose ratings and figures changed. */
export interface VoidedGame {
  mac: string | null;
  userIds: number[];
}

/** All SQL of reports and voids (reports.service.ts holds the rules). */
export class ReportsRepository {
  constructor(private readonly db: Db) {}

  /** The game and whether the user played in it (a report needs both). */
  async gameOfPlayer(gameId: number, userId: number) {
    const game = await this.db
      .selectFrom('games')
      .select(['id', 'mode', 'status', 'completed_at', 'voided_at'])
      .where('id', '=', gameId)
      .executeTakeFirst();
    if (!game) return undefined;
    const seat = await this.db
      .selectFrom('game_players')
      .select('id')
      .where('game_id', '=', gameId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return seat ? game : undefined;
  }

  /** False when the user had already reported the game. */
  async insertReport(gameId: number, userId: number, reason: string, now: Date): Promise<boolean> {
    const result = await this.db
      .insertInto('game_reports')
      .values({ game_id: gameId, user_id: userId, reason, created_at: now.toISOString() })
      .onConflict((oc) => oc.columns(['game_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Reported games with their reports, the game with the newest report first. */
  async reportedGames() {
    const games = await this.db
      .selectFrom('game_reports')
      .innerJoin('games', 'games.id', 'game_reports.game_id')
      .select([
        'games.id',
        'games.name',
        'games.completed_at',
        'games.voided_at',
        (eb) => eb.fn.max('game_reports.created_at').as('latest'),
      ])
      .groupBy(['games.id', 'games.name', 'games.completed_at', 'games.voided_at'])
      .orderBy('latest', 'desc')
      .orderBy('games.id', 'desc')
      .limit(ADMIN_REPORTS_LIMIT)
      .execute();
    if (games.length === 0) return [];
    const reports = await this.db
      .selectFrom('game_reports')
      .innerJoin('users', 'users.id', 'game_reports.user_id')
      .select([
        'game_reports.game_id',
        'game_reports.user_id',
        'users.player_name',
        'game_reports.reason',
        'game_reports.created_at',
      ])
      .where(
        'game_reports.game_id',
        'in',
        games.map((g) => g.id),
      )
      .orderBy('game_reports.created_at')
      .execute();
    return games.map((g) => ({
      gameId: g.id,
      gameName: g.name,
      completedAt: g.completed_at,
      voidedAt: g.voided_at,
      reports: reports
        .filter((r) => r.game_id === g.id)
        .map((r) => ({
          userId: r.user_id,
          playerName: r.player_name,
          reason: r.reason,
          createdAt: r.created_at,
        })),
    }));
  }

  /** One transaction: a fault thrown inside rolls every write of `work` back. */
  transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** The game's row, locked (a no-op update) so that two voids cannot both take back its changes. */
  async lockGame(gameId: number, trx: Db) {
    await trx
      .updateTable('games')
      .set({ name: sql<string>`name` })
      .where('id', '=', gameId)
      .execute();
    return trx
      .selectFrom('games')
      .select(['id', 'mode', 'status', 'voided_at', 'scale_mac'])
      .where('id', '=', gameId)
      .executeTakeFirst();
  }

  /**
   * Takes the game's rating changes back: each rated player's current rating minus this game's
   * change, the game's history rows and rated pairs gone, its players' figures recomputed from
   * the games that still count, the game marked voided.
   */
  async voidGame(gameId: number, now: Date, trx: Db): Promise<VoidedGame> {
    const seats = await trx
      .selectFrom('game_players')
      .select('user_id')
      .where('game_id', '=', gameId)
      .where('user_id', 'is not', null)
      .execute();
    const userIds = [...new Set(seats.map((s) => s.user_id as number))].sort((a, b) => a - b);
    // Accounts in id order, as completion locks them, so a void and a completion cannot deadlock.
    if (userIds.length > 0) {
      await trx
        .updateTable('users')
        .set({ created_at: sql<string>`created_at` })
        .where('id', 'in', userIds)
        .execute();
    }
    const changes = await trx
      .selectFrom('elo_history')
      .select(['id', 'user_id', 'elo_before', 'elo_after'])
      .where('game_id', '=', gameId)
      .execute();
    for (const change of changes) {
      await trx
        .updateTable('users')
        .set((eb) => ({
          current_elo: eb('current_elo', '-', change.elo_after - change.elo_before),
        }))
        .where('id', '=', change.user_id)
        .execute();
    }
    await trx.deleteFrom('elo_history').where('game_id', '=', gameId).execute();
    await trx.deleteFrom('rated_pairs').where('game_id', '=', gameId).execute();
    await trx
      .updateTable('game_players')
      .set({ elo_before: null, elo_after: null })
      .where('game_id', '=', gameId)
      .execute();
    await trx
      .updateTable('games')
      .set({ voided_at: now.toISOString(), rating_status: 'unrated' })
      .where('id', '=', gameId)
      .execute();
    const deltaOf = new Map(changes.map((c) => [c.user_id, c]));
    for (const userId of userIds) {
      await this.recomputeFigures(userId, deltaOf.get(userId), trx);
    }
    const game = await trx
      .selectFrom('games')
      .select('scale_mac')
      .where('id', '=', gameId)
      .executeTakeFirstOrThrow();
    return { mac: game.scale_mac, userIds };
  }

  /**
   * A player's statistics from the games that still count (completed, not voided; ranked, or a
   * fast game in the first slot), the ranked games from the rating history, and the peak from
   * the history with the voided change taken out of the ratings that followed it.
   */
  private async recomputeFigures(
    userId: number,
    voided: { id: number; elo_before: number; elo_after: number } | undefined,
    trx: Db,
  ): Promise<void> {
    const figures = await trx
      .selectFrom('game_players')
      .innerJoin('games', 'games.id', 'game_players.game_id')
      .select((eb) => [
        eb.fn.countAll<number>().as('played'),
        eb.fn
          .sum<number>(eb.case().when('game_players.rank', '=', 1).then(1).else(0).end())
          .as('won'),
        eb.fn.sum<number>('game_players.exact_matches').as('exact'),
        eb.fn.min<number>('game_players.mean_difference').as('best'),
        eb.fn.avg<number>('game_players.mean_difference').as('average'),
      ])
      .where('game_players.user_id', '=', userId)
      .where('games.status', '=', 'completed')
      .where('games.voided_at', 'is', null)
      .where('game_players.rank', 'is not', null)
      .where((eb) => eb.or([eb('games.mode', '=', 'ranked'), eb('game_players.position', '=', 0)]))
      .executeTakeFirstOrThrow();
    const history = await trx
      .selectFrom('elo_history')
      .select(['id', 'elo_after'])
      .where('user_id', '=', userId)
      .execute();
    const user = await trx
      .selectFrom('users')
      .select('current_elo')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const delta = voided ? voided.elo_after - voided.elo_before : 0;
    const peak = Math.max(
      DEFAULT_ELO,
      user.current_elo,
      ...history.map((h) => (voided && h.id > voided.id ? h.elo_after - delta : h.elo_after)),
    );
    const played = Number(figures.played);
    await trx
      .updateTable('users')
      .set({
        games_played: played,
        games_won: Number(figures.won ?? 0),
        total_exact_matches: Number(figures.exact ?? 0),
        best_mean_difference: played > 0 ? Number(figures.best) : null,
        average_mean_difference: played > 0 ? Number(figures.average) : null,
        ranked_games_played: history.length,
        peak_elo: peak,
      })
      .where('id', '=', userId)
      .execute();
  }
}
