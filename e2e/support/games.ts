import type { APIRequestContext } from '@playwright/test';
import type { TestUser } from './api';
import { pairedSimulator } from './scale';

const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });

/** A ranked lobby named `name` through the real API, each of `members` invited and accepted. */
export async function rankedLobby(
  request: APIRequestContext,
  leader: TestUser,
  members: TestUser[],
  name: string,
): Promise<number> {
  const created = await (
    await request.post('/api/games', { headers: auth(leader), data: { gameName: name } })
  ).json();
  const gameId = created.gameId as number;
  for (const member of members) {
    const invite = await (
      await request.post(`/api/games/${gameId}/invites`, {
        headers: auth(leader),
        data: { playerId: member.id },
      })
    ).json();
    await request.put(`/api/games/invites/${invite.id}`, {
      headers: auth(member),
      data: { status: 'accepted' },
    });
  }
  return gameId;
}

/** A fast game set up (not started) on the leader's scale: the leader and `others` play. */
export async function fastGameSetUp(
  request: APIRequestContext,
  leader: TestUser,
  others: string[] = ['Bob'],
): Promise<number> {
  const created = await request.post('/api/fast-game', {
    headers: auth(leader),
    data: {
      players: [leader.playerName, ...others],
      scaleAddress: leader.mac,
      containerType: 'BEER_CAN',
    },
  });
  if (!created.ok()) throw new Error(`set-up refused: ${await created.text()}`);
  return (await created.json()).gameId as number;
}

/**
 * A ranked game through the real API on the leader's paired simulator (a ranked game starts only
 * on a connected, paired scale): the scale weighs the leader's full container, so the game is
 * rated, and the leader types every other reading; offsets per round.
 */
export async function playRankedGame(
  request: APIRequestContext,
  server: string,
  leader: TestUser,
  others: TestUser[],
  offsets: number[][],
  name: string,
) {
  const gameId = await rankedLobby(request, leader, others, name);
  const body = { scaleAddress: leader.mac, containerType: 'BEER_BOTTLE', rounds: offsets.length };
  await request.post(`/api/games/${gameId}/setup-ranked`, { headers: auth(leader), data: body });
  const scale = await pairedSimulator({ server, mac: leader.mac, keyFile: null, reconnect: false });
  try {
    const started = await request.post(`/api/games/${gameId}/start-ranked`, {
      headers: auth(leader),
      data: body,
    });
    if (!started.ok()) throw new Error(`start refused: ${await started.text()}`);
    scale.place(560);
    const deadline = Date.now() + 15_000;
    for (;;) {
      const state = await request.get(`/api/games/${gameId}/state`, { headers: auth(leader) });
      if ((await state.json()).game.players[0].startWeight !== null) break;
      if (Date.now() > deadline) throw new Error('the simulator never weighed the container');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    scale.remove();
  } finally {
    scale.stop();
  }
  let game: any;
  const type = async (grams: number) => {
    const reply = await request.post(`/api/games/${gameId}/measurements`, {
      headers: auth(leader),
      data: { grams },
    });
    game = (await reply.json()).game;
  };
  for (let i = 0; i < others.length; i += 1) await type(560);
  for (const round of offsets) for (const offset of round) await type(game.target + offset);
  return game;
}
