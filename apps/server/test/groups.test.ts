import { expect, it } from 'vitest';
import { GROUP_REFUSALS } from '@beerscale/contract/group-messages';
import type { Account } from './support/accounts';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { typeReadings } from './support/typed-readings';

// Groups over the real server on both databases: members and guests, links, group fast games
// played with typed readings, the season table, seasons, records, head-to-head and the CSV.
describeEachDialect('groups', {}, ({ server, call }) => {
  const get = (token: string, path: string) => call('GET', path, { token });
  const post = (token: string, path: string, body?: unknown) =>
    call('POST', path, { token, ...(body === undefined ? {} : { body }) });

  /** A group fast game set up by `leader` on their scale and played to the end. */
  async function groupGame(
    leader: Account,
    groupId: number,
    players: unknown[],
    offsets: number[],
  ): Promise<number> {
    const created = await post(leader.token, '/api/fast-game', {
      groupId,
      players: [leader.playerName, ...players],
      scaleAddress: leader.mac,
      containerType: 'BEER_BOTTLE',
      rounds: 1,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const gameId = created.body.gameId as number;
    expect((await post(leader.token, `/api/fast-game/${gameId}/start`)).status).toBe(200);
    const game = await typeReadings(call, leader.token, gameId, players.length + 1, [offsets]);
    expect(game.status).toBe('completed');
    return gameId;
  }

  it('refuses bad names and emojis with their messages and creates nothing', async () => {
    const me = await createAccount(server);
    for (const [body, message] of [
      [{ name: 'ab' }, GROUP_REFUSALS.groupNameLength],
      [{ name: 'x'.repeat(41) }, GROUP_REFUSALS.groupNameLength],
      [{ name: 'Good\u202Ename' }, GROUP_REFUSALS.groupNameHiddenCharacters],
      [{ name: 'Stammtisch', emoji: 'abc' }, GROUP_REFUSALS.groupEmoji],
      [{ name: 'Stammtisch', emoji: '🍺🍺' }, GROUP_REFUSALS.groupEmoji],
    ] as const) {
      const reply = await post(me.token, '/api/groups', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.error).toBe(message);
    }
    expect((await get(me.token, '/api/groups')).body).toEqual([]);
  });

  it('plays a season: members, a guest claimed, games, table, records, rivalries, export', async () => {
    const anna = await createAccount(server);
    const ben = await createAccount(server);
    const cleo = await createAccount(server);
    const dora = await createAccount(server);
    const stranger = await createAccount(server);
    const globalBefore = (await get(stranger.token, '/api/leaderboard')).body;

    const created = await post(anna.token, '/api/groups', { name: 'Donnerstag', emoji: '🍺' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const path = `/api/groups/${id}`;

    // Invisible to others; the invite link is the captain's.
    expect((await get(stranger.token, path)).status).toBe(404);
    const invite = await post(anna.token, `${path}/invite-link`);
    expect(invite.status).toBe(200);
    expect(invite.body.url).toBe(`/groups/join/${invite.body.token}`);
    expect(await call('GET', `/api/groups/links/${invite.body.token}`)).toMatchObject({
      status: 200,
      body: { kind: 'invite', groupName: 'Donnerstag', emoji: '🍺', guestName: null },
    });
    const benJoined = await post(ben.token, '/api/groups/join', { token: invite.body.token });
    expect(benJoined).toMatchObject({ status: 200, body: { groupId: id } });
    expect(
      (await post(ben.token, '/api/groups/join', { token: invite.body.token })).body.error,
    ).toBe(GROUP_REFUSALS.alreadyMember);
    await post(cleo.token, '/api/groups/join', { token: invite.body.token });
    expect((await post(ben.token, `${path}/invite-link`)).status).toBe(403);

    // A guest: a name without an account.
    const guest = await post(ben.token, `${path}/guests`, { name: 'Gast' });
    expect(guest.status).toBe(201);
    const guestId = guest.body.memberId as number;
    expect((await post(anna.token, `${path}/guests`, { name: 'gast' })).status).toBe(409);

    const detail = (await get(anna.token, path)).body;
    expect(detail.members.map((m: { name: string }) => m.name)).toEqual([
      anna.playerName,
      ben.playerName,
      cleo.playerName,
      'Gast',
    ]);
    expect(detail.can).toMatchObject({ invite: true, newSeason: true, setUpGames: true });
    expect((await get(ben.token, path)).body.can).toMatchObject({
      invite: false,
      newSeason: false,
      setUpGames: true,
    });
    const benId = benJoined.body.memberId as number;
    const annaId = detail.memberId as number;

    // Only members set up a group's games, and only members are { memberId } players.
    const foreign = await post(stranger.token, '/api/fast-game', {
      groupId: id,
      players: [stranger.playerName, { memberId: benId }],
      scaleAddress: stranger.mac,
      containerType: 'BEER_BOTTLE',
    });
    expect(foreign.status).toBe(404);
    const strangerMember = await post(anna.token, '/api/fast-game', {
      groupId: id,
      players: [anna.playerName, { memberId: 999_999 }],
      scaleAddress: anna.mac,
      containerType: 'BEER_BOTTLE',
    });
    expect(strangerMember).toMatchObject({
      status: 409,
      body: { error: GROUP_REFUSALS.notAMemberOfGroup },
    });

    // Season 1: three games; Anna wins two, Ben one. A passer-by plays and is not rated.
    const first = await groupGame(
      anna,
      id,
      [{ memberId: benId }, { memberId: guestId }, 'Passer'],
      [0, 10, 20, 30],
    );
    const second = await groupGame(
      ben,
      id,
      [{ memberId: annaId }, { memberId: guestId }],
      [0, 5, 40],
    );
    const third = await groupGame(
      anna,
      id,
      [{ memberId: benId }, { memberId: guestId }],
      [1, 9, 2],
    );
    expect((await get(anna.token, path)).body.lastSetup).toMatchObject({
      memberIds: [annaId, benId, guestId],
      guestNames: [],
      containerType: 'BEER_BOTTLE',
      rounds: 1,
    });

    const table = (await get(cleo.token, `${path}/leaderboard`)).body;
    expect(table.season).toBe(1);
    expect(table.rows.map((r: { memberId: number }) => r.memberId)).toEqual([
      annaId,
      benId,
      guestId,
    ]);
    const anna1 = table.rows[0];
    expect(anna1).toMatchObject({ games: 3, wins: 2, exactHits: 1, provisional: false });
    expect(anna1.form.map((f: { gameId: number }) => f.gameId)).toEqual([third, second, first]);
    expect(anna1.form.map((f: { won: boolean }) => f.won)).toEqual([true, false, true]);
    const elos = table.rows.map((r: { elo: number }) => r.elo);
    expect(Math.abs(elos.reduce((s: number, e: number) => s + e, 0) - 3600)).toBeLessThanOrEqual(2);
    expect(table.rows[2]).toMatchObject({ name: 'Gast', wins: 0, games: 3 });

    // The global leaderboard is not moved by group fast games.
    expect((await get(stranger.token, '/api/leaderboard')).body).toEqual(globalBefore);

    // Home: each group with the player's place.
    expect((await get(ben.token, '/api/groups')).body).toEqual([
      expect.objectContaining({ id, name: 'Donnerstag', role: 'member', members: 4, place: 2 }),
    ]);

    // The guest is claimed by Dora: the guest's history becomes hers; the link works once.
    expect((await post(ben.token, `${path}/members/${guestId}/claim-link`)).status).toBe(403);
    expect((await post(anna.token, `${path}/members/${benId}/claim-link`)).status).toBe(409);
    const claim = await post(anna.token, `${path}/members/${guestId}/claim-link`);
    expect((await call('GET', `/api/groups/links/${claim.body.token}`)).body).toMatchObject({
      kind: 'claim',
      guestName: 'Gast',
    });
    expect(await post(dora.token, '/api/groups/claim', { token: claim.body.token })).toMatchObject({
      status: 200,
      body: { groupId: id, memberId: guestId },
    });
    expect((await post(cleo.token, '/api/groups/claim', { token: claim.body.token })).status).toBe(
      404,
    );
    const afterClaim = (await get(dora.token, `${path}/leaderboard`)).body.rows;
    expect(afterClaim.find((r: { memberId: number }) => r.memberId === guestId)).toMatchObject({
      name: dora.playerName,
      games: 3,
    });

    // Head-to-head.
    const h2h = await get(cleo.token, `${path}/head-to-head?a=${annaId}&b=${benId}`);
    expect(h2h.body).toMatchObject({
      games: 3,
      draws: 0,
      a: { memberId: annaId, wins: 2 },
      b: { memberId: benId, wins: 1 },
    });
    expect((await get(cleo.token, `${path}/head-to-head?a=${annaId}&b=${annaId}`)).status).toBe(
      409,
    );

    // A new season: the captain's; season 1 keeps its table and its champion.
    expect((await post(ben.token, `${path}/seasons`, {})).status).toBe(403);
    const season2 = await post(anna.token, `${path}/seasons`, { name: 'Winter' });
    expect(season2).toMatchObject({ status: 201, body: { season: { number: 2, name: 'Winter' } } });
    expect((await get(anna.token, `${path}/leaderboard`)).body).toEqual({ season: 2, rows: [] });
    expect((await get(anna.token, `${path}/leaderboard?season=1`)).body.rows).toHaveLength(3);
    expect((await get(anna.token, `${path}/leaderboard?season=all`)).body.rows).toHaveLength(3);
    expect((await get(anna.token, `${path}/leaderboard?season=7`)).status).toBe(404);
    const records = (await get(ben.token, `${path}/records`)).body;
    expect(records.hallOfFame).toHaveLength(1);
    expect(records.hallOfFame[0].champion).toMatchObject({ memberId: annaId });
    expect(records.records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'mostExactHits',
          memberId: annaId,
          value: 1,
          gameId: first,
        }),
        expect.objectContaining({ kind: 'longestWinningStreak', value: 1 }),
        expect.objectContaining({ kind: 'mostGames', value: 3, gameId: null }),
      ]),
    );
    expect((await get(anna.token, path)).body.seasons[0]).toMatchObject({
      number: 1,
      champion: { memberId: annaId },
    });

    // A member of the group opens a completed group game it did not play.
    expect((await get(cleo.token, `/api/games/${first}/state`)).status).toBe(200);
    expect((await get(stranger.token, `/api/games/${first}/state`)).status).toBe(404);
    const games = (await get(cleo.token, `${path}/games`)).body;
    expect(games.map((g: { gameId: number }) => g.gameId)).toEqual([third, second, first]);

    // The CSV: one row per player per game, with a header.
    const csv = await fetch(`${server.baseUrl}${path}/export.csv`, {
      headers: { authorization: `Bearer ${cleo.token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'game_id,completed_at,season,game,mode,member_id,player,rank,mean_difference_g,exact_hits,penalties',
    );
    expect(lines).toHaveLength(1 + 4 + 3 + 3);
    expect(lines.filter((l) => l.includes(',Passer,'))).toHaveLength(1);
    expect((await get(stranger.token, `${path}/export.csv`)).status).toBe(404);

    // The season's table as a share card, for members only.
    const card = await fetch(`${server.baseUrl}${path}/card.png?season=1&lang=de`, {
      headers: { authorization: `Bearer ${cleo.token}` },
    });
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await card.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect((await get(stranger.token, `${path}/card.png`)).status).toBe(404);

    // The public link: read-only, revocable.
    const open = await post(anna.token, `${path}/public-link`);
    expect(open.body.url).toBe(`/g/${open.body.token}`);
    expect((await call('GET', `/api/public-groups/${open.body.token}`)).body).toMatchObject({
      name: 'Donnerstag',
      season: { number: 2 },
    });
    await call('DELETE', `${path}/public-link`, { token: anna.token });
    expect((await call('GET', `/api/public-groups/${open.body.token}`)).status).toBe(404);

    // Leaving and removing; the captain hands over before leaving.
    expect((await call('DELETE', `${path}/members/${annaId}`, { token: anna.token })).status).toBe(
      409,
    );
    expect((await call('DELETE', `${path}/members/${annaId}`, { token: ben.token })).status).toBe(
      403,
    );
    expect((await call('DELETE', `${path}/members/${benId}`, { token: ben.token })).status).toBe(
      200,
    );
    expect((await get(ben.token, path)).status).toBe(404);
    // Ben's games stay in the table.
    expect((await get(anna.token, `${path}/leaderboard?season=1`)).body.rows).toHaveLength(3);
    const cleoId = (await get(cleo.token, path)).body.memberId as number;
    expect((await post(anna.token, `${path}/captain`, { memberId: cleoId })).status).toBe(200);
    expect((await get(cleo.token, path)).body.role).toBe('captain');

    // The data export lists the groups, a left one with its end.
    const exported = (await get(ben.token, '/api/profile/export')).body;
    expect(exported.groups).toEqual([
      expect.objectContaining({ groupId: id, name: 'Donnerstag', leftAt: expect.any(String) }),
    ]);
    // A deleted account stays in the group's history as "Deleted player".
    const deleted = await call('DELETE', '/api/profile', {
      token: dora.token,
      body: { password: dora.password },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const history = (await get(anna.token, `${path}/leaderboard?season=1`)).body.rows;
    expect(history.find((r: { memberId: number }) => r.memberId === guestId)).toMatchObject({
      name: 'Deleted player',
      games: 3,
    });
  });

  it('keeps a ranked group game among members', async () => {
    const lead = await createAccount(server);
    const friend = await createAccount(server);
    const outsider = await createAccount(server);
    const id = (await post(lead.token, '/api/groups', { name: 'Ranked Crew' })).body.id as number;
    const foreign = await post(outsider.token, '/api/games', { gameName: 'Mine', groupId: id });
    expect(foreign.status).toBe(404);
    const game = await post(lead.token, '/api/games', { gameName: 'Cup', groupId: id });
    expect(game.status).toBe(201);
    const refused = await post(lead.token, `/api/games/${game.body.gameId}/invites`, {
      playerId: outsider.id,
    });
    expect(refused).toMatchObject({
      status: 409,
      body: { error: GROUP_REFUSALS.notAMemberOfGroup },
    });
    const link = (await post(lead.token, `/api/groups/${id}/invite-link`)).body.token;
    await post(friend.token, '/api/groups/join', { token: link });
    const invited = await post(lead.token, `/api/games/${game.body.gameId}/invites`, {
      playerId: friend.id,
    });
    expect(invited.status).toBe(201);
  });
});
