import { describe, expect, it } from 'vitest';
import { ERRORS } from '@beerscale/contract/messages';
import { ApiError } from '../../../lib/api-client';
import { loginErrorMessage, registrationErrorMessage } from './error-messages';

// A refusal's own text, else the screen's fallback (docs/ARCHITECTURE.md, The web app's
// behaviour: Timings and texts).
describe('login error banner', () => {
  it('shows the server error as is', () => {
    expect(loginErrorMessage(new ApiError('server', 401, ERRORS.invalidCredentials))).toBe(
      ERRORS.invalidCredentials,
    );
    const tooMany = ERRORS.tooManyLogins(14 * 60_000);
    expect(loginErrorMessage(new ApiError('server', 429, tooMany))).toBe(tooMany);
  });

  it('falls back to the status, then to the unexpected message', () => {
    expect(loginErrorMessage(new ApiError('http', 502, 'Bad Gateway'))).toBe(
      'Login failed with status: 502',
    );
    expect(loginErrorMessage(new ApiError('network', 0, ''))).toBe(ERRORS.loginUnexpected);
    expect(loginErrorMessage(new ApiError('invalid-data', 200, ''))).toBe(ERRORS.loginUnexpected);
    expect(loginErrorMessage(new Error('boom'))).toBe(ERRORS.loginUnexpected);
  });
});

describe('registration error banner', () => {
  it('shows the server error, or the first of its errors', () => {
    expect(registrationErrorMessage(new ApiError('server', 409, ERRORS.usernameTaken))).toBe(
      ERRORS.usernameTaken,
    );
    expect(registrationErrorMessage(new ApiError('server', 400, 'A', ['B', 'C']))).toBe('B');
  });

  it('uses the fallback that fits the failure', () => {
    expect(registrationErrorMessage(new ApiError('http', 503, 'Service Unavailable'))).toBe(
      'Registration failed: Service Unavailable',
    );
    expect(registrationErrorMessage(new ApiError('http', 500, ''))).toBe(ERRORS.registrationFailed);
    expect(registrationErrorMessage(new ApiError('network', 0, ''))).toBe(ERRORS.networkError);
    expect(registrationErrorMessage(new ApiError('invalid-data', 201, ''))).toBe(
      ERRORS.invalidServerData,
    );
    expect(registrationErrorMessage(new Error('boom'))).toBe(ERRORS.registrationUnexpected);
  });
});
