import { errorCodeFor } from '@beerscale/contract/error-codes';
import { translatedRefusal } from '../i18n/refusals';

/** A contract text checked in the browser (a zod message), in the reader's language. */
export const refusalText = (english: string) =>
  translatedRefusal(errorCodeFor(english, 400), english);
