import type { ContainerType } from '@beerscale/contract/limits';
import type { Account } from './accounts';
import type { HttpCall } from './http-client';
import { weighOnScale, type TableScale } from './table-scale';

/** Creates a ranked game led by `leader` with `others` invited and accepted. */
export async function rankedLobby(
  call: HttpCall,
  leader: Account,
  others: Account[],
  name = 'Friday',
) {
  const gameId = await createGame(call, leader, name);
  for (const other of others) {
    const invite = await call('POST', `/api/games/${gameId}/invites`, {
      token: leader.token,
      body: { playerId: other.id },
    });
    await call('PUT', `/api/games/invites/${invite.body.id}`, {
      token: other.token,
      body: { status: 'accepted' },
    });
  }
  return gameId;
}

/**
 * Sets up, starts and plays a ranked game on a connected scale, which weighs every reading (a
 * ranked game is rated only when at least 80 % of its readings were weighed): full containers
 * of 560 g, then each round's readings at its target plus the offsets, in turn order.
 */
export async function playRanked(
  call: HttpCall,
  leader: Account,
  gameId: number,
  offsetsPerRound: number[][],
  scale: TableScale,
) {
  await startRanked(call, leader, gameId, scale.mac, offsetsPerRound.length);
  const players = offsetsPerRound[0]!.length;
  for (let p = 0; p < players; p += 1) {
    await weighOnScale(call, leader.token, gameId, scale, 560);
  }
  for (const offsets of offsetsPerRound) {
    for (const offset of offsets) {
      const state = await call('GET', `/api/games/${gameId}/state`, { token: leader.token });
      await weighOnScale(call, leader.token, gameId, scale, state.body.game.target + offset);
    }
  }
  return (await call('GET', `/api/games/${gameId}/state`, { token: leader.token })).body.game;
}

/** What a ranked set-up may say besides its scale: the tests' default is one round of bottles. */
export interface RankedSetUp {
  containerType?: ContainerType;
  rounds?: number;
  rules?: Record<string, unknown>;
}

const setUpBody = (mac: string, setUp: number | RankedSetUp) => {
  const { containerType = 'BEER_BOTTLE', ...rest } =
    typeof setUp === 'number' ? { rounds: setUp } : setUp;
  return { scaleAddress: mac, containerType, ...rest };
};

/**
 * Sets up a ranked game on `mac` (a scale the leader may use: a test connects it before or
 * after); the reply; throws if refused. `setUp`: the rounds, or the container, rounds and rules.
 */
export async function setUpRanked(
  call: HttpCall,
  leader: Account,
  gameId: number,
  mac: string,
  setUp: number | RankedSetUp = {},
) {
  const setup = await call('POST', `/api/games/${gameId}/setup-ranked`, {
    token: leader.token,
    body: setUpBody(mac, setUp),
  });
  if (setup.status !== 200) throw new Error(JSON.stringify(setup.body));
  return setup;
}

/**
 * Sets up and starts a ranked game on `mac` (a connected, paired scale); throws if refused.
 * `setUp`: the rounds (1 unless said), or the container, rounds and rules. The two replies.
 */
export async function startRanked(
  call: HttpCall,
  leader: Account,
  gameId: number,
  mac: string,
  setUp: number | RankedSetUp = 1,
) {
  const setup = await setUpRanked(call, leader, gameId, mac, setUp);
  const started = await call('POST', `/api/games/${gameId}/start-ranked`, {
    token: leader.token,
    body: setUpBody(mac, setUp),
  });
  if (started.status !== 200) throw new Error(JSON.stringify(started.body));
  return { setup, started };
}

/** A new ranked game led by `leader`; its id. */
export async function createGame(call: HttpCall, leader: Account, name = 'Friday') {
  const created = await call('POST', '/api/games', {
    token: leader.token,
    body: { gameName: name },
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return created.body.gameId as number;
}

/** The leader invites `player`; the invitation's id. */
export async function inviteTo(call: HttpCall, leader: Account, gameId: number, player: Account) {
  const invited = await call('POST', `/api/games/${gameId}/invites`, {
    token: leader.token,
    body: { playerId: player.id },
  });
  if (invited.status !== 201) throw new Error(JSON.stringify(invited.body));
  return invited.body.id as number;
}

export function answerInvite(
  call: HttpCall,
  player: Account,
  inviteId: number,
  status: 'accepted' | 'declined',
) {
  return call('PUT', `/api/games/invites/${inviteId}`, { token: player.token, body: { status } });
}

/** The participants' user ids in turn order, as the leader sees them. */
export async function lineup(call: HttpCall, reader: Account, gameId: number) {
  const reply = await call('GET', `/api/games/${gameId}/participants`, { token: reader.token });
  return (reply.body as { id: number }[]).map((p) => p.id);
}
