import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from './support/accounts';
import { createAccount } from './support/factories';
import { httpClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';
import { typeReadings } from './support/typed-readings';

interface Seen {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The memory lane (src/http/memory-lane.ts) answers the hot reads before Fastify: whatever it
 * answers must be what the framework's path answers, headers, bytes and log line alike, and it
 * must never answer what the framework would refuse.
 */
describe('the memory lane', () => {
  const lines: string[] = [];
  let server: TestServer;
  let me: Account;

  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      logLevel: 'info',
      logStream: { write: (line) => lines.push(line) },
    });
    me = await createAccount(server);
  });
  afterAll(() => server.stop());

  const answered = () => server.instance.lane.answered;

  async function get(path: string, headers: Record<string, string> = {}): Promise<Seen> {
    const res = await fetch(`${server.baseUrl}${path}`, { headers });
    const seen = Object.fromEntries([...res.headers].filter(([name]) => name !== 'date'));
    return { status: res.status, headers: seen, body: await res.text() };
  }

  /** The first request takes the framework's path, the second the lane's: both must agree. */
  async function bothPaths(path: string, headers: Record<string, string> = {}) {
    const before = answered();
    const framework = await get(path, headers);
    expect(answered()).toBe(before);
    const lane = await get(path, headers);
    expect(answered()).toBe(before + 1);
    return { framework, lane };
  }

  it.each([
    ['/api/health', false],
    ['/api/leaderboard?includeStatus=true&limit=50', true],
    ['/api/home', true],
  ])('answers %s as the framework does, security headers included', async (path, signedIn) => {
    const headers: Record<string, string> = signedIn ? { authorization: `Bearer ${me.token}` } : {};
    const { framework, lane } = await bothPaths(path, headers);
    expect(framework.status).toBe(200);
    expect(lane).toEqual(framework);
    expect(lane.headers['content-security-policy']).toContain("default-src 'self'");
    expect(lane.headers['x-content-type-options']).toBe('nosniff');
  });

  it('writes the framework’s log line, with request ids of one sequence', async () => {
    const path = '/api/health?probe=lane-line';
    await bothPaths(path);
    await expect.poll(() => lines.filter((l) => l.includes('probe=lane-line')).length).toBe(2);
    const [framework, lane] = lines
      .filter((l) => l.includes('probe=lane-line'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(Object.keys(lane!)).toEqual(Object.keys(framework!));
    const { reqId: a, time: _t1, responseTime: _r1, ...frameworkRest } = framework!;
    const { reqId: b, time: _t2, responseTime: _r2, ...laneRest } = lane!;
    expect(laneRest).toEqual(frameworkRest);
    expect(a).toMatch(/^req-[0-9a-z]+$/);
    expect(b).toMatch(/^req-[0-9a-z]+$/);
    const ids = lines.map((l) => (JSON.parse(l) as { reqId?: string }).reqId).filter(Boolean);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('leaves to the framework every query it has not seen accepted, and refuses bad ones', async () => {
    const before = answered();
    const bad = await get('/api/leaderboard?limit=abc', { authorization: `Bearer ${me.token}` });
    expect(bad.status).toBe(400);
    const again = await get('/api/leaderboard?limit=abc', { authorization: `Bearer ${me.token}` });
    expect(again.status).toBe(400);
    expect(answered()).toBe(before);
  });

  it('never answers a signed-out session, nor a request without one', async () => {
    const other = await createAccount(server);
    const auth = { authorization: `Bearer ${other.token}` };
    await bothPaths('/api/home', auth);
    const before = answered();
    expect((await get('/api/home')).status).toBe(401);
    expect((await get('/api/leaderboard?includeStatus=true&limit=50')).status).toBe(401);
    const out = await fetch(`${server.baseUrl}/api/logout`, { method: 'POST', headers: auth });
    expect(out.status).toBe(200);
    expect((await get('/api/home', auth)).status).toBe(401);
    expect(answered()).toBe(before);
  });

  it('sends what changed: a rename drops the remembered home', async () => {
    const auth = { authorization: `Bearer ${me.token}` };
    await get('/api/home', auth);
    const renamed = await fetch(`${server.baseUrl}/api/profile`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ playerName: 'Renamed' }),
    });
    expect(renamed.status).toBe(200);
    const home = JSON.parse((await get('/api/home', auth)).body) as {
      user: { playerName: string };
    };
    expect(home.user.playerName).toBe('Renamed');
  });

  // A group's table: the version and membership are read at once from SQLite per request, so
  // a game or a member leaving is seen by the very next request, as on the framework's path.
  it('answers a group’s table, and sees the next game and a member leaving at once', async () => {
    const call = httpClient(server.baseUrl);
    const anna = await createAccount(server);
    const ben = await createAccount(server);
    const created = await call('POST', '/api/groups', {
      token: anna.token,
      body: { name: 'Lane' },
    });
    const path = `/api/groups/${created.body.id as number}`;
    const invite = await call('POST', `${path}/invite-link`, { token: anna.token });
    const joined = await call('POST', '/api/groups/join', {
      token: ben.token,
      body: { token: invite.body.token },
    });
    const benId = joined.body.memberId as number;
    const play = async () => {
      const game = await call('POST', '/api/fast-game', {
        token: anna.token,
        body: {
          groupId: created.body.id,
          players: [anna.playerName, { memberId: benId }],
          scaleAddress: anna.mac,
          containerType: 'BEER_BOTTLE',
          rounds: 1,
        },
      });
      const gameId = game.body.gameId as number;
      await call('POST', `/api/fast-game/${gameId}/start`, { token: anna.token });
      expect((await typeReadings(call, anna.token, gameId, 2, [[0, 10]])).status).toBe('completed');
    };
    await play();
    const table = `${path}/leaderboard`;
    const asBen = { authorization: `Bearer ${ben.token}` };
    const { framework, lane } = await bothPaths(table, asBen);
    expect(lane).toEqual(framework);
    const games = (seen: Seen) =>
      (JSON.parse(seen.body) as { rows: { games: number }[] }).rows.map((r) => r.games);
    expect(games(lane)).toEqual([1, 1]);

    await play();
    const atNewVersion = answered();
    // The table moved to a new version: the framework's path reads it, then the lane sends it.
    expect(games(await get(table, asBen))).toEqual([2, 2]);
    expect(answered()).toBe(atNewVersion);
    expect(games(await get(table, asBen))).toEqual([2, 2]);
    expect(answered()).toBe(atNewVersion + 1);

    // Ben leaves: his next request is refused as a stranger's, not answered from memory.
    const before = answered();
    const left = await call('DELETE', `${path}/members/${benId}`, { token: ben.token });
    expect(left.status).toBe(200);
    expect((await get(table, asBen)).status).toBe(404);
    expect(answered()).toBe(before);
  });
});
