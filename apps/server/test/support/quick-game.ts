import type { ContainerType } from '@beerscale/contract/limits';
import type { HttpCall } from './http-client';
import type { Account } from './accounts';
import { typeReadings } from './typed-readings';

/** What a fast set-up may say besides its players and scale: bottles unless said. */
export interface FastSetUp {
  containerType?: ContainerType;
  rounds?: number;
  rules?: Record<string, unknown>;
}

/**
 * A fast game set up by `leader` on `mac` with `others` named after them; the reply (its
 * gameId and joinCode); throws unless it was created.
 */
export async function setUpFastGame(
  call: HttpCall,
  leader: Account,
  others: string[],
  mac: string,
  { containerType = 'BEER_BOTTLE', ...more }: FastSetUp = {},
) {
  const created = await call('POST', '/api/fast-game', {
    token: leader.token,
    body: { players: [leader.playerName, ...others], scaleAddress: mac, containerType, ...more },
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return created;
}

/** A fast game set up, started and played to the end with the leader's typed readings. */
export async function playTypedFastGame(
  call: HttpCall,
  leader: Account,
  others: string[],
  offsetsPerRound: number[][],
  mac: string,
): Promise<any> {
  const created = await setUpFastGame(call, leader, others, mac, {
    rounds: offsetsPerRound.length,
  });
  const gameId = created.body.gameId;
  await call('POST', `/api/fast-game/${gameId}/start`, { token: leader.token });
  return typeReadings(call, leader.token, gameId, others.length + 1, offsetsPerRound);
}
