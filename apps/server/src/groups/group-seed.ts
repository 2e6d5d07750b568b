import { sql } from 'kysely';
import type { DatabaseHandle, Db } from '../db/database';
import { insertChunked, moveSequencesPastIds } from '../seed/seed-insert';
import { SeedRandom } from '../seed/seed-random';

// One big group for the bench and the scale measurements (docs/PERFORMANCE.md, groups): members
// (accounts already seeded by `npm run seed`, and guests), seasons, and completed group fast games
// with their seats and readings, written in one transaction in chunked multi-row inserts.

export interface GroupSeedOptions {
  /** The accounts that join, the captain first (`npm run seed`'s players). */
  userIds: readonly number[];
  guests: number;
  games: number;
  /** Seasons over the games' time span; the last one is running. */
  seasons: number;
  seed?: number;
  /** When the first game completed; one game about every 50 minutes after it. */
  start?: Date;
}

export interface GroupSeedFacts {
  groupId: number;
  members: number;
  games: number;
  seasons: number;
  /** The last game's id and completion: appended games come after it. */
  lastGameId: number;
  lastCompletedAt: string;
}

const MINUTE = 60_000;
/** One game about every 50 minutes. */
const GAP = 50 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();

/** Seeds the group into a database whose players exist; returns what the bench needs. */
export async function seedGroup(
  handle: DatabaseHandle,
  options: GroupSeedOptions,
): Promise<GroupSeedFacts> {
  const rng = new SeedRandom(options.seed ?? 41);
  const start = (options.start ?? new Date('2025-01-01T18:00:00Z')).getTime();
  const end = start + options.games * GAP;
  const captainId = options.userIds[0];
  if (captainId === undefined) throw new Error('the group needs a captain');
  const facts = await handle.db.transaction().execute(async (trx) => {
    const { id: groupId } = await trx
      .insertInto('groups')
      .values({ name: 'Bench Stammtisch', emoji: null, created_at: iso(start - MINUTE) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const names = await trx
      .selectFrom('users')
      .select(['id', 'player_name'])
      .where('id', 'in', [...options.userIds])
      .execute();
    const nameOf = new Map(names.map((u) => [u.id, u.player_name]));
    const memberRows = [
      ...options.userIds.map((userId, i) => ({
        group_id: groupId,
        user_id: userId,
        name: nameOf.get(userId) ?? `Player ${userId}`,
        role: i === 0 ? 'captain' : 'member',
        joined_at: iso(start - MINUTE),
      })),
      ...Array.from({ length: options.guests }, (_, i) => ({
        group_id: groupId,
        user_id: null,
        name: `Guest ${i + 1}`,
        role: 'guest',
        joined_at: iso(start - MINUTE),
      })),
    ];
    await insertChunked(trx, handle.dialect, 'group_members', memberRows);
    const members = await trx
      .selectFrom('group_members')
      .select(['id', 'user_id'])
      .where('group_id', '=', groupId)
      .orderBy('id')
      .execute();
    const span = (end - start) / options.seasons;
    const seasons = Array.from({ length: options.seasons }, (_, i) => ({
      group_id: groupId,
      number: i + 1,
      name: null,
      started_at: iso(i === 0 ? start - MINUTE : start + i * span),
      ended_at: i === options.seasons - 1 ? null : iso(start + (i + 1) * span),
    }));
    await insertChunked(trx, handle.dialect, 'group_seasons', seasons);

    const last = await writeGames(trx, handle.dialect, {
      groupId,
      members,
      count: options.games,
      rng,
      from: start,
      fallbackCreator: captainId,
    });
    return {
      groupId,
      members: members.length,
      games: options.games,
      seasons: options.seasons,
      lastGameId: last.gameId,
      lastCompletedAt: last.completedAt,
    };
  });
  await sql`analyze`.execute(handle.db);
  return facts;
}

/**
 * Appends `count` completed games to the group (after every game it has), with seats and
 * readings: the bench's cold reads complete one this way (a game of the group's members that
 * completes now, as a finished fast game would).
 */
export async function appendGroupGames(
  handle: DatabaseHandle,
  groupId: number,
  count: number,
  seed = 7,
): Promise<{ gameId: number; completedAt: string }> {
  return handle.db.transaction().execute(async (trx) => {
    const members = await trx
      .selectFrom('group_members')
      .select(['id', 'user_id'])
      .where('group_id', '=', groupId)
      .where('left_at', 'is', null)
      .orderBy('id')
      .execute();
    const captain = members.find((m) => m.user_id !== null);
    if (!captain?.user_id) throw new Error(`group ${groupId} has no member with an account`);
    const latest = await trx
      .selectFrom('games')
      .select((eb) => eb.fn.max('completed_at').as('last'))
      .where('group_id', '=', groupId)
      .executeTakeFirstOrThrow();
    const after = Math.max(
      Date.now() - count * GAP,
      latest.last ? Date.parse(latest.last) + GAP : 0,
    );
    return writeGames(trx, handle.dialect, {
      groupId,
      members,
      count,
      rng: new SeedRandom(seed),
      from: after,
      fallbackCreator: captain.user_id,
    });
  });
}

async function writeGames(
  trx: Db,
  dialect: DatabaseHandle['dialect'],
  o: {
    groupId: number;
    members: { id: number; user_id: number | null }[];
    count: number;
    rng: SeedRandom;
    from: number;
    fallbackCreator: number;
  },
): Promise<{ gameId: number; completedAt: string }> {
  const { rng, members, groupId } = o;
  // Ids chosen here (after the highest ones), so seats and readings can name their game.
  const top = async (table: 'games' | 'game_players' | 'measurements') =>
    Number(
      (
        await trx
          .selectFrom(table)
          .select((eb) => eb.fn.max('id').as('top'))
          .executeTakeFirstOrThrow()
      ).top ?? 0,
    );
  let gameId = await top('games');
  let seatId = await top('game_players');
  let readingId = await top('measurements');
  let completed = '';
  const games: Record<string, unknown>[] = [];
  const seats: Record<string, unknown>[] = [];
  const readings: Record<string, unknown>[] = [];
  for (let g = 0; g < o.count; g += 1) {
    gameId += 1;
    const completedAt = o.from + g * GAP + rng.int(0, 40) * MINUTE;
    const createdAt = completedAt - 30 * MINUTE;
    completed = iso(completedAt);
    const size = rng.int(2, 6);
    const chosen = new Set<number>();
    while (chosen.size < Math.min(size, members.length)) {
      chosen.add(rng.int(0, members.length - 1));
    }
    const lineUp = [...chosen].map((i) => members[i]!);
    const passerBy = rng.chance(0.1);
    const means = lineUp.map(() => Math.round(rng.next() * 400) / 10);
    if (passerBy) means.push(Math.round(rng.next() * 400) / 10);
    const order = means.map((m, i) => ({ m, i })).sort((a, b) => a.m - b.m);
    const rankOf = new Map<number, number>();
    order.forEach((o, at) => {
      const tie = at > 0 && order[at - 1]!.m === o.m;
      rankOf.set(o.i, tie ? rankOf.get(order[at - 1]!.i)! : at + 1);
    });
    const leader = lineUp[0]!;
    games.push({
      id: gameId,
      name: 'Fast Game',
      mode: 'fast',
      creator_id: leader.user_id ?? o.fallbackCreator,
      status: 'completed',
      scale_mac: null,
      container_type: 'beer_bottle',
      rounds_planned: 3,
      rng_seed: g,
      engine_state: null,
      rules: null,
      results_applied: 1,
      created_at: iso(createdAt),
      started_at: iso(createdAt + MINUTE),
      completed_at: iso(completedAt),
      group_id: groupId,
    });
    means.forEach((mean, i) => {
      seatId += 1;
      const member = lineUp[i];
      const startWeight = 500 + rng.int(0, 80);
      seats.push({
        id: seatId,
        game_id: gameId,
        user_id: member?.user_id ?? null,
        player_name: member ? `seat ${i}` : 'Passer-by',
        position: i,
        is_leader: i === 0 ? 1 : 0,
        start_weight: startWeight,
        last_weight: startWeight - 300,
        rank: rankOf.get(i)!,
        mean_difference: mean,
        exact_matches: rng.chance(0.15) ? rng.int(1, 2) : 0,
        joined_at: iso(createdAt),
        group_member_id: member?.id ?? null,
        penalties: rng.chance(0.2) ? rng.int(1, 3) : 0,
      });
      let grams = startWeight;
      for (let round = 1; round <= 3; round += 1) {
        readingId += 1;
        grams -= rng.int(40, 140);
        readings.push({
          id: readingId,
          game_id: gameId,
          round,
          game_player_id: seatId,
          grams,
          difference_g: rng.int(0, 40),
          source: 'scale',
          recorded_at: iso(createdAt + round * 5 * MINUTE),
        });
      }
    });
  }
  await insertChunked(trx, dialect, 'games', games);
  await insertChunked(trx, dialect, 'game_players', seats);
  await insertChunked(trx, dialect, 'measurements', readings);
  await moveSequencesPastIds(trx, dialect, ['games', 'game_players', 'measurements']);
  return { gameId, completedAt: completed };
}
