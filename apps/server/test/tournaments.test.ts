import { expect, it } from 'vitest';
import { GROUP_REFUSALS, TOURNAMENT_REFUSALS } from '@beerscale/contract/group-messages';
import type { Account } from './support/accounts';
import { runAdminCommand } from '../src/admin/admin-cli';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { typeReadings } from './support/typed-readings';

// Tournament night over the real server on both databases: a grand prix at one table, and heats
// of seven players across two scales (two heats, a second chance, a final of six). Games are
// group fast games set up by "Next game", started by their leader and played with typed readings.
describeEachDialect('tournaments', {}, ({ server, call }) => {
  const post = (token: string, path: string, body?: unknown) =>
    call('POST', path, { token, ...(body === undefined ? {} : { body }) });
  const get = (token: string, path: string) => call('GET', path, { token });

  /** A group of accounts, all joined through the captain's invite link. */
  async function groupOf(size: number) {
    const accounts: Account[] = [];
    for (let i = 0; i < size; i += 1) accounts.push(await createAccount(server));
    const captain = accounts[0]!;
    const id = (await post(captain.token, '/api/groups', { name: 'Cup night' })).body.id as number;
    const invite = (await post(captain.token, `/api/groups/${id}/invite-link`)).body.token;
    const memberIds = [(await get(captain.token, `/api/groups/${id}`)).body.memberId as number];
    for (const a of accounts.slice(1)) {
      memberIds.push((await post(a.token, '/api/groups/join', { token: invite })).body.memberId);
    }
    return { id, accounts, memberIds };
  }

  /**
   * Sets up the next game on `mac` as `runner`, then its leader starts it and types readings
   * so that the players finish in the order `order` (entry names, best first).
   */
  async function playNext(
    runner: Account,
    tournamentId: number,
    mac: string,
    accountsByName: Map<string, Account>,
    order: string[],
  ) {
    const next = await post(runner.token, `/api/tournaments/${tournamentId}/next`, {
      scaleAddress: mac,
    });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    const gameId = next.body.gameId as number;
    const state = (await get(runner.token, `/api/tournaments/${tournamentId}`)).body;
    const row = state.schedule.find((g: { gameId: number | null }) => g.gameId === gameId);
    // The game's leader is its first seat: they start it as usual.
    const leaderName = (row.players as { name: string }[])[0]!.name;
    const leader = accountsByName.get(leaderName)!;
    expect((await post(leader.token, `/api/fast-game/${gameId}/start`)).status).toBe(200);
    const seats = (row.players as { name: string }[]).map((p) => p.name);
    const offsets = seats.map((name) => order.indexOf(name) * 4);
    const game = await typeReadings(call, leader.token, gameId, seats.length, [offsets]);
    expect(game.status).toBe('completed');
    return gameId;
  }

  it('refuses a bad tournament with a clear message and creates nothing', async () => {
    const { id, accounts, memberIds } = await groupOf(2);
    const captain = accounts[0]!;
    const base = {
      name: 'Cup',
      format: 'grand-prix',
      players: memberIds,
      containerType: 'BEER_BOTTLE',
    };
    for (const [change, status, message] of [
      [{ format: 'knockout' }, 400, TOURNAMENT_REFUSALS.unknownFormat],
      [{ games: 0 }, 400, TOURNAMENT_REFUSALS.gamesRange],
      [{ format: 'heats', heatSize: 1 }, 400, TOURNAMENT_REFUSALS.heatSizeRange],
      [{ players: [memberIds[0]] }, 400, TOURNAMENT_REFUSALS.playersCount],
      [{ players: [...memberIds, 999_999] }, 409, GROUP_REFUSALS.notAMemberOfGroup],
      [{ players: [memberIds[0], memberIds[0]] }, 409, TOURNAMENT_REFUSALS.playerTwice],
      [{ format: 'heats', heatSize: 4, qualify: 2 }, 400, TOURNAMENT_REFUSALS.heatsNeedMorePlayers],
    ] as const) {
      const reply = await post(captain.token, `/api/groups/${id}/tournaments`, {
        ...base,
        ...change,
      });
      expect(reply.status, JSON.stringify(change)).toBe(status);
      expect(reply.body.error).toBe(message);
    }
    expect((await get(captain.token, `/api/groups/${id}/tournaments`)).body).toEqual([]);
    const outsider = await createAccount(server);
    expect((await post(outsider.token, `/api/groups/${id}/tournaments`, base)).status).toBe(404);
  });

  it('plays a grand prix of two games with points, a table screen, and the group table', async () => {
    const { id, accounts, memberIds } = await groupOf(3);
    const [anna, ben, cleo] = accounts as [Account, Account, Account];
    const created = await post(anna.token, `/api/groups/${id}/tournaments`, {
      name: 'Grand Prix',
      format: 'grand-prix',
      players: [...memberIds, 'Gast'],
      containerType: 'BEER_BOTTLE',
      rounds: 1,
      games: 2,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const tid = created.body.id as number;
    let t = (await get(ben.token, `/api/tournaments/${tid}`)).body;
    expect(t.schedule.map((g: { status: string }) => g.status)).toEqual(['ready', 'waiting']);
    expect(t.next).toBe(0);
    expect(t.can).toEqual({ next: true, finish: false, leave: true });
    const byName = new Map(accounts.map((a) => [a.playerName, a]));
    // A scale of a member is the group's for its games; a stranger's is not.
    const stranger = await createAccount(server);
    for (const owner of [cleo, stranger]) {
      await runAdminCommand(
        server.instance.database,
        ['assign-scale', '--mac', owner.mac, '--username', owner.username],
        () => {},
      );
    }
    const foreign = await post(ben.token, `/api/tournaments/${tid}/next`, {
      scaleAddress: stranger.mac,
    });
    expect(foreign.status).toBe(403);
    // Ben runs the night from his phone; Cleo's scale is the group's.
    await playNext(ben, tid, cleo.mac, byName, [
      anna.playerName,
      ben.playerName,
      'Gast',
      cleo.playerName,
    ]);
    t = (await get(anna.token, `/api/tournaments/${tid}`)).body;
    expect(t.standings.map((s: { name: string; points: number }) => [s.name, s.points])).toEqual([
      [anna.playerName, 10],
      [ben.playerName, 7],
      ['Gast', 5],
      [cleo.playerName, 3],
    ]);
    await playNext(anna, tid, anna.mac, byName, [
      cleo.playerName,
      ben.playerName,
      anna.playerName,
      'Gast',
    ]);
    t = (await get(anna.token, `/api/tournaments/${tid}`)).body;
    expect(
      t.standings.map((s: { name: string; points: number; place: number; lastChange: number }) => [
        s.name,
        s.points,
        s.place,
        s.lastChange,
      ]),
    ).toEqual([
      [anna.playerName, 15, 1, 5],
      [ben.playerName, 14, 2, 7],
      [cleo.playerName, 13, 3, 10],
      ['Gast', 8, 4, 3],
    ]);
    expect(t.next).toBeNull();
    expect(t.awards.length).toBeGreaterThan(0);

    // The table screen: no account, the same standings.
    const screen = await call('GET', `/api/tournament-watch/${t.watchPath.split('/').at(-1)}`);
    expect(screen.status).toBe(200);
    expect(screen.body.standings[0].name).toBe(anna.playerName);
    expect(screen.body.live).toEqual([]);

    // The group's season table counts the tournament's games.
    const table = (await get(cleo.token, `/api/groups/${id}/leaderboard`)).body.rows;
    expect(table.find((r: { memberId: number }) => r.memberId === memberIds[0]).games).toBe(2);

    // The standings as a share card, for the group's members.
    const card = await fetch(`${server.baseUrl}/api/tournaments/${tid}/card.png?lang=de`, {
      headers: { authorization: `Bearer ${cleo.token}` },
    });
    expect(card.status).toBe(200);
    expect(
      Buffer.from(await card.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect((await get(stranger.token, `/api/tournaments/${tid}/card.png`)).status).toBe(404);

    // Finishing is the captain's.
    expect((await post(ben.token, `/api/tournaments/${tid}/finish`)).status).toBe(403);
    expect((await post(anna.token, `/api/tournaments/${tid}/finish`)).status).toBe(200);
    expect((await post(anna.token, `/api/tournaments/${tid}/finish`)).status).toBe(409);
    const list = (await get(cleo.token, `/api/groups/${id}/tournaments`)).body;
    expect(list[0]).toMatchObject({ id: tid, status: 'finished', winner: anna.playerName });
  });

  it('runs heats of seven: two heats on two scales at once, a second chance and a final of six', async () => {
    const { id, accounts, memberIds } = await groupOf(7);
    const captain = accounts[0]!;
    const created = await post(captain.token, `/api/groups/${id}/tournaments`, {
      name: 'Heats',
      format: 'heats',
      players: memberIds,
      containerType: 'BEER_CAN',
      rounds: 1,
      heatSize: 4,
      qualify: 2,
      secondChance: 2,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const tid = created.body.id as number;
    let t = (await get(captain.token, `/api/tournaments/${tid}`)).body;
    expect(t.schedule.map((g: { stage: string; status: string }) => [g.stage, g.status])).toEqual([
      ['heat', 'ready'],
      ['heat', 'ready'],
      ['second-chance', 'waiting'],
      ['final', 'waiting'],
    ]);
    const heatSizes = t.schedule.slice(0, 2).map((g: { players: unknown[] }) => g.players.length);
    expect(heatSizes.sort()).toEqual([3, 4]);
    const byName = new Map(accounts.map((a) => [a.playerName, a]));
    const names = (i: number) => t.schedule[i].players.map((p: { name: string }) => p.name);

    // Both heats are set up at once on two scales before either is played.
    const heat1 = names(0);
    const heat2 = names(1);
    const first = await post(captain.token, `/api/tournaments/${tid}/next`, {
      scaleAddress: accounts[1]!.mac,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await post(captain.token, `/api/tournaments/${tid}/next`, {
      scaleAddress: accounts[2]!.mac,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    t = (await get(captain.token, `/api/tournaments/${tid}`)).body;
    expect(t.schedule.slice(0, 2).map((g: { status: string }) => g.status)).toEqual([
      'configured',
      'configured',
    ]);
    expect(t.next).toBeNull();
    // Both run at once, each on its own scale.
    for (const [index, order] of [
      [0, heat1],
      [1, heat2],
    ] as const) {
      const row = t.schedule[index];
      const leader = byName.get(row.players[0].name)!;
      expect((await post(leader.token, `/api/fast-game/${row.gameId}/start`)).status).toBe(200);
      const offsets = (row.players as { name: string }[]).map((p) => order.indexOf(p.name) * 4);
      const game = await typeReadings(call, leader.token, row.gameId, offsets.length, [offsets]);
      expect(game.status).toBe('completed');
    }
    t = (await get(captain.token, `/api/tournaments/${tid}`)).body;
    const secondChance = names(2);
    expect(secondChance.sort()).toEqual([...heat1.slice(2), ...heat2.slice(2)].sort());
    expect(t.schedule[2].status).toBe('ready');
    await playNext(captain, tid, captain.mac, byName, secondChance);
    t = (await get(captain.token, `/api/tournaments/${tid}`)).body;
    const final = names(3);
    expect(final).toHaveLength(6);
    expect(final.sort()).toEqual(
      [...heat1.slice(0, 2), ...heat2.slice(0, 2), ...secondChance.slice(0, 2)].sort(),
    );
    const finalOrder = [...final].reverse();
    await playNext(captain, tid, captain.mac, byName, finalOrder);
    t = (await get(captain.token, `/api/tournaments/${tid}`)).body;
    expect(t.standings.slice(0, 6).map((s: { name: string }) => s.name)).toEqual(finalOrder);
    expect(t.standings[6]).toMatchObject({ stage: 'second-chance', place: 7 });
    expect(t.next).toBeNull();
  });
});
