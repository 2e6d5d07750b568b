import { errorCodeFor } from '@beerscale/contract/error-codes';
import { translatedRefusal } from '../i18n/refusals';

/**
 * A contract text from any group (a notice to a watcher, a bridge's refusal) in the reader's
 * language. A form's own zod message needs only VALIDATION: lib/form-refusal-text.ts.
 */
export const refusalText = (english: string) =>
  translatedRefusal(errorCodeFor(english, 400), english);
