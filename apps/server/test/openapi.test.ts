import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@beerscale/contract/api/endpoints';
import { WATCH_SOCKET_PATH } from '@beerscale/contract/watch';
import { fastifyPath } from '../src/http/register-endpoint';
import { signUp, type Account } from './support/accounts';
import { createAccount } from './support/factories';
import { httpClient, type HttpCall, type Reply } from './support/http-client';
import { adminToken } from './support/pairing';
import { typeReadings } from './support/typed-readings';
import { startTestServer, type TestServer } from './support/test-server';

type Json = Record<string, any>;

interface Recorded {
  method: string;
  path: string;
  reply: Reply;
}

/** The operation of the document that a concrete request path is one of. */
function operationOf(document: Json, method: string, path: string) {
  const bare = path.split('?')[0]!;
  const matches = Object.keys(document.paths).filter((template) => {
    const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`);
    return pattern.test(bare) && document.paths[template][method.toLowerCase()];
  });
  // A literal segment wins over a parameter (as in Fastify's router).
  matches.sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
  const template = matches[0];
  return template ? { template, operation: document.paths[template][method.toLowerCase()] } : null;
}

describe('the API as documented', () => {
  let server: TestServer;
  let document: Json;
  const recorded: Recorded[] = [];
  let call: HttpCall;

  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      presenceGraceMs: 3_600_000,
      presenceSweepMs: 3_600_000,
    });
    const plain = httpClient(server.baseUrl);
    call = async (method, path, options) => {
      const reply = await plain(method, path, options);
      recorded.push({ method, path, reply });
      return reply;
    };
    document = (await plain('GET', '/api/openapi.json')).body;
  }, 60_000);
  afterAll(() => server?.stop());

  it('registers every endpoint of the table, and no other route but the sockets and /api/docs', () => {
    const table = Object.values(endpoints).map((e) => `${e.method} ${fastifyPath(e.path)}`);
    const registered = server.instance.routes.filter((route) => !route.includes(' /api/docs'));
    expect([...registered].sort()).toEqual(
      [...table, 'GET /ws', 'GET /ws/device', `GET ${WATCH_SOCKET_PATH}`].sort(),
    );
  });

  it('serves a valid OpenAPI 3.1 document with every endpoint of the table', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    const operations = Object.values(document.paths).flatMap((item: any) =>
      Object.values(item).map((op: any) => op.operationId),
    );
    expect(operations.sort()).toEqual(Object.keys(endpoints).sort());
  });

  it("says in every fast game's players field that the first player is the leader", () => {
    const text = JSON.stringify(document.paths['/api/fast-game']);
    const active = JSON.stringify(document.paths['/api/fast-game/active']);
    for (const where of [text, active]) {
      expect(where).toContain("The first player is the game's leader");
    }
  });

  it('serves the interactive docs as a page whose scripts are files (the CSP forbids inline ones)', async () => {
    const page = await fetch(`${server.baseUrl}/api/docs`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="/);
      expect(body!.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attributes!)![1]!;
      const file = await fetch(new URL(src, `${server.baseUrl}/api/docs`));
      expect(file.status, src).toBe(200);
    }
    // Its script is megabytes: compressed like the web app's files.
    const bundle = await fetch(`${server.baseUrl}/api/docs/static/swagger-ui-bundle.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(bundle.headers.get('content-encoding')).toBe('br');
    // Read to the end: a body left unread holds its connection open (megabytes the server is
    // still writing), and the server's stop() waits for it (this suite's afterAll timed out so).
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
    const json = await fetch(`${server.baseUrl}/api/docs/json`);
    expect(await json.json()).toEqual(document);
  });

  it('answers a scripted session only with replies the document describes', async () => {
    const admin = await adminToken(call, server.instance.database);
    await call('GET', '/api/health');
    await call('GET', '/api/openapi.json');
    const leader = await signUp(call);
    const [member, outsider] = [await createAccount(server), await createAccount(server)];
    const as = (who: Account) => ({ token: who.token });

    // Accounts and sessions, with refusals.
    await call('POST', '/api/register', { body: { username: 'x' } });
    await call('POST', '/api/login', {
      body: { username: leader.username, password: 'wrong-pass' },
    });
    await call('GET', '/api/verify-token', as(leader));
    await call('GET', '/api/verify-token');
    await call('GET', '/api/profile');
    await call('GET', '/api/profile', as(leader));
    await call('PUT', '/api/profile', { ...as(member), body: { language: 'de' } });
    await call('GET', `/api/users?search=${member.playerName.slice(0, 2)}`, as(leader));
    await call('GET', `/api/users?userId=${member.id}&limit=1`, as(leader));
    await call('PUT', `/api/users/${leader.id}/status`, {
      ...as(leader),
      body: { status: 'searching' },
    });
    await call('GET', '/api/users/active-game', as(leader));
    await call('GET', '/api/games/invites/mine', as(leader));

    // Scales: the administrator assigns the leader's; its settings.
    await call('GET', '/api/admin/scales?limit=5', { token: admin });
    await call('GET', `/api/admin/users?search=${leader.username}`, { token: admin });
    await call('GET', '/api/admin/pairings', { token: admin });
    await call('GET', '/api/admin/pairings', as(leader));
    await call('POST', `/api/admin/scales/${leader.mac}/assign`, {
      token: admin,
      body: { userId: leader.id },
    });
    await call('GET', '/api/scale-settings/check-scales', as(leader));
    await call('GET', '/api/scale-settings/scales', as(leader));
    await call('GET', '/api/scale-settings/awaiting', as(leader));
    await call('GET', `/api/scale-settings/scales/${leader.mac}/settings`, as(leader));
    await call('PUT', `/api/scale-settings/scales/${leader.mac}/settings`, {
      ...as(leader),
      body: { settings: { device_name: 'Kitchen' } },
    });
    await call('PUT', `/api/scale-settings/scales/${leader.mac}/wifi`, {
      ...as(leader),
      body: { ssid: 'Home', password: 'password123' },
    });

    // A fast game: set up, start, typed readings to the end, its state and watch link.
    const created = await call('POST', '/api/fast-game', {
      ...as(leader),
      body: {
        players: [leader.playerName, 'Guest'],
        scaleAddress: leader.mac,
        containerType: 'BEER_CAN',
        rounds: 1,
      },
    });
    const gameId = created.body.gameId as number;
    await call('GET', '/api/fast-game/active', as(leader));
    await call('POST', `/api/fast-game/${gameId}/start`, as(leader));
    await call('GET', `/api/games/${gameId}/validate`, as(leader));
    await call('GET', `/api/games/${gameId}/validate`, as(outsider));
    await call('GET', `/api/games/${gameId}/state`, as(leader));
    await call('GET', `/api/games/${gameId}/state`, as(outsider));
    const link = await call('POST', `/api/games/${gameId}/watch-link`, as(leader));
    await call('GET', `/api/watch/${link.body.token}`);
    // Seats on phones: the code, a seat taken (and refused), its own calls, the leader's release.
    const seats = await call('GET', `/api/games/${gameId}/seats`, as(leader));
    const code = seats.body.joinCode as string;
    await call('GET', `/api/join/${code}`);
    await call('GET', '/api/join/IO01');
    const guestSeat = seats.body.seats[1].playerId as number;
    const seat = await call('POST', `/api/join/${code}`, { body: { playerId: guestSeat } });
    await call('POST', `/api/join/${code}`, { body: { playerId: guestSeat } });
    const asSeat = { headers: { authorization: `Seat ${seat.body.seatToken}` } };
    await call('GET', '/api/seat', asSeat);
    await call('GET', '/api/seat');
    await call('POST', '/api/seat/actions', {
      ...asSeat,
      body: { kind: 'call', actionId: 'doc-action-1', amount: 40 },
    });
    await call('POST', `/api/games/${gameId}/seats/${guestSeat}/release`, as(outsider));
    await call('POST', '/api/seat/leave', asSeat);
    await call('POST', `/api/games/${gameId}/seats/${guestSeat}/release`, as(leader));
    await call('POST', `/api/games/${gameId}/measurements`, { ...as(leader), body: { grams: -1 } });
    // House rules: the presets, and the actions a classic game refuses as out of turn.
    await call('GET', '/api/rules/presets');
    await call('POST', `/api/games/${gameId}/target`, { ...as(leader), body: { amount: 40 } });
    await call('POST', `/api/games/${gameId}/give`, { ...as(leader), body: { toPlayerId: 1 } });
    await call('POST', `/api/games/${gameId}/estimate`, {
      ...as(leader),
      body: { playerId: 1, grams: 200 },
    });
    await typeReadings(call, leader.token, gameId, 2, [[0, 5]]);
    await call('POST', `/api/games/${gameId}/finish`, as(leader));
    await call('GET', `/api/games/${gameId}/card.png?lang=de`, as(leader));
    await call('GET', `/api/games/${gameId}/card.png?lang=xx`, as(leader));
    await call('GET', `/api/watch/${link.body.token}/card.png`);
    await call('POST', `/api/games/${gameId}/watch-link/renew`, as(leader));
    await call('POST', `/api/games/${gameId}/watch-link/end`, as(leader));
    await call('GET', '/api/home', as(leader));
    await call('GET', `/api/users/${leader.id}/elo-history`, as(leader));
    await call('GET', '/api/leaderboard?includeStatus=true', as(leader));

    // A ranked lobby: invitations, order, leaving, cancelling.
    const lobby = await call('POST', '/api/games', {
      ...as(leader),
      body: { gameName: 'Doc night' },
    });
    const lobbyId = lobby.body.gameId as number;
    const invite = await call('POST', `/api/games/${lobbyId}/invites`, {
      ...as(leader),
      body: { playerId: member.id },
    });
    await call('GET', `/api/games/${lobbyId}/invites`, as(leader));
    await call('GET', '/api/games/invites/mine', as(member));
    await call('PUT', `/api/games/invites/${invite.body.id}`, {
      ...as(member),
      body: { status: 'accepted' },
    });
    const second = await call('POST', `/api/games/${lobbyId}/invites`, {
      ...as(leader),
      body: { playerId: outsider.id },
    });
    await call('DELETE', `/api/games/${lobbyId}/invites/${second.body.id}`, as(leader));
    await call('GET', `/api/games/${lobbyId}`, as(member));
    await call('GET', `/api/games/${lobbyId}/participants`, as(member));
    // Responsible play: the member drinks alcohol-free in this lobby.
    await call('PUT', `/api/games/${lobbyId}/drink`, {
      ...as(member),
      body: { drink: { kind: 'alcohol-free' } },
    });
    await call('PUT', `/api/games/${lobbyId}/order`, {
      ...as(leader),
      body: {
        participantOrder: [
          { id: member.id, playerName: member.playerName, position: 0 },
          { id: leader.id, playerName: leader.playerName, position: 1 },
        ],
      },
    });
    await call('POST', `/api/games/${lobbyId}/participants/${member.id}/kick`, as(member));
    await call('POST', `/api/games/${lobbyId}/setup-ranked`, {
      ...as(leader),
      body: { scaleAddress: leader.mac, containerType: 'BEER_BOTTLE' },
    });
    await call('POST', `/api/games/${lobbyId}/start-ranked`, {
      ...as(leader),
      body: { scaleAddress: leader.mac, containerType: 'BEER_BOTTLE' },
    });
    await call('POST', `/api/games/${lobbyId}/leave`, as(member));
    await call('POST', `/api/games/${lobbyId}/cancel`, as(leader));
    // Groups: created, joined, a guest claimed, a group game, tables, records, links.
    const group = (await call('POST', '/api/groups', { ...as(leader), body: { name: 'Doc crew' } }))
      .body.id;
    const groupPath = `/api/groups/${group}`;
    await call('POST', '/api/groups', { ...as(leader), body: { name: 'x' } });
    await call('GET', '/api/groups', as(leader));
    const groupInvite = (await call('POST', `${groupPath}/invite-link`, as(leader))).body.token;
    await call('GET', `/api/groups/links/${groupInvite}`);
    const joined = await call('POST', '/api/groups/join', {
      ...as(member),
      body: { token: groupInvite },
    });
    await call('POST', `${groupPath}/invite-link`, as(member));
    const guest = (
      await call('POST', `${groupPath}/guests`, { ...as(leader), body: { name: 'Gast' } })
    ).body.memberId;
    const groupGame = await call('POST', '/api/fast-game', {
      ...as(leader),
      body: {
        groupId: group,
        players: [leader.playerName, { memberId: joined.body.memberId }, { memberId: guest }],
        scaleAddress: leader.mac,
        containerType: 'BEER_CAN',
        rounds: 1,
      },
    });
    await call('POST', `/api/fast-game/${groupGame.body.gameId}/start`, as(leader));
    await typeReadings(call, leader.token, groupGame.body.gameId, 3, [[0, 5, 9]]);
    await call('GET', `${groupPath}/leaderboard?season=all`, as(member));
    await call('GET', `${groupPath}/records`, as(member));
    await call('GET', `${groupPath}/head-to-head?a=${joined.body.memberId}&b=${guest}`, as(member));
    await call('GET', `${groupPath}/games`, as(member));
    await call('GET', `${groupPath}/export.csv`, as(member));
    await call('GET', `${groupPath}/card.png?lang=de`, as(member));
    await call('GET', groupPath, as(outsider));
    const claimToken = (await call('POST', `${groupPath}/members/${guest}/claim-link`, as(leader)))
      .body.token;
    await call('POST', '/api/groups/claim', { ...as(outsider), body: { token: claimToken } });
    const publicToken = (await call('POST', `${groupPath}/public-link`, as(leader))).body.token;
    await call('GET', `/api/public-groups/${publicToken}`);
    await call('DELETE', `${groupPath}/public-link`, as(leader));
    const cup = await call('POST', `${groupPath}/tournaments`, {
      ...as(leader),
      body: {
        name: 'Doc cup',
        format: 'grand-prix',
        players: [joined.body.memberId, 'Gast2'],
        containerType: 'BEER_CAN',
        rounds: 1,
        games: 1,
      },
    });
    await call('POST', `${groupPath}/tournaments`, { ...as(leader), body: { name: 'Bad' } });
    await call('GET', `${groupPath}/tournaments`, as(member));
    await call('GET', `/api/tournaments/${cup.body.id}/card.png`, as(member));
    const cupState = await call('GET', `/api/tournaments/${cup.body.id}`, as(member));
    await call('POST', `/api/tournaments/${cup.body.id}/next`, {
      ...as(member),
      body: { scaleAddress: leader.mac },
    });
    await call('GET', `/api/tournament-watch/${String(cupState.body.watchPath).split('/').at(-1)}`);
    await call(
      'POST',
      `/api/tournaments/${cup.body.id}/entries/${cupState.body.standings[0].entryId}/leave`,
      as(leader),
    );
    await call('POST', `/api/tournaments/${cup.body.id}/finish`, as(leader));
    await call('POST', `${groupPath}/seasons`, { ...as(leader), body: { name: 'Two' } });
    await call('POST', `${groupPath}/captain`, {
      ...as(leader),
      body: { memberId: joined.body.memberId },
    });
    await call('DELETE', `${groupPath}/members/${joined.body.memberId}`, as(leader));
    await call('GET', groupPath, as(leader));
    // Reports and voids: a fast game cannot be reported (409), an outsider's report is 404.
    await call('POST', `/api/games/${gameId}/report`, {
      ...as(leader),
      body: { reason: 'Typed weights' },
    });
    await call('POST', `/api/games/${lobbyId}/report`, { ...as(outsider), body: { reason: 'x' } });
    await call('GET', '/api/admin/reports', { token: admin });
    await call('POST', `/api/admin/games/${gameId}/void`, { token: admin });
    await call('POST', `/api/scale-settings/scales/${leader.mac}/pair`, {
      ...as(leader),
      body: { code: '000000' },
    });
    await call('POST', `/api/admin/scales/${leader.mac}/pair`, {
      token: admin,
      body: { code: '000000' },
    });
    await call('POST', `/api/scale-settings/scales/${leader.mac}/reset-key`, as(leader));
    await call('POST', `/api/admin/scales/${leader.mac}/reset-key`, { token: admin });
    await call('POST', `/api/admin/scales/${leader.mac}/unassign`, { token: admin });
    // The account: sessions, password, export, reset links, disabling, deletion.
    await call('GET', '/api/site');
    const sessions = await call('GET', '/api/profile/sessions', as(member));
    await call('DELETE', `/api/profile/sessions/${sessions.body[0].id}`, as(outsider));
    await call('POST', '/api/profile/sessions/end-others', as(member));
    await call('POST', '/api/profile/password', {
      ...as(member),
      body: { currentPassword: member.password, newPassword: 'another-secret' },
    });
    await call('GET', '/api/profile/export', as(leader));
    await call('GET', '/api/admin/accounts?search=u&limit=5', { token: admin });
    const reset = await call('POST', `/api/admin/users/${member.id}/reset-link`, { token: admin });
    const token = String(reset.body.url).split('/reset/')[1];
    await call('GET', `/api/password-reset/${token}`);
    await call('POST', `/api/password-reset/${token}`, { body: { newPassword: 'reset-secret' } });
    await call('POST', `/api/admin/users/${member.id}/disable`, { token: admin });
    await call('POST', `/api/admin/users/${member.id}/enable`, { token: admin });
    await call('DELETE', '/api/profile', { ...as(outsider), body: { password: 'wrong-password' } });
    await call('DELETE', '/api/profile', {
      ...as(outsider),
      body: { password: outsider.password },
    });
    await call('POST', '/api/logout', as(outsider));

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const problems: string[] = [];
    for (const { method, path, reply } of recorded) {
      const found = operationOf(document, method, path);
      if (!found) {
        problems.push(`${method} ${path}: no operation`);
        continue;
      }
      const response = found.operation.responses[String(reply.status)];
      if (!response) {
        problems.push(`${method} ${found.template}: ${reply.status} is not documented`);
        continue;
      }
      // A card is bytes of its declared type (the PNG's own signature is checked by the server
      // under test); everything else is JSON against its schema.
      const png = response.content['image/png'];
      if (png) {
        if (!String(reply.headers.get('content-type')).startsWith('image/png'))
          problems.push(`${method} ${found.template}: not image/png`);
        continue;
      }
      if (response.content['text/csv']) {
        if (!String(reply.headers.get('content-type')).startsWith('text/csv'))
          problems.push(`${method} ${found.template}: not text/csv`);
        continue;
      }
      let schema = response.content['application/json'].schema;
      if (schema.$ref) schema = document.components.schemas.ErrorReply;
      const validate = ajv.compile(schema);
      if (!validate(reply.body)) {
        problems.push(
          `${method} ${found.template} ${reply.status}: ${ajv.errorsText(validate.errors)}`,
        );
      }
    }
    expect(problems).toEqual([]);
    // The session reached every endpoint, with successes and refusals.
    const reached = new Set(
      recorded.map(
        ({ method, path }) => operationOf(document, method, path)?.operation.operationId,
      ),
    );
    expect([...reached].sort()).toEqual(Object.keys(endpoints).sort());
    const statuses = new Set(recorded.map(({ reply }) => reply.status));
    for (const status of [200, 201, 400, 401, 403, 404, 409]) expect(statuses).toContain(status);
  });
});
