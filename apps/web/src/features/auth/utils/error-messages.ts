import { ERRORS } from '@beerscale/contract/messages';
import { ApiError } from '../../../lib/api-client';

/** SPEC §8 login: the server's error, else 'Login failed with status', else 'unexpected'. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'server') return error.message;
    if (error.kind === 'http') return ERRORS.loginStatus(error.status);
  }
  return ERRORS.loginUnexpected;
}

/**
 * SPEC §8 registration: the server's error (the first of `errors` when there are several), else
 * the fallback that fits what went wrong.
 */
export function registrationErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return ERRORS.registrationUnexpected;
  switch (error.kind) {
    case 'server':
      return error.errors[0] ?? (error.message || ERRORS.registrationFailed);
    case 'network':
      return ERRORS.networkError;
    case 'invalid-data':
      return ERRORS.invalidServerData;
    case 'http':
      return error.message ? ERRORS.registrationStatus(error.message) : ERRORS.registrationFailed;
  }
}
