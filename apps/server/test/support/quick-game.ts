import type { HttpCall } from './http-client';
import type { Account } from './accounts';
import { typeReadings } from './typed-readings';

/** A fast game set up, started and played to the end with the leader's typed readings. */
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
  return typeReadings(call, leader.token, gameId, others.length + 1, offsetsPerRound);
}
