import { expect, it } from 'vitest';
import type { AuthContext } from '../src/auth/auth.service';
import { migrateToLatest } from '../src/db/migrate';
import { appendGroupGames, seedGroup } from '../src/groups/group-seed';
import { groupTable, seasonOf } from '../src/groups/group-table';
import { GroupsRepository } from '../src/groups/groups.repository';
import { GroupsService } from '../src/groups/groups.service';
import { SeedRandom } from '../src/seed/seed-random';
import { describeEachDialect } from './support/each-dialect';
import { suiteDatabase } from './support/test-database';

// The group table kept per version (docs/ARCHITECTURE.md, Groups): one service keeps its replay
// and applies appended completions to it; after each random change its tables, detail and
// records must be exactly what a fresh service's full replay gives, on both databases.
describeEachDialect('group table kept incrementally', ({ dialect }) => {
  const suite = suiteDatabase(dialect);

  it('equals the full replay after appends, voids, merges, seasons and out-of-order games', async () => {
    await migrateToLatest(suite.handle);
    const { db } = suite.handle;
    const now = '2026-11-01T20:00:00.000Z';
    const users: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const { id } = await db
        .insertInto('users')
        .values({
          username: `inc.${i}`,
          username_key: `inc.${i}`,
          player_name: `Player ${i}`,
          password_hash: 'x',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      users.push(id);
    }
    const facts = await seedGroup(suite.handle, {
      userIds: users,
      guests: 3,
      games: 120,
      seasons: 2,
    });
    const groupId = facts.groupId;
    const me = { user: { id: users[0]!, playerName: 'Player 0' } } as unknown as AuthContext;
    const repo = new GroupsRepository(db);
    const kept = new GroupsService(repo, null);
    const rng = new SeedRandom(5);

    const same = async () => {
      const fresh = new GroupsService(repo, null);
      const spans = await repo.seasons(groupId);
      const games = await repo.playedGames(groupId);
      const names = new Map((await repo.allMembers(groupId)).map((m) => [m.id, m.name]));
      for (const season of ['all' as const, ...spans.map((s) => s.number)]) {
        const mine = await kept.leaderboard(groupId, season, me);
        expect(mine).toEqual(await fresh.leaderboard(groupId, season, me));
        // The replay as it always was: the season's games, in completion order, from nothing.
        const chosen =
          season === 'all' ? games : games.filter((g) => seasonOf(g.completedAt, spans) === season);
        expect(mine.rows).toEqual(groupTable(chosen, (id) => names.get(id) ?? ''));
      }
      expect(await kept.detail(groupId, me)).toEqual(await fresh.detail(groupId, me));
      expect(await kept.records(groupId, me)).toEqual(await fresh.records(groupId, me));
    };

    await same();
    expect(kept.lastRefresh).toBe('replay');
    const refreshes = { append: 0, replay: 0 };
    for (let step = 0; step < 24; step += 1) {
      const roll = rng.next();
      let expected: 'append' | 'replay';
      if (roll < 0.55) {
        await appendGroupGames(suite.handle, groupId, rng.int(1, 3), step);
        expected = 'append';
      } else if (roll < 0.7) {
        const games = await db
          .selectFrom('games')
          .select('id')
          .where('group_id', '=', groupId)
          .where('voided_at', 'is', null)
          .execute();
        await db
          .updateTable('games')
          .set({ voided_at: now })
          .where('id', '=', rng.pick(games).id)
          .execute();
        expected = 'replay';
      } else if (roll < 0.8) {
        // A completion committed late: it completed before the last game already replayed.
        const { gameId } = await appendGroupGames(suite.handle, groupId, 1, step);
        const earliest = await db
          .selectFrom('games')
          .select((eb) => eb.fn.min('completed_at').as('at'))
          .where('group_id', '=', groupId)
          .executeTakeFirstOrThrow();
        await db
          .updateTable('games')
          .set({ completed_at: new Date(Date.parse(earliest.at!) + 1000).toISOString() })
          .where('id', '=', gameId)
          .execute();
        expected = 'replay';
      } else if (roll < 0.9) {
        const members = await repo.allMembers(groupId);
        const guest = members.find((m) => m.role === 'guest');
        if (!guest) continue;
        await repo.transaction((trx) => repo.mergeGuestInto(guest.id, members[1]!.id, trx));
        expected = 'replay';
      } else {
        await repo.transaction((trx) => repo.nextSeason(groupId, null, new Date(), trx));
        expected = 'replay';
      }
      await same();
      expect(kept.lastRefresh, `step ${step}`).toBe(expected);
      refreshes[expected] += 1;
    }
    expect(refreshes.append).toBeGreaterThan(5);
    expect(refreshes.replay).toBeGreaterThan(3);
  });
});
