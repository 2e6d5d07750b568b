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
 * on a connected, paired scale, and is rated only when at least 80 % of its readings were
 * weighed): the scale weighs every reading, 560 g full containers, then each round's target plus
 * the offsets, in turn order.
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
  const state = async () =>
    (await (await request.get(`/api/games/${gameId}/state`, { headers: auth(leader) })).json())
      .game;
  const readings = (game: { players: { sources: string[] }[] }) =>
    game.players.reduce((n, p) => n + p.sources.length, 0);
  const until = async (done: () => Promise<boolean> | boolean, what: string) => {
    const deadline = Date.now() + 15_000;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(what);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const weigh = async (grams: number) => {
    const before = readings(await state());
    scale.remove();
    await until(() => (scale.lastSentGrams ?? 0) < 10, 'the platform never read empty');
    // Empty for a few readings more, as between two players' containers: a game counts the
    // next container only after it saw the platform clear.
    const emptyFrom = scale.samplesSent;
    await until(() => scale.samplesSent >= emptyFrom + 3, 'the scale stopped sending');
    scale.place(grams);
    await until(async () => readings(await state()) > before, `the scale never weighed ${grams} g`);
  };
  try {
    const started = await request.post(`/api/games/${gameId}/start-ranked`, {
      headers: auth(leader),
      data: body,
    });
    if (!started.ok()) throw new Error(`start refused: ${await started.text()}`);
    for (let i = 0; i <= others.length; i += 1) await weigh(560);
    for (const round of offsets) {
      for (const offset of round) await weigh((await state()).target + offset);
    }
    scale.remove();
  } finally {
    scale.stop();
  }
  return state();
}
