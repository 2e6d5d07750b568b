import { RECENT_GAMES_LIMIT } from '@beerscale/contract/home';
import type { Db } from '../db/database';

export interface FinalStanding {
  gamePlayerId: number;
  rank: number;
  meanDifference: number;
  exactMatches: number;
  bestDifference: number;
}

export interface RatedPlayer {
  gamePlayerId: number;
  userId: number;
  eloBefore: number;
  eloAfter: number;
}

export interface Completion {
  gameId: number;
  mode: 'fast' | 'ranked';
  standings: FinalStanding[];
  /** Computes the new ratings from the ratings read inside the transaction (ranked only). */
  rate: (
    players: { gamePlayerId: number; userId: number; elo: number; rank: number }[],
  ) => RatedPlayer[];
  now: Date;
  /** False for a ranked game that must not move ratings (every reading typed). */
  rated: boolean;
}

/**
 * Finishing a game is one transaction (DESIGN §5): the engine's last step, results, players'
 * statistics and ratings land together or not at all, so the caller passes the transaction that
 * stores that step. Exactly once: the `results_applied` claim makes a second attempt (a retry,
 * a second instance) a no-op.
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
        })
        .where('id', '=', s.gamePlayerId)
        .where('game_id', '=', gameId)
        .execute();
    }

    // DESIGN §9: statistics count for every account in a ranked game, and for the account in
    // the first slot of a fast game (the other slots are typed names).
    const players = await trx
      .selectFrom('game_players')
      .innerJoin('users', 'users.id', 'game_players.user_id')
      .select([
        'game_players.id as gamePlayerId',
        'game_players.position',
        'users.id as userId',
        'users.current_elo',
        'users.games_played',
        'users.average_mean_difference',
      ])
      .where('game_players.game_id', '=', gameId)
      .execute();
    const counted = players.filter((p) => completion.mode === 'ranked' || p.position === 0);
    const byPlayer = new Map(standings.map((s) => [s.gamePlayerId, s]));

    for (const p of counted) {
      const s = byPlayer.get(p.gamePlayerId);
      if (!s) continue;
      const n = p.games_played;
      const average = ((p.average_mean_difference ?? 0) * n + s.meanDifference) / (n + 1);
      await trx
        .updateTable('users')
        .set((eb) => ({
          games_played: eb('games_played', '+', 1),
          games_won: eb('games_won', '+', s.rank === 1 ? 1 : 0),
          total_exact_matches: eb('total_exact_matches', '+', s.exactMatches),
          // NULL < x is not true, so a first game takes the else branch.
          best_mean_difference: eb
            .case()
            .when('best_mean_difference', '<', s.meanDifference)
            .then(eb.ref('best_mean_difference'))
            .else(s.meanDifference)
            .end(),
          average_mean_difference: average,
        }))
        .where('id', '=', p.userId)
        .execute();
    }

    await this.keepRecent(gameId, counted, byPlayer, now, trx);

    if (completion.mode === 'ranked' && completion.rated) {
      const rated = completion.rate(
        counted.flatMap((p) => {
          const s = byPlayer.get(p.gamePlayerId);
          return s
            ? [
                {
                  gamePlayerId: p.gamePlayerId,
                  userId: p.userId,
                  elo: p.current_elo,
                  rank: s.rank,
                },
              ]
            : [];
        }),
      );
      for (const r of rated) {
        await trx
          .updateTable('users')
          .set((eb) => ({
            current_elo: r.eloAfter,
            peak_elo: eb
              .case()
              .when('peak_elo', '<', r.eloAfter)
              .then(r.eloAfter)
              .else(eb.ref('peak_elo'))
              .end(),
            ranked_games_played: eb('ranked_games_played', '+', 1),
          }))
          .where('id', '=', r.userId)
          .execute();
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
    }
    return true;
  }

  /**
   * The home page's summary (migration 0007): this game joins each counted player's newest
   * games, and what falls beyond the newest RECENT_GAMES_LIMIT goes. The players' rows were
   * just updated in this transaction, which serialises completions of one player.
   */
  private async keepRecent(
    gameId: number,
    counted: { gamePlayerId: number; userId: number }[],
    byPlayer: Map<number, FinalStanding>,
    now: Date,
    trx: Db,
  ): Promise<void> {
    if (counted.length === 0) return;
    const game = await trx
      .selectFrom('games')
      .select('name')
      .where('id', '=', gameId)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('recent_games')
      .values(
        counted.map((p) => ({
          user_id: p.userId,
          game_id: gameId,
          game_name: game.name,
          rank: byPlayer.get(p.gamePlayerId)?.rank ?? null,
          finished_at: now.toISOString(),
          mean_difference: byPlayer.get(p.gamePlayerId)?.meanDifference ?? null,
        })),
      )
      .execute();
    for (const userId of new Set(counted.map((p) => p.userId))) {
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
