import { expect, it } from 'vitest';
import { GAME_NOT_FOUND, LEADER_ONLY } from '../src/game/game-policy';
import type { Account } from './support/accounts';
import { createAccount } from './support/factories';
import { inviteTo, rankedLobby } from './support/ranked';
import { describeEachDialect } from './support/each-dialect';

// The leader's calls of the lobby, the running game and the watch link answer alike: a game the
// caller cannot see is 404 with one text, one they see but do not lead is 403 with one text.
describeEachDialect('the leader check', {}, ({ server, call }) => {
  const leaderCalls = (gameId: number): [string, string, unknown?][] => [
    ['GET', `/api/games/${gameId}/invites`],
    [
      'POST',
      `/api/games/${gameId}/setup-ranked`,
      { scaleAddress: 'AABBCCDDEEFF', containerType: 'BEER_CAN' },
    ],
    ['POST', `/api/games/${gameId}/measurements`, { grams: 500 }],
    ['POST', `/api/games/${gameId}/finish`],
    ['POST', `/api/games/${gameId}/watch-link`],
  ];

  it('refuses whoever cannot see the game with 404 and whoever sees it but does not lead with 403, everywhere', async () => {
    const [leader, member, invitee, outsider] = (await Promise.all(
      [0, 1, 2, 3].map(() => createAccount(server)),
    )) as [Account, Account, Account, Account];
    const gameId = await rankedLobby(call, leader, [member]);
    await inviteTo(call, leader, gameId, invitee);

    const refusal = async (who: Account) => {
      const replies = [];
      for (const [method, path, body] of leaderCalls(gameId)) {
        const reply = await call(method, path, { token: who.token, body });
        replies.push({ call: `${method} ${path}`, status: reply.status, body: reply.body });
      }
      return replies;
    };
    const expected = (status: number, error: string, code: string) =>
      leaderCalls(gameId).map(([method, path]) => ({
        call: `${method} ${path}`,
        status,
        body: { error, code },
      }));

    expect(await refusal(outsider)).toEqual(expected(404, GAME_NOT_FOUND, 'GAME_NOT_FOUND'));
    expect(await refusal(member)).toEqual(expected(403, LEADER_ONLY, 'LEADER_ONLY'));
    // A pending invitee sees the lobby (GET /api/games/{id} answers them), so they are told why.
    expect(await refusal(invitee)).toEqual(expected(403, LEADER_ONLY, 'LEADER_ONLY'));
    // An unknown id is refused as an invisible game, whoever asks.
    expect(
      (await call('POST', '/api/games/99999999/finish', { token: leader.token })).body,
    ).toEqual({
      error: GAME_NOT_FOUND,
      code: 'GAME_NOT_FOUND',
    });
    // The leader passes the check (the game is not running, so the play calls refuse with 409).
    for (const reply of await refusal(leader)) expect([403, 404]).not.toContain(reply.status);
  });
});
