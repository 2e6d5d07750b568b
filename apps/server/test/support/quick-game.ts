import type { HttpCall } from './http-client';
import type { Account } from './accounts';

/**
 * A fast game played to the end with the leader's typed readings: full containers, then each
 * round's readings given as offsets from the target. Returns the final snapshot.
 */
export async function playTypedFastGame(
  call: HttpCall,
  leader: Account,
  others: string[],
  offsetsPerRound: number[][],
  mac: string,
): Promise<any> {
  const created = await call('POST', '/api/fast-game', {
    token: leader.token,
    body: {
      players: [leader.playerName, ...others],
      scaleAddress: mac,
      containerType: 'BEER_BOTTLE',
      rounds: offsetsPerRound.length,
    },
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const gameId = created.body.gameId;
  await call('POST', `/api/fast-game/${gameId}/start`, { token: leader.token });
  let game: any;
  for (let i = 0; i <= others.length; i += 1) {
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
