import { beforeAll, describe, expect, it } from 'vitest';
import { leaderboardSchema } from '@beerscale/contract/leaderboard';
import type { UserStatus } from '@beerscale/contract/users';
import { buildApp } from '../src/app';
import type { Account } from './support/accounts';
import { createAccount } from './support/factories';
import { httpClient, type HttpCall } from './support/http-client';
import { testConfig } from './support/test-server';
import { twoInstances } from './support/two-instances';

// Each instance serves the leaderboard's presence from its own copy of the statuses, fed by the
// bus: a status written on one instance shows on the next request to another once the bus has
// carried it there. Two instances share a bus on PostgreSQL only (docs/ARCHITECTURE.md).
const dialects = process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [];

describe.skipIf(dialects.length === 0)('leaderboard presence across instances', () => {
  const two = twoInstances('postgres');
  let viewer: Account;

  beforeAll(async () => {
    viewer = await createAccount(two.server);
  });

  const top = async (call: HttpCall) => {
    const reply = await call('GET', '/api/leaderboard?includeStatus=true&limit=50', {
      token: viewer.token,
    });
    expect(reply.status).toBe(200);
    return leaderboardSchema.parse(reply.body)[0];
  };
  /** Resolves once instance B's bus has delivered this user's new status. */
  const heardOnB = (userId: number, status: UserStatus) =>
    new Promise<void>((resolve) => {
      const stop = two.other.bus.subscribe('users.status-changed', (event) => {
        if (event.status === status && event.userIds.includes(userId)) {
          stop();
          resolve();
        }
      });
    });

  it('shows a status set on one instance on the next request to the other', async () => {
    const player = await createAccount(two.server);
    await two.server.instance.database.db
      .updateTable('users')
      .set({ current_elo: 99_000, ranked_games_played: 1 })
      .where('id', '=', player.id)
      .execute();
    two.server.instance.services.leaderboard.invalidate();
    two.other.services.leaderboard.invalidate();
    // Both instances have the page cached, with the sign-in's status.
    expect(await top(two.callB)).toMatchObject({ id: player.id, status: 'logged_in' });
    expect(await top(two.callA)).toMatchObject({ id: player.id, status: 'logged_in' });

    const searching = heardOnB(player.id, 'searching');
    const put = await two.callA('PUT', `/api/users/${player.id}/status`, {
      token: player.token,
      body: { status: 'searching' },
    });
    expect(put.status).toBe(200);
    await searching;
    expect(await top(two.callB)).toMatchObject({ id: player.id, status: 'searching' });
    expect(await top(two.callA)).toMatchObject({ id: player.id, status: 'searching' });

    // A sign-in on B shows on A (its announcement travels the other way).
    const heardOnA = new Promise<void>((resolve) => {
      const stop = two.server.instance.bus.subscribe('users.status-changed', (event) => {
        if (event.status === 'logged_in' && event.userIds.includes(player.id)) {
          stop();
          resolve();
        }
      });
    });
    await two.server.instance.database.db
      .updateTable('users')
      .set({ status: 'offline' })
      .where('id', '=', player.id)
      .execute();
    const login = await two.callB('POST', '/api/login', {
      body: { username: player.username, password: player.password },
    });
    expect(login.status).toBe(200);
    await heardOnA;
    expect(await top(two.callA)).toMatchObject({ id: player.id, status: 'logged_in' });
  });

  it('reads statuses it has not heard of from the database (a restarted instance)', async () => {
    const player = await createAccount(two.server);
    await two.server.instance.database.db
      .updateTable('users')
      .set({ current_elo: 199_000, ranked_games_played: 1, status: 'searching' })
      .where('id', '=', player.id)
      .execute();
    const third = await buildApp(testConfig(two.server.database.url));
    try {
      const callC = httpClient(await third.app.listen({ port: 0, host: '127.0.0.1' }));
      expect(await top(callC)).toMatchObject({ id: player.id, status: 'searching' });
    } finally {
      await third.close();
    }
  });
});
