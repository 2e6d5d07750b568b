import { RECENT_GAMES_LIMIT } from '@beerscale/contract/home';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { assignMembersAtCompletion } from '../../groups/groups.repository';
import type { Rate } from '../../rating/game-rating';
import { pairCounts, pairKey } from '../../rating/rating-rules';
import { RATING_RULES, type RatingReason } from '@beerscale/contract/rating';
import {
  settleGame,
  type FinalStanding,
  type SeatedAccount,
  type Settlement,
} from './game-completion-rules';

export interface Completion {
  gameId: number;
  mode: 'fast' | 'ranked';
  standings: FinalStanding[];
  /** Computes the new ratings from the ratings read inside the transaction (ranked only). */
  rate: Rate;
  now: Date;
  /** What keeps the whole ranked game from moving ratings (rating/rating-rules.ts); empty when nothing does. */
  reasons: RatingReason[];
}

/**
 * Finishing a game is one transaction (docs/ARCHITECTURE.md, Decisions: completion is exactly once
 * and atomic): the engine's last step, results, players' statistics and ratings land together or
 * not at all, so the caller passes the transaction that stores that step. Exactly once: the
 * `results_applied` claim makes a second attempt (a retry, a second instance) a no-op.
 */
export class GameCompletionRepository {
  async complete(completion: Completion, trx: Db): Promise<boolean> {
    const { gameId, standings, now } = completion;
    const claim = await trx
      .updateTable('games')
      .set({ status: 'completed', completed_at: now.toISOString(), results_applied: 1 })
      .where('id', '=', gameId)
      .where('results_applied', '=', 0)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) === 0) return false;

    for (const s of standings) {
      await trx
        .updateTable('game_players')
        .set({
          rank: s.rank,
          mean_difference: s.meanDifference,
          exact_matches: s.exactMatches,
          best_difference: s.bestDifference,
          penalties: s.penalties ?? 0,
        })
        .where('id', '=', s.gamePlayerId)
        .where('game_id', '=', gameId)
        .execute();
    }

    // A group game's seats held by accounts keep their member (groups.repository.ts).
    await assignMembersAtCompletion(gameId, trx);
    const accounts = await this.lockAccounts(gameId, trx);
    const rated = completion.mode === 'ranked' && completion.reasons.length === 0;
    // The accounts are locked: a completion of another game of the same pair waits for this
    // one, so the pair's count cannot be raced past its limit.
    const pairGames = rated
      ? await this.recentPairGames(
          accounts.map((a) => a.userId),
          now,
          trx,
        )
      : new Map<string, number>();
    const settlement = settleGame({
      mode: completion.mode,
      standings,
      accounts,
      rated,
      rate: completion.rate,
      pairCounts: pairCounts(pairGames),
    });
    if (settlement.ratedPairs.length > 0) {
      await trx
        .insertInto('rated_pairs')
        .values(
          settlement.ratedPairs.map(([low, high]) => ({
            game_id: gameId,
            user_low: low,
            user_high: high,
            rated_at: now.toISOString(),
          })),
        )
        .execute();
    }
    if (completion.mode === 'ranked') {
      const reasons = [
        ...completion.reasons,
        ...(settlement.pairLimited ? ['pair-limit' as const] : []),
      ];
      await trx
        .updateTable('games')
        .set({
          rating_status: settlement.ratings.length > 0 ? 'rated' : 'unrated',
          rating_reasons: reasons.join(','),
        })
        .where('id', '=', gameId)
        .execute();
    }
    for (const { userId, stats } of settlement.stats) {
      await trx.updateTable('users').set(stats).where('id', '=', userId).execute();
    }
    for (const r of settlement.ratings) {
      await trx
        .updateTable('game_players')
        .set({ elo_before: r.eloBefore, elo_after: r.eloAfter })
        .where('id', '=', r.gamePlayerId)
        .execute();
      await trx
        .insertInto('elo_history')
        .values({
          user_id: r.userId,
          game_id: gameId,
          elo_before: r.eloBefore,
          elo_after: r.eloAfter,
          recorded_at: now.toISOString(),
        })
        .execute();
    }
    await this.keepRecent(gameId, settlement.recentGames, now, trx);
    return true;
  }

  /** How many rated games each pair of these accounts played within the pair window. */
  private async recentPairGames(
    userIds: number[],
    now: Date,
    trx: Db,
  ): Promise<Map<string, number>> {
    if (userIds.length < 2) return new Map();
    const since = new Date(now.getTime() - RATING_RULES.pairWindowHours * 3_600_000);
    const rows = await trx
      .selectFrom('rated_pairs')
      .select(['user_low', 'user_high', (eb) => eb.fn.countAll<number>().as('n')])
      .where('user_low', 'in', userIds)
      .where('user_high', 'in', userIds)
      .where('rated_at', '>', since.toISOString())
      .groupBy(['user_low', 'user_high'])
      .execute();
    return new Map(rows.map((r) => [pairKey(r.user_low, r.user_high), Number(r.n)]));
  }

  /**
   * The accounts of the line-up with their statistics, their rows locked (the statistics are
   * written back as computed from these, so a concurrent completion must wait for this one).
   */
  private async lockAccounts(gameId: number, trx: Db): Promise<SeatedAccount[]> {
    const seats = await trx
      .selectFrom('game_players')
      .select(['id', 'position', 'user_id'])
      .where('game_id', '=', gameId)
      .where('user_id', 'is not', null)
      .execute();
    if (seats.length === 0) return [];
    const users = await trx
      .updateTable('users')
      .set({ created_at: sql<string>`created_at` })
      .where(
        'id',
        'in',
        seats.map((s) => s.user_id as number),
      )
      .returning([
        'id',
        'current_elo',
        'peak_elo',
        'games_played',
        'games_won',
        'ranked_games_played',
        'total_exact_matches',
        'best_mean_difference',
        'average_mean_difference',
        'total_penalties',
      ])
      .execute();
    const byId = new Map(users.map(({ id, ...stats }) => [id, stats]));
    return seats.flatMap((seat) => {
      const stats = byId.get(seat.user_id as number);
      return stats
        ? [
            {
              gamePlayerId: seat.id,
              position: seat.position,
              userId: seat.user_id as number,
              stats,
            },
          ]
        : [];
    });
  }

  /**
   * The home page's summary (migration 0007): this game joins each counted player's newest
   * games, and what falls beyond the newest RECENT_GAMES_LIMIT goes. The players' rows were
   * just updated in this transaction, which serialises completions of one player.
   */
  private async keepRecent(
    gameId: number,
    rows: Settlement['recentGames'],
    now: Date,
    trx: Db,
  ): Promise<void> {
    if (rows.length === 0) return;
    const game = await trx
      .selectFrom('games')
      .select('name')
      .where('id', '=', gameId)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('recent_games')
      .values(
        rows.map((row) => ({
          user_id: row.userId,
          game_id: gameId,
          game_name: game.name,
          rank: row.rank,
          finished_at: now.toISOString(),
          mean_difference: row.meanDifference,
        })),
      )
      .execute();
    for (const userId of new Set(rows.map((row) => row.userId))) {
      await trx
        .deleteFrom('recent_games')
        .where('user_id', '=', userId)
        .where(({ eb, selectFrom }) =>
          eb(
            'game_id',
            'not in',
            selectFrom('recent_games')
              .select('game_id')
              .where('user_id', '=', userId)
              .orderBy('finished_at', 'desc')
              .orderBy('game_id', 'desc')
              .limit(RECENT_GAMES_LIMIT),
          ),
        )
        .execute();
    }
  }
}
