import type { Db } from '../db/database';
import { isProvisional } from './rating-rules';

/** What the leaderboard and the profile say beside a player's rating. */
export interface RatingStanding {
  /** Ranked games, completed and not voided, whose every reading a WiFi scale paired by code weighed. */
  verifiedGames: number;
  /** Games in which the player's rating moved (voided ones taken back). */
  ratedGames: number;
  /** Different accounts the player's rating moved against. */
  ratedOpponents: number;
  /** Too few rated games or opponents for the rating to mean much (rating-rules.ts). */
  provisional: boolean;
}

/**
 * Each player's standing beside the rating, for a page of players at once: verified games
 * count completed ranked games on a WiFi scale without a reading that is bridged or typed.
 */
export async function ratingStandings(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, RatingStanding>> {
  const result = new Map<number, RatingStanding>(
    userIds.map((id) => [
      id,
      { verifiedGames: 0, ratedGames: 0, ratedOpponents: 0, provisional: true },
    ]),
  );
  if (userIds.length === 0) return result;
  const verified = await db
    .selectFrom('game_players')
    .innerJoin('games', 'games.id', 'game_players.game_id')
    .select(['game_players.user_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('game_players.user_id', 'in', [...userIds])
    .where('games.mode', '=', 'ranked')
    .where('games.status', '=', 'completed')
    .where('games.scale_kind', '=', 'wifi')
    .where('games.voided_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('measurements')
            .select('measurements.id')
            .whereRef('measurements.game_id', '=', 'games.id')
            .where('measurements.source', '<>', 'scale'),
        ),
      ),
    )
    .groupBy('game_players.user_id')
    .execute();
  for (const row of verified) {
    const standing = result.get(row.user_id as number);
    if (standing) standing.verifiedGames = Number(row.n);
  }
  const ids = [...userIds];
  const pairs = await db
    .selectFrom('rated_pairs')
    .select(['game_id', 'user_low', 'user_high'])
    .where((eb) => eb.or([eb('user_low', 'in', ids), eb('user_high', 'in', ids)]))
    .execute();
  const games = new Map<number, Set<number>>();
  const opponents = new Map<number, Set<number>>();
  const note = (user: number, other: number, game: number) => {
    if (!result.has(user)) return;
    (games.get(user) ?? games.set(user, new Set()).get(user)!).add(game);
    (opponents.get(user) ?? opponents.set(user, new Set()).get(user)!).add(other);
  };
  for (const pair of pairs) {
    note(pair.user_low, pair.user_high, pair.game_id);
    note(pair.user_high, pair.user_low, pair.game_id);
  }
  for (const [id, standing] of result) {
    standing.ratedGames = games.get(id)?.size ?? 0;
    standing.ratedOpponents = opponents.get(id)?.size ?? 0;
    standing.provisional = isProvisional(standing.ratedGames, standing.ratedOpponents);
  }
  return result;
}
