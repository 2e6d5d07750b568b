import type { Db } from '../db/database';
import {
  establishments,
  opponentsByAccount,
  type Establishment,
  type RatedPair,
  VERIFIED,
} from './rating-rules';

/** What the leaderboard and the profile say beside a player's rating. */
export interface RatingStanding extends Establishment {
  /** Ranked games, completed and not voided, whose every reading a WiFi scale paired by code weighed. */
  verifiedGames: number;
}

/** Ids per query: well under SQLite's and PostgreSQL's limits on bound parameters. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) result.push(items.slice(i, i + CHUNK));
  return result;
}

/** The rated pairs (with their game) in which any of `userIds` played. */
async function pairsOf(db: Db, userIds: readonly number[]): Promise<RatedPair[]> {
  const rows: RatedPair[] = [];
  for (const ids of chunks(userIds)) {
    rows.push(
      ...(await db
        .selectFrom('rated_pairs')
        .select(['game_id', 'user_low', 'user_high'])
        .where((eb) => eb.or([eb('user_low', 'in', ids), eb('user_high', 'in', ids)]))
        .execute()),
    );
  }
  return rows;
}

/** Every distinct opponent of each of `userIds` (one row per pair of accounts, not per game). */
async function opponentsOf(db: Db, userIds: readonly number[]) {
  const rows: { user_low: number; user_high: number }[] = [];
  for (const ids of chunks(userIds)) {
    rows.push(
      ...(await db
        .selectFrom('rated_pairs')
        .select(['user_low', 'user_high'])
        .distinct()
        .where((eb) => eb.or([eb('user_low', 'in', ids), eb('user_high', 'in', ids)]))
        .execute()),
    );
  }
  return opponentsByAccount(rows);
}

/**
 * Whether each player's rating is established (rating-rules.ts): their rated pairs, then the
 * opponents' own opponents, in two reads whatever the number of players.
 */
export async function establishmentOf(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, Establishment>> {
  if (userIds.length === 0) return new Map();
  const pairs = await pairsOf(db, userIds);
  const theirOpponents = new Set<number>();
  for (const pair of pairs) theirOpponents.add(pair.user_low).add(pair.user_high);
  return establishments(userIds, pairs, await opponentsOf(db, [...theirOpponents]));
}

/**
 * Each player's standing beside the rating, for a page of players at once: verified games
 * count completed ranked games on a WiFi scale without a reading that is bridged or typed.
 */
export async function ratingStandings(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, RatingStanding>> {
  const established = await establishmentOf(db, userIds);
  const result = new Map<number, RatingStanding>(
    userIds.map((id) => [id, { verifiedGames: 0, ...established.get(id)! }]),
  );
  if (userIds.length === 0) return result;
  const verified = await db
    .selectFrom('game_players')
    .innerJoin('games', 'games.id', 'game_players.game_id')
    .select(['game_players.user_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('game_players.user_id', 'in', [...userIds])
    .where('games.mode', '=', 'ranked')
    .where('games.status', '=', 'completed')
    .where('games.scale_kind', '=', VERIFIED.scaleKind)
    .where('games.voided_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('measurements')
            .select('measurements.id')
            .whereRef('measurements.game_id', '=', 'games.id')
            .where('measurements.source', '<>', VERIFIED.source),
        ),
      ),
    )
    .groupBy('game_players.user_id')
    .execute();
  for (const row of verified) {
    const standing = result.get(row.user_id as number);
    if (standing) standing.verifiedGames = Number(row.n);
  }
  return result;
}
