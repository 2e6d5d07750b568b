import { expect, it } from 'vitest';
import { LOBBY_MESSAGES as M } from '@beerscale/contract/games';
import { ERRORS, VALIDATION } from '@beerscale/contract/messages';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';

// Every refusal carries a stable `code` beside the English `error`, so the web app can say it
// in the reader's language; the English text stays the contract's (packages/contract/src/messages.ts).
describeEachDialect('error codes', {}, ({ server, call }) => {
  it('codes a service refusal, a parse refusal and a framework refusal', async () => {
    const account = await createAccount(server);
    expect(
      await call('POST', '/api/login', {
        body: { username: account.username, password: 'wrong!' },
      }),
    ).toMatchObject({
      status: 401,
      body: { error: ERRORS.invalidCredentials, code: 'INVALID_CREDENTIALS' },
    });
    expect((await call('GET', '/api/games/999999', { token: account.token })).body).toEqual({
      error: M.gameNotFound,
      code: 'GAME_NOT_FOUND',
    });
    expect((await call('POST', '/api/login', { body: {} })).body).toMatchObject({
      error: VALIDATION.usernameRequired,
      code: 'USERNAME_REQUIRED',
    });
    expect((await call('POST', '/api/login', { rawBody: '{' })).body).toEqual({
      error: ERRORS.invalidJson,
      code: 'INVALID_JSON',
    });
    expect((await call('GET', '/api/nothing-here')).body).toEqual({
      error: `${ERRORS.notFound}: GET /api/nothing-here`,
      code: 'NOT_FOUND',
    });
  });
});
