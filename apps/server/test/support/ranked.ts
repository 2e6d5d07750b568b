import type { Account } from './accounts';
import type { HttpCall } from './http-client';

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

/** Sets up, starts and plays a ranked game with typed readings; offsets in turn order. */
export async function playRanked(
  call: HttpCall,
  leader: Account,
  gameId: number,
  offsetsPerRound: number[][],
  mac: string,
) {
  const body = { scaleAddress: mac, containerType: 'BEER_BOTTLE', rounds: offsetsPerRound.length };
  const setup = await call('POST', `/api/games/${gameId}/setup-ranked`, {
    token: leader.token,
    body,
  });
  if (setup.status !== 200) throw new Error(JSON.stringify(setup.body));
  await call('POST', `/api/games/${gameId}/start-ranked`, { token: leader.token, body });
  const players = offsetsPerRound[0]!.length;
  let game: any;
  for (let i = 0; i < players; i += 1) {
    game = (
      await call('POST', `/api/games/${gameId}/measurements`, {
        token: leader.token,
        body: { grams: 560 },
      })
    ).body.game;
  }
  for (const offsets of offsetsPerRound) {
    for (const offset of offsets) {
      game = (
        await call('POST', `/api/games/${gameId}/measurements`, {
          token: leader.token,
          body: { grams: game.target + offset },
        })
      ).body.game;
    }
  }
  return game;
}
