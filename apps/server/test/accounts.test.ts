import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_REFUSALS, DELETED_PLAYER_NAME } from '@beerscale/contract/account-messages';
import { ERRORS, VALIDATION } from '@beerscale/contract/messages';
import { runAdminCommand } from '../src/admin/admin-cli';
import type { Account } from './support/accounts';
import { startRanked } from './support/ranked';
import { createAccount } from './support/factories';
import { httpClient } from './support/http-client';
import {
  createGame,
  inviteTo,
  answerInvite,
  lineup,
  playRanked,
  rankedLobby,
} from './support/ranked';
import { openSocket } from './support/socket-client';
import { startTestServer } from './support/test-server';
import { snapshotDatabase, snapshotDiff } from './support/db-snapshot';
import { describeEachDialect } from './support/each-dialect';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1';

describeEachDialect(
  'accounts people can manage',
  {
    config: {
      authLimits: { loginsPerAddress: 1e6 },
      // The refusals compare snapshots of the database: the presence sweep must not turn an
      // account offline between two (it did, on a loaded machine, after the 10 s grace).
      presenceGraceMs: 3_600_000,
      presenceSweepMs: 3_600_000,
    },
  },
  ({ dialect, server, call, scales, adminToken }) => {
    let admin: string;

    beforeAll(async () => {
      admin = await adminToken();
    });

    const signIn = async (who: Account, userAgent?: string, password = who.password) =>
      call('POST', '/api/login', {
        body: { username: who.username, password },
        headers: userAgent ? { 'user-agent': userAgent } : {},
      });
    const tokenOf = async (who: Account, userAgent?: string) =>
      (await signIn(who, userAgent)).body.token as string;
    const alive = async (token: string) =>
      (await call('GET', '/api/verify-token', { token })).status === 200;
    const db = () => server.instance.database.db;

    describe('password', () => {
      it('changes with the current password; other sessions end (their sockets 1008), this one stays', async () => {
        const me = await createAccount(server);
        const other = await tokenOf(me, FIREFOX);
        const socket = await openSocket(`${server.wsUrl}/ws?token=${other}`);
        const changed = await call('POST', '/api/profile/password', {
          token: me.token,
          body: { currentPassword: me.password, newPassword: 'a-new-password' },
        });
        expect(changed.status, JSON.stringify(changed.body)).toBe(200);
        expect(await socket.closed).toBe(1008);
        expect(await alive(other)).toBe(false);
        expect(await alive(me.token)).toBe(true);
        expect((await signIn(me)).status).toBe(401);
        expect((await signIn(me, undefined, 'a-new-password')).status).toBe(200);
      });

      it('refuses a wrong current password or a new one against the rules, changing nothing', async () => {
        const me = await createAccount(server);
        const other = await tokenOf(me);
        const before = await snapshotDatabase(server.instance.database);
        const wrong = await call('POST', '/api/profile/password', {
          token: me.token,
          body: { currentPassword: 'not-my-password', newPassword: 'a-new-password' },
        });
        expect(wrong).toMatchObject({
          status: 403,
          body: { error: ACCOUNT_REFUSALS.passwordIncorrect },
        });
        const short = await call('POST', '/api/profile/password', {
          token: me.token,
          body: { currentPassword: me.password, newPassword: 'short' },
        });
        expect(short).toMatchObject({ status: 400, body: { error: VALIDATION.passwordLength } });
        expect(snapshotDiff(before, await snapshotDatabase(server.instance.database))).toEqual([]);
        expect(await alive(other)).toBe(true);
      });

      it('is limited like sign-in: wrong passwords from one address get 429 with Retry-After', async () => {
        const limited = await startTestServer(dialect, {
          authLimits: { loginAttemptsPerAccount: 3 },
        });
        try {
          const limitedCall = httpClient(limited.baseUrl);
          const me = await createAccount(limited);
          const attempt = (currentPassword: string) =>
            limitedCall('POST', '/api/profile/password', {
              token: me.token,
              body: { currentPassword, newPassword: 'a-new-password' },
            });
          for (let i = 0; i < 3; i += 1) expect((await attempt('wrong-password')).status).toBe(403);
          const refused = await attempt(me.password);
          expect(refused.status).toBe(429);
          expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        } finally {
          await limited.stop();
        }
      });
    });

    describe('signed-in devices', () => {
      it('lists live sessions shortened to browser and system, ends one and then all others', async () => {
        const me = await createAccount(server);
        const firefox = await tokenOf(me, FIREFOX);
        const phone = await tokenOf(me, IPHONE);
        const phoneSocket = await openSocket(`${server.wsUrl}/ws?token=${phone}`);
        const list = await call('GET', '/api/profile/sessions', { token: firefox });
        expect(list.status).toBe(200);
        expect(list.body).toHaveLength(3);
        const labels = list.body.map((s: { userAgent: string }) => s.userAgent).sort();
        expect(labels).toEqual(['Firefox 132 on Linux', 'Safari 17 on iOS', expect.any(String)]);
        expect(list.body.filter((s: { current: boolean }) => s.current)).toEqual([
          expect.objectContaining({ userAgent: 'Firefox 132 on Linux', current: true }),
        ]);
        for (const s of list.body)
          expect(Date.parse(s.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));

        const phoneId = list.body.find(
          (s: { userAgent: string }) => s.userAgent === 'Safari 17 on iOS',
        ).id;
        const ended = await call('DELETE', `/api/profile/sessions/${phoneId}`, { token: firefox });
        expect(ended.status).toBe(200);
        expect(await phoneSocket.closed).toBe(1008);
        expect(await alive(phone)).toBe(false);
        const again = await call('DELETE', `/api/profile/sessions/${phoneId}`, { token: firefox });
        expect(again).toMatchObject({
          status: 404,
          body: { error: ACCOUNT_REFUSALS.sessionNotFound },
        });

        const others = await call('POST', '/api/profile/sessions/end-others', { token: firefox });
        expect(others.body).toMatchObject({ ended: 1 });
        expect(await alive(me.token)).toBe(false);
        expect(await alive(firefox)).toBe(true);
        expect((await call('GET', '/api/profile/sessions', { token: firefox })).body).toHaveLength(
          1,
        );
      });

      it("never ends another account's session", async () => {
        const [me, you] = [await createAccount(server), await createAccount(server)];
        const yours = (await call('GET', '/api/profile/sessions', { token: you.token })).body[0].id;
        const refused = await call('DELETE', `/api/profile/sessions/${yours}`, { token: me.token });
        expect(refused).toMatchObject({
          status: 404,
          body: { error: ACCOUNT_REFUSALS.sessionNotFound },
        });
        expect(await alive(you.token)).toBe(true);
      });
    });

    describe('reset links and disabled accounts', () => {
      it('issues a 30-minute link that sets a new password once and ends every session', async () => {
        const me = await createAccount(server);
        const socket = await openSocket(`${server.wsUrl}/ws?token=${me.token}`);
        const issued = await call('POST', `/api/admin/users/${me.id}/reset-link`, { token: admin });
        expect(issued.status).toBe(200);
        const { url, expiresAt } = issued.body;
        expect(url).toMatch(new RegExp(`^${server.baseUrl}/reset/[A-Za-z0-9_-]{43}$`));
        const ttl = Date.parse(expiresAt) - Date.now();
        expect(ttl).toBeGreaterThan(29 * 60_000);
        expect(ttl).toBeLessThanOrEqual(30 * 60_000);
        const token = url.split('/reset/')[1];
        expect((await call('GET', `/api/password-reset/${token}`)).body).toEqual({
          username: me.username,
          expiresAt,
        });
        const used = await call('POST', `/api/password-reset/${token}`, {
          body: { newPassword: 'reset-password' },
        });
        expect(used.status).toBe(200);
        expect(await socket.closed).toBe(1008);
        expect(await alive(me.token)).toBe(false);
        expect((await signIn(me, undefined, 'reset-password')).status).toBe(200);

        const twice = await call('POST', `/api/password-reset/${token}`, {
          body: { newPassword: 'another-password' },
        });
        expect(twice).toMatchObject({
          status: 404,
          body: { error: ACCOUNT_REFUSALS.resetLinkInvalid },
        });
        expect((await call('GET', `/api/password-reset/${token}`)).status).toBe(404);
        expect((await signIn(me, undefined, 'reset-password')).status).toBe(200);
      });

      it('refuses an expired link, and an older link once a newer one was issued', async () => {
        const me = await createAccount(server);
        const first = (
          await call('POST', `/api/admin/users/${me.id}/reset-link`, { token: admin })
        ).body.url.split('/reset/')[1];
        const second = (
          await call('POST', `/api/admin/users/${me.id}/reset-link`, { token: admin })
        ).body.url.split('/reset/')[1];
        const body = { newPassword: 'reset-password' };
        expect((await call('POST', `/api/password-reset/${first}`, { body })).status).toBe(404);
        // Time passes: the link's 30 minutes are over.
        await db()
          .updateTable('password_resets')
          .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
          .where('user_id', '=', me.id)
          .execute();
        const late = await call('POST', `/api/password-reset/${second}`, { body });
        expect(late).toMatchObject({
          status: 404,
          body: { error: ACCOUNT_REFUSALS.resetLinkInvalid },
        });
        expect((await signIn(me)).status).toBe(200);
      });

      it('is issued by the CLI too (npm run admin -- reset-link --username U)', async () => {
        const me = await createAccount(server);
        const lines: string[] = [];
        await runAdminCommand(
          server.instance.database,
          ['reset-link', '--username', me.username, '--server', 'https://beer.example.org/'],
          (line) => lines.push(line),
        );
        const url = lines.find((line) => line.startsWith('https://'))!;
        expect(url).toMatch(/^https:\/\/beer\.example\.org\/reset\/[A-Za-z0-9_-]{43}$/);
        const token = url.split('/reset/')[1];
        expect((await call('GET', `/api/password-reset/${token}`)).body.username).toBe(me.username);
      });

      it('refuses unknown accounts and non-administrators', async () => {
        const me = await createAccount(server);
        expect(
          (await call('POST', '/api/admin/users/999999/reset-link', { token: admin })).status,
        ).toBe(404);
        expect(
          (await call('POST', `/api/admin/users/${me.id}/reset-link`, { token: me.token })).status,
        ).toBe(403);
        expect(
          (await call('POST', `/api/admin/users/${me.id}/disable`, { token: me.token })).status,
        ).toBe(403);
      });

      it('disables an account: no sign-in, its sessions end; enabled again it signs in', async () => {
        const me = await createAccount(server);
        const socket = await openSocket(`${server.wsUrl}/ws?token=${me.token}`);
        expect(
          (await call('POST', `/api/admin/users/${me.id}/disable`, { token: admin })).status,
        ).toBe(200);
        expect(await socket.closed).toBe(1008);
        expect(await alive(me.token)).toBe(false);
        expect(await signIn(me)).toMatchObject({
          status: 403,
          body: { error: ACCOUNT_REFUSALS.accountDisabled },
        });
        // A wrong password says nothing about the account.
        expect(await signIn(me, undefined, 'wrong-password')).toMatchObject({
          status: 401,
          body: { error: ERRORS.invalidCredentials },
        });
        const page = await call('GET', `/api/admin/accounts?search=${me.username}`, {
          token: admin,
        });
        expect(page.body).toMatchObject({ total: 1, users: [{ id: me.id, disabled: true }] });
        expect(
          (await call('POST', `/api/admin/users/${me.id}/enable`, { token: admin })).status,
        ).toBe(200);
        expect((await signIn(me)).status).toBe(200);
      });

      it('pages the accounts by username or player name', async () => {
        const tag = `pg${Date.now() % 100000}`;
        const made = [];
        for (let i = 0; i < 5; i += 1)
          made.push(await createAccount(server, { username: `${tag}-${i}` }));
        const first = await call('GET', `/api/admin/accounts?search=${tag}&limit=2`, {
          token: admin,
        });
        expect(first.body).toMatchObject({ total: 5, limit: 2, offset: 0 });
        expect(first.body.users.map((u: { username: string }) => u.username)).toEqual([
          `${tag}-0`,
          `${tag}-1`,
        ]);
        const last = await call('GET', `/api/admin/accounts?search=${tag}&limit=2&offset=4`, {
          token: admin,
        });
        expect(last.body.users.map((u: { id: number }) => u.id)).toEqual([made[4]!.id]);
        const byName = await call('GET', `/api/admin/accounts?search=${made[2]!.playerName}`, {
          token: admin,
        });
        expect(byName.body.users.map((u: { id: number }) => u.id)).toContain(made[2]!.id);
      });
    });

    describe('my data', () => {
      it('exports everything stored as a JSON attachment, without the WiFi password', async () => {
        const me = await createAccount(server);
        const other = await createAccount(server);
        await runAdminCommand(
          server.instance.database,
          ['assign-scale', '--mac', me.mac, '--username', me.username],
          () => {},
        );
        await call('PUT', `/api/scale-settings/scales/${me.mac}/wifi`, {
          token: me.token,
          body: { ssid: 'HomeNet', password: 'very-secret-wifi' },
        });
        const gameId = await rankedLobby(call, me, [other], 'Export night');
        await playRanked(call, me, gameId, [[0, 5]], await scales.connect(me.mac));
        const reply = await call('GET', '/api/profile/export', {
          token: me.token,
          headers: { 'user-agent': FIREFOX },
        });
        expect(reply.status).toBe(200);
        expect(reply.headers.get('content-disposition')).toMatch(
          /^attachment; filename="beerscale-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
        );
        const data = reply.body;
        expect(data.account).toMatchObject({
          id: me.id,
          username: me.username,
          playerName: me.playerName,
        });
        expect(data.statistics).toMatchObject({ rankedGamesPlayed: 1, gamesPlayed: 1 });
        expect(data.ratingHistory).toEqual([
          expect.objectContaining({ gameId, gameName: 'Export night' }),
        ]);
        const game = data.games.find((g: { id: number }) => g.id === gameId);
        expect(game).toMatchObject({ name: 'Export night', isLeader: true, rank: 1 });
        expect(game.readings.length).toBeGreaterThanOrEqual(2);
        expect(data.invitations).toEqual([
          expect.objectContaining({ gameId, direction: 'sent', status: 'accepted' }),
        ]);
        const scale = data.scales.find((s: { mac: string }) => s.mac === me.mac);
        expect(scale).toMatchObject({ owner: true, approved: true });
        expect(scale.settings.wifi_ssid).toBe('HomeNet');
        expect(scale.settings).not.toHaveProperty('wifi_password');
        expect(JSON.stringify(data)).not.toContain('very-secret-wifi');
        expect(data.sessions.length).toBeGreaterThanOrEqual(1);
        // Nothing of the other player but the game's name.
        expect(JSON.stringify(data)).not.toContain(other.username);
      });
    });

    describe('deleting my account', () => {
      it('keeps a finished ranked game whole for the other player, who sees a deleted player; the leaderboard drops them', async () => {
        const [leaver, stayer] = [await createAccount(server), await createAccount(server)];
        await runAdminCommand(
          server.instance.database,
          ['assign-scale', '--mac', leaver.mac, '--username', leaver.username],
          () => {},
        );
        const gameId = await rankedLobby(call, leaver, [stayer], 'Farewell');
        await playRanked(call, leaver, gameId, [[0, 5]], await scales.connect(leaver.mac));
        const stateBefore = (
          await call('GET', `/api/games/${gameId}/state`, { token: stayer.token })
        ).body.game;
        const historyBefore = (
          await call('GET', `/api/users/${stayer.id}/elo-history`, { token: stayer.token })
        ).body;
        const homeBefore = (await call('GET', '/api/home', { token: stayer.token })).body;
        const board = async () =>
          (await call('GET', '/api/leaderboard', { token: stayer.token })).body;
        expect((await board()).some((e: { id: number }) => e.id === leaver.id)).toBe(true);
        const socket = await openSocket(`${server.wsUrl}/ws?token=${leaver.token}`);

        const wrong = await call('DELETE', '/api/profile', {
          token: leaver.token,
          body: { password: 'nope-nope' },
        });
        expect(wrong).toMatchObject({
          status: 403,
          body: { error: ACCOUNT_REFUSALS.passwordIncorrect },
        });
        const deleted = await call('DELETE', '/api/profile', {
          token: leaver.token,
          body: { password: leaver.password },
        });
        expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
        expect(await socket.closed).toBe(1008);
        expect(await alive(leaver.token)).toBe(false);
        expect((await signIn(leaver)).status).toBe(401);

        const stateAfter = (
          await call('GET', `/api/games/${gameId}/state`, { token: stayer.token })
        ).body.game;
        const seat = (s: typeof stateBefore, id: number | null) =>
          s.players.find((p: { userId: number | null }) => p.userId === id);
        const gone = stateAfter.players.find(
          (p: { id: number }) => p.id === seat(stateBefore, leaver.id).id,
        );
        expect(gone).toEqual({
          ...seat(stateBefore, leaver.id),
          userId: null,
          playerName: DELETED_PLAYER_NAME,
        });
        expect(seat(stateAfter, stayer.id)).toEqual(seat(stateBefore, stayer.id));
        expect({ ...stateAfter, players: [] }).toEqual({ ...stateBefore, players: [] });
        expect(JSON.stringify(stateAfter)).not.toContain(leaver.playerName);
        expect(
          (await call('GET', `/api/users/${stayer.id}/elo-history`, { token: stayer.token })).body,
        ).toEqual(historyBefore);
        const homeAfter = (await call('GET', '/api/home', { token: stayer.token })).body;
        expect(homeAfter.recentGames).toEqual(homeBefore.recentGames);
        expect((await board()).some((e: { id: number }) => e.id === leaver.id)).toBe(false);
        expect(
          (await call('GET', `/api/users?userId=${leaver.id}`, { token: stayer.token })).body,
        ).toEqual([]);

        // Nothing of the account is stored any more: no row names it.
        const engine = await db()
          .selectFrom('games')
          .select('engine_state')
          .where('id', '=', gameId)
          .executeTakeFirstOrThrow();
        expect(engine.engine_state).not.toContain(leaver.playerName);
        for (const table of [
          'sessions',
          'elo_history',
          'recent_games',
          'scale_registrations',
          'password_resets',
        ] as const) {
          const rows = await db()
            .selectFrom(table)
            .selectAll()
            .where('user_id', '=', leaver.id)
            .execute();
          expect(rows, table).toEqual([]);
        }
        const scale = await db()
          .selectFrom('scales')
          .selectAll()
          .where('mac', '=', leaver.mac)
          .executeTakeFirstOrThrow();
        expect(scale).toMatchObject({
          owner_id: null,
          approved: 0,
          device_key_hash: null,
          requested_by: null,
        });
        expect(
          await db()
            .selectFrom('scale_settings')
            .selectAll()
            .where('mac', '=', leaver.mac)
            .execute(),
        ).toEqual([]);
        // The game the deleted player created passed to the other player, so it was not lost.
        expect(
          (
            await db()
              .selectFrom('games')
              .select('creator_id')
              .where('id', '=', gameId)
              .executeTakeFirstOrThrow()
          ).creator_id,
        ).toBe(stayer.id);
      });

      it('leaves a lobby as a player leaves it, cancels one it leads, and refuses during a running game', async () => {
        const [leader, member, other] = [
          await createAccount(server),
          await createAccount(server),
          await createAccount(server),
        ];
        const gameId = await createGame(call, leader, 'Lobby');
        await answerInvite(call, member, await inviteTo(call, leader, gameId, member), 'accepted');
        const deleted = await call('DELETE', '/api/profile', {
          token: member.token,
          body: { password: member.password },
        });
        expect(deleted.status).toBe(200);
        expect(await lineup(call, leader, gameId)).toEqual([leader.id]);

        // A pending invitation goes with the account: its leader hears it declined.
        const invited = await createAccount(server);
        await inviteTo(call, leader, gameId, invited);
        const leaderSocket = await openSocket(`${server.wsUrl}/ws?token=${leader.token}`);
        const invitedGone = await call('DELETE', '/api/profile', {
          token: invited.token,
          body: { password: invited.password },
        });
        expect(invitedGone.status).toBe(200);
        expect(await leaderSocket.next('INVITATION_RESPONSE')).toMatchObject({
          status: 'declined',
          playerId: invited.id,
        });
        leaderSocket.close();
        expect(
          (await call('GET', `/api/games/${gameId}/invites`, { token: leader.token })).body,
        ).toEqual([]);

        const led = await createGame(call, other, 'Led');
        const leaderGone = await call('DELETE', '/api/profile', {
          token: other.token,
          body: { password: other.password },
        });
        expect(leaderGone.status).toBe(200);
        const row = await db()
          .selectFrom('games')
          .select('status')
          .where('id', '=', led)
          .executeTakeFirst();
        // A lobby nobody else joined goes with its creator.
        expect(row).toBeUndefined();

        const [runner, player] = [await createAccount(server), await createAccount(server)];
        await runAdminCommand(
          server.instance.database,
          ['assign-scale', '--mac', runner.mac, '--username', runner.username],
          () => {},
        );
        const running = await rankedLobby(call, runner, [player], 'Running');
        const scale = await scales.connect(runner.mac);
        const { started } = await startRanked(call, runner, running, scale.mac);
        expect(started.status).toBe(200);
        const before = await snapshotDatabase(server.instance.database);
        const refused = await call('DELETE', '/api/profile', {
          token: player.token,
          body: { password: player.password },
        });
        expect(refused).toMatchObject({
          status: 409,
          body: { error: ACCOUNT_REFUSALS.runningGameFirst },
        });
        expect(snapshotDiff(before, await snapshotDatabase(server.instance.database))).toEqual([]);
        expect(await alive(player.token)).toBe(true);
      });
    });

    describe('site links', () => {
      it('answers the configured imprint and privacy links, null when not configured', async () => {
        expect((await call('GET', '/api/site')).body).toEqual({
          imprintUrl: null,
          privacyUrl: null,
          helpUrl: 'https://www.kenn-dein-limit.de',
        });
        const configured = await startTestServer(dialect, {
          imprintUrl: 'https://example.org/imprint',
          privacyUrl: 'https://example.org/privacy',
          helpUrl: 'https://example.org/help',
        });
        try {
          expect((await httpClient(configured.baseUrl)('GET', '/api/site')).body).toEqual({
            imprintUrl: 'https://example.org/imprint',
            privacyUrl: 'https://example.org/privacy',
            helpUrl: 'https://example.org/help',
          });
        } finally {
          await configured.stop();
        }
      });
    });
  },
);
