import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, VALIDATION } from '@beerscale/contract/messages';
import type { Account } from './support/accounts';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';

describeEachDialect('users', {}, ({ server, call }) => {
  let me: Account;
  let other: Account;

  beforeAll(async () => {
    me = await createAccount(server, { username: 'searcher', playerName: 'Seeker' });
    other = await createAccount(server, { username: 'hoppy_joe', playerName: 'Hoppy' });
    await createAccount(server, { username: 'hops.ann', playerName: 'Annie' });
    await createAccount(server, { username: 'under_score', playerName: 'a_b' });
    await createAccount(server, { username: 'percent.guy', playerName: 'axb' });
  });

  describe('PUT /api/users/{id}/status', () => {
    it('changes my own status', async () => {
      const reply = await call('PUT', `/api/users/${me.id}/status`, {
        token: me.token,
        body: { status: 'searching' },
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ id: me.id, status: 'searching' });
      const [row] = (await call('GET', `/api/users?limit=1&userId=${me.id}`, { token: me.token }))
        .body;
      expect(row.status).toBe('searching');
    });

    it("refuses to change someone else's status with 403 and changes nothing", async () => {
      const before = (
        await call('GET', `/api/users?limit=1&userId=${other.id}`, { token: me.token })
      ).body[0].status;
      const reply = await call('PUT', `/api/users/${other.id}/status`, {
        token: me.token,
        body: { status: 'searching' },
      });
      expect(reply.status).toBe(403);
      expect(reply.body.error).toBe(ERRORS.statusOfOthers);
      const after = (
        await call('GET', `/api/users?limit=1&userId=${other.id}`, { token: me.token })
      ).body[0].status;
      expect(after).toBe(before);
    });

    it.each([['offline'], ['away'], [42], [null]])('refuses status %o with 400', async (status) => {
      const reply = await call('PUT', `/api/users/${me.id}/status`, {
        token: me.token,
        body: { status },
      });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe(VALIDATION.invalidStatus);
    });

    it('refuses a malformed id with 400 and a call without token with 401', async () => {
      expect(
        (
          await call('PUT', '/api/users/abc/status', {
            token: me.token,
            body: { status: 'searching' },
          })
        ).status,
      ).toBe(400);
      expect(
        (await call('PUT', `/api/users/${me.id}/status`, { body: { status: 'searching' } })).status,
      ).toBe(401);
    });
  });

  describe('GET /api/users', () => {
    it('finds players by name prefix, case-insensitively, never myself', async () => {
      const reply = await call('GET', '/api/users?search=HOP&limit=5', { token: me.token });
      expect(reply.status).toBe(200);
      expect(reply.body.map((u: { playerName: string }) => u.playerName)).toEqual(['Hoppy']);
      const mine = await call('GET', '/api/users?search=seek&limit=5', { token: me.token });
      expect(mine.body).toEqual([]);
    });

    it('finds the best rated players for a common prefix and for a rare one', async () => {
      // 600 players named Dense0..Dense599, rated in that order: "dense" is common (a search
      // in rating order), "dense1" rare (111 matches, read by name and sorted).
      const now = new Date().toISOString();
      const players = Array.from({ length: 600 }, (_, i) => ({
        username: `dense${i}`,
        username_key: `dense${i}`,
        player_name: `Dense${i}`,
        password_hash: 'not-a-hash',
        created_at: now,
        current_elo: 1000 + i,
      }));
      for (let i = 0; i < players.length; i += 100) {
        await server.instance.database.db
          .insertInto('users')
          .values(players.slice(i, i + 100))
          .execute();
      }
      const names = async (search: string) =>
        (await call('GET', `/api/users?search=${search}&limit=5`, { token: me.token })).body.map(
          (u: { playerName: string }) => u.playerName,
        );
      expect(await names('DENSE')).toEqual([
        'Dense599',
        'Dense598',
        'Dense597',
        'Dense596',
        'Dense595',
      ]);
      expect(await names('dense1')).toEqual([
        'Dense199',
        'Dense198',
        'Dense197',
        'Dense196',
        'Dense195',
      ]);
      expect(await names('dense42')).toEqual([
        'Dense429',
        'Dense428',
        'Dense427',
        'Dense426',
        'Dense425',
      ]);
      expect(await names('densez')).toEqual([]);
    });

    it('never matches usernames, which may be e-mail addresses', async () => {
      // "hops.ann" is Annie's username: neither a prefix of it nor all of it finds her.
      for (const search of ['hops', 'hops.a', 'hops.ann', 'percent']) {
        const reply = await call('GET', `/api/users?search=${search}&limit=5`, {
          token: me.token,
        });
        expect(reply.status).toBe(200);
        expect(reply.body).toEqual([]);
      }
    });

    it('never shows another player’s username, in a search or a lookup', async () => {
      const replies = [
        await call('GET', '/api/users?search=h&limit=50', { token: me.token }),
        await call('GET', '/api/users?search=a&limit=50', { token: me.token }),
        await call('GET', `/api/users?limit=1&userId=${other.id}`, { token: me.token }),
      ];
      for (const reply of replies) {
        expect(reply.status).toBe(200);
        expect(reply.body.length).toBeGreaterThan(0);
        const text = JSON.stringify(reply.body).toLowerCase();
        for (const username of ['hoppy_joe', 'hops.ann', 'under_score', 'percent.guy']) {
          expect(text).not.toContain(username);
        }
        expect(text).not.toContain('username');
      }
    });

    it('returns the public fields only', async () => {
      const [user] = (await call('GET', '/api/users?search=hoppy&limit=5', { token: me.token }))
        .body;
      expect(Object.keys(user).sort()).toEqual(
        [
          'averageMeanDifference',
          'currentElo',
          'gamesPlayed',
          'gamesWon',
          'id',
          'playerName',
          'status',
        ].sort(),
      );
      expect(user.currentElo).toBe(1200);
    });

    it('treats LIKE wildcards in the search text literally', async () => {
      const reply = await call('GET', '/api/users?search=a_&limit=5', { token: me.token });
      expect(reply.body.map((u: { playerName: string }) => u.playerName)).toEqual(['a_b']);
    });

    it('honours the limit and refuses a bad one', async () => {
      const reply = await call('GET', '/api/users?search=h&limit=1', { token: me.token });
      expect(reply.body).toHaveLength(1);
      expect((await call('GET', '/api/users?search=h&limit=0', { token: me.token })).status).toBe(
        400,
      );
      expect((await call('GET', '/api/users?search=h&limit=500', { token: me.token })).status).toBe(
        400,
      );
      expect((await call('GET', '/api/users?search=h&limit=x', { token: me.token })).status).toBe(
        400,
      );
    });

    it('accepts the cache-busting t parameter and looks one user up by id', async () => {
      const search = await call('GET', `/api/users?search=hop&limit=5&t=${Date.now()}`, {
        token: me.token,
      });
      expect(search.status).toBe(200);
      const byId = await call('GET', `/api/users?limit=1&userId=${other.id}`, { token: me.token });
      expect(byId.body).toHaveLength(1);
      expect(byId.body[0]).toMatchObject({ id: other.id, playerName: 'Hoppy' });
      const missing = await call('GET', '/api/users?limit=1&userId=999999', { token: me.token });
      expect(missing.body).toEqual([]);
    });

    it('needs a token', async () => {
      expect((await call('GET', '/api/users?search=hop')).status).toBe(401);
    });
  });
});
