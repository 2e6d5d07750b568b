import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

// SQLite plans by the indexes alone (PostgreSQL by statistics, docs/PERFORMANCE.md's table):
// the reads that run on a timer or on every profile view must find their rows by an index.
describe('query plans on SQLite', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(() => server.stop());

  const plan = async (query: string) => {
    const { rows } = await sql
      .raw<{ detail: string }>(`explain query plan ${query}`)
      .execute(server.instance.database.db);
    return rows.map((row) => row.detail).join(' | ');
  };

  it('the presence sweep reads only the players not offline', async () => {
    expect(
      await plan(
        "update users set status = 'offline' where status <> 'offline' and not exists " +
          '(select 1 from presence_claims p where p.user_id = users.id and p.sockets > 0)',
      ),
    ).toMatch(/USING (COVERING )?INDEX users_online_idx/);
  });

  it("a profile finds the player's registrations by player", async () => {
    expect(await plan('select mac from scale_registrations where user_id = 5')).toMatch(
      /USING (COVERING )?INDEX scale_registrations_user_idx/,
    );
  });

  // Every game state read asks for its players' evening (drinks.repository.ts, readingsOf): the
  // games weighed in the last 12 hours were found by a scan of every reading ever taken.
  it('a player’s evening finds the games weighed lately by the readings’ time', async () => {
    const evening = await plan(
      'select m.id from measurements m join game_players gp on gp.id = m.game_player_id ' +
        'where gp.user_id in (1, 2) and m.game_id in (select recent.game_id from measurements ' +
        "recent where recent.recorded_at >= '2026-01-01T00:00:00.000Z') and m.game_id != 3 " +
        'order by m.id',
    );
    expect(evening).toMatch(/SEARCH recent USING (COVERING )?INDEX measurements_recorded_idx/);
    expect(evening).not.toMatch(/SCAN recent/);
  });
});
