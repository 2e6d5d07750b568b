import type { HttpCall } from './http-client';

/**
 * Plays a started game to the end by the leader's typed readings: every player's full
 * container first (but the `weighed` first ones, which the scale took), then each round's
 * readings as offsets from that round's target, in turn order. Returns the last snapshot.
 */
export async function typeReadings(
  call: HttpCall,
  leaderToken: string,
  gameId: number,
  players: number,
  offsetsPerRound: number[][],
  weighed = 0,
): Promise<any> {
  const type = async (grams: number) =>
    (
      await call('POST', `/api/games/${gameId}/measurements`, {
        token: leaderToken,
        body: { grams },
      })
    ).body.game;
  let game: any;
  for (let i = weighed; i < players; i += 1) game = await type(560);
  for (const offsets of offsetsPerRound) {
    for (const offset of offsets) game = await type(game.target + offset);
  }
  return game;
}
