import { newPasswordSchema } from '@beerscale/contract/auth';
import { VALIDATION } from '@beerscale/contract/messages';
import { formRefusalText } from '../../../lib/form-refusal-text';

/**
 * The new password's refusal, as registration words it (length, then the confirmation), in the
 * reader's language; null when both are fine.
 */
export function newPasswordRefusal(password: string, confirmation: string): string | null {
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) return formRefusalText(parsed.error.issues[0]?.message ?? '');
  if (password !== confirmation) return formRefusalText(VALIDATION.passwordsDoNotMatch);
  return null;
}
