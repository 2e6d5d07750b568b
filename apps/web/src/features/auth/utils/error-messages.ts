import { ApiError, errorMessage } from '../../../lib/api-client';
import { translatedRefusal } from '../../../i18n/refusals';
import { t } from '../../../i18n/use-t';

/** Sign-in: the server's error, else 'Login failed with status', else 'unexpected'. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'server') return translatedRefusal(error.code, error.message);
    if (error.kind === 'http') return t('login.failedStatus', { status: error.status });
  }
  return t('error.LOGIN_UNEXPECTED');
}

/**
 * Registration: the server's error (the first of `errors` when there are several), else
 * the fallback that fits what went wrong.
 */
export function registrationErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return t('error.REGISTRATION_UNEXPECTED');
  switch (error.kind) {
    case 'server':
      return error.message ? errorMessage(error, '') : t('error.REGISTRATION_FAILED');
    case 'network':
      return t('error.NETWORK_ERROR');
    case 'invalid-data':
      return t('error.INVALID_SERVER_DATA');
    case 'http':
      return error.message
        ? t('register.failedStatus', { status: error.message })
        : t('error.REGISTRATION_FAILED');
  }
}
