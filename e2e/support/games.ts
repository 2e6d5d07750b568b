import type { APIRequestContext } from '@playwright/test';
import type { TestUser } from './api';

const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });

/** A ranked game through the real API, the leader typing every reading; offsets per round. */
export async function playRankedGame(
  request: APIRequestContext,
  leader: TestUser,
  others: TestUser[],
  offsets: number[][],
  name: string,
) {
  const created = await (
    await request.post('/api/games', { headers: auth(leader), data: { gameName: name } })
  ).json();
  const gameId = created.gameId as number;
  for (const other of others) {
    const invite = await (
      await request.post(`/api/games/${gameId}/invites`, {
        headers: auth(leader),
        data: { playerId: other.id },
      })
    ).json();
    await request.put(`/api/games/invites/${invite.id}`, {
      headers: auth(other),
      data: { status: 'accepted' },
    });
  }
  const body = { scaleAddress: leader.mac, containerType: 'BEER_BOTTLE', rounds: offsets.length };
  await request.post(`/api/games/${gameId}/setup-ranked`, { headers: auth(leader), data: body });
  await request.post(`/api/games/${gameId}/start-ranked`, { headers: auth(leader), data: body });
  let game: any;
  const type = async (grams: number) => {
    const reply = await request.post(`/api/games/${gameId}/measurements`, {
      headers: auth(leader),
      data: { grams },
    });
    game = (await reply.json()).game;
  };
  for (let i = 0; i <= others.length; i += 1) await type(560);
  for (const round of offsets) for (const offset of round) await type(game.target + offset);
  return game;
}
