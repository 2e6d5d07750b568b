import { describe, expect, it } from 'vitest';
import { ERRORS } from '@beerscale/contract/messages';
import { ApiError } from '../../../lib/api-client';
import { loginErrorMessage } from './login-form';
import { registrationErrorMessage } from './register-form';

describe('SPEC §8 fallbacks', () => {
  it('login: the server error, else the status, else the unexpected message', () => {
    expect(loginErrorMessage(new ApiError(401, 'Invalid username or password', [], true))).toBe(
      'Invalid username or password',
    );
    expect(loginErrorMessage(new ApiError(502, 'Bad Gateway'))).toBe(ERRORS.loginStatus(502));
    expect(loginErrorMessage(new Error('boom'))).toBe(ERRORS.loginUnexpected);
  });

  it('registration: first of errors, status text, network, bad data, unexpected', () => {
    expect(registrationErrorMessage(new ApiError(400, 'A', ['A', 'B'], true))).toBe('A');
    expect(registrationErrorMessage(new ApiError(503, 'Service Unavailable'))).toBe(
      ERRORS.registrationStatus('Service Unavailable'),
    );
    expect(registrationErrorMessage(new ApiError(500, ''))).toBe(ERRORS.registrationFailed);
    expect(registrationErrorMessage(new TypeError('Failed to fetch'))).toBe(ERRORS.networkError);
    expect(registrationErrorMessage(new SyntaxError('bad json'))).toBe(ERRORS.invalidServerData);
    expect(registrationErrorMessage(42)).toBe(ERRORS.registrationUnexpected);
  });
});
