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
  const created = await call('POST', '/api/games', {
    token: leader.token,
    body: { gameName: name },
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const gameId: number = created.body.gameId;
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

/** Sets up and starts a ranked game on `mac` (a connected, paired scale); throws if refused. */
export async function startRanked(
  call: HttpCall,
  leader: Account,
  gameId: number,
  mac: string,
  rounds = 1,
) {
  const body = { scaleAddress: mac, containerType: 'BEER_BOTTLE', rounds };
  const setup = await call('POST', `/api/games/${gameId}/setup-ranked`, {
    token: leader.token,
    body,
  });
  if (setup.status !== 200) throw new Error(JSON.stringify(setup.body));
  const started = await call('POST', `/api/games/${gameId}/start-ranked`, {
    token: leader.token,
    body,
  });
  if (started.status !== 200) throw new Error(JSON.stringify(started.body));
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
