import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/**
 * Issue 42: teammates are no rated pair. Team games completed before put them into
 * `rated_pairs`, where they used up the pair limit and counted as opponents for being
 * established; this takes those rows out. A game's teams are its engine state's (each player's
 * `team`, kept after the end). Nothing to put back on the way down.
 */
export const teammatesUnpairedMigration: Migration = {
  async up(db: AnyDb) {
    const games = await db
      .selectFrom('games')
      .select(['id', 'engine_state'])
      .where('mode', '=', 'ranked')
      .where('rules', 'is not', null)
      .where('engine_state', 'is not', null)
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('rated_pairs').select('game_id').whereRef('game_id', '=', 'games.id')),
      )
      .execute();
    for (const game of games) {
      const teamOf = teamsOf(game.engine_state as string);
      if (teamOf.size === 0) continue;
      const players: { id: number; user_id: number | null }[] = await db
        .selectFrom('game_players')
        .select(['id', 'user_id'])
        .where('game_id', '=', game.id)
        .execute();
      const accounts = players.filter((p) => p.user_id !== null && teamOf.has(p.id));
      for (const [i, a] of accounts.entries()) {
        for (const b of accounts.slice(i + 1)) {
          if (teamOf.get(a.id) !== teamOf.get(b.id) || a.user_id === b.user_id) continue;
          const [low, high] = [a.user_id!, b.user_id!].sort((x, y) => x - y);
          await db
            .deleteFrom('rated_pairs')
            .where('game_id', '=', game.id)
            .where('user_low', '=', low)
            .where('user_high', '=', high)
            .execute();
        }
      }
    }
  },
  async down() {},
};

/** Each game player's team in a stored engine state; empty when it has no teams. */
function teamsOf(engineState: string): Map<number, number> {
  const result = new Map<number, number>();
  try {
    const state = JSON.parse(engineState) as { players?: { id?: unknown; team?: unknown }[] };
    for (const p of state.players ?? []) {
      if (typeof p.id === 'number' && typeof p.team === 'number') result.set(p.id, p.team);
    }
  } catch {
    // A state that does not parse names no teams.
  }
  return result;
}
