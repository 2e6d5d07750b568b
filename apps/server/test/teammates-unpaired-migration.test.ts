import { expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate';
import { suiteDatabase } from './support/test-database';
import { describeEachDialect } from './support/each-dialect';

// Migration 0046 (issue 42): team games completed before put teammates into rated_pairs; the
// migration takes those rows out and leaves every pair of opponents.
describeEachDialect('migration 0046 (teammates unpaired)', ({ dialect }) => {
  const suite = suiteDatabase(dialect);

  it('deletes the rated pairs of teammates, keeps opponents and games without teams', async () => {
    await migrateToLatest(suite.handle);
    await migrateTo(suite.handle, '0045-stand-in-estimates');
    const { db } = suite.handle;
    const now = '2026-11-01T20:00:00.000Z';
    const users: number[] = [];
    for (const name of ['anna', 'ben', 'cleo', 'dan']) {
      const { id } = await db
        .insertInto('users')
        .values({
          username: `m46.${name}`,
          username_key: `m46.${name}`,
          player_name: name,
          password_hash: 'x',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      users.push(id);
    }
    /** A completed ranked game of the four, every pair rated; teams from its engine state. */
    const game = async (teams: (number | null)[]) => {
      const { id } = await db
        .insertInto('games')
        .values({
          name: 'Teams',
          mode: 'ranked',
          creator_id: users[0]!,
          status: 'completed',
          rng_seed: 1,
          created_at: now,
          rules: JSON.stringify({ teams: teams[0] === null ? null : 2 }),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const players: number[] = [];
      for (const [position, userId] of users.entries()) {
        const row = await db
          .insertInto('game_players')
          .values({
            game_id: id,
            user_id: userId,
            player_name: `p${position}`,
            position,
            joined_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        players.push(row.id);
      }
      await db
        .updateTable('games')
        .set({
          engine_state: JSON.stringify({
            players: players.map((playerId, i) => ({ id: playerId, team: teams[i] })),
          }),
        })
        .where('id', '=', id)
        .execute();
      for (const [i, low] of users.entries()) {
        for (const high of users.slice(i + 1)) {
          await db
            .insertInto('rated_pairs')
            .values({ game_id: id, user_low: low, user_high: high, rated_at: now })
            .execute();
        }
      }
      return id;
    };
    // Anna and Cleo against Ben and Dan; and a game of the four without teams.
    const teamed = await game([1, 2, 1, 2]);
    const alone = await game([null, null, null, null]);

    await migrateToLatest(suite.handle);
    const pairs = async (gameId: number) =>
      (
        await db
          .selectFrom('rated_pairs')
          .select(['user_low', 'user_high'])
          .where('game_id', '=', gameId)
          .orderBy('user_low')
          .orderBy('user_high')
          .execute()
      ).map((p) => `${users.indexOf(p.user_low)}-${users.indexOf(p.user_high)}`);
    expect(await pairs(teamed)).toEqual(['0-1', '0-3', '1-2', '2-3']);
    expect(await pairs(alone)).toHaveLength(6);
  });
});
