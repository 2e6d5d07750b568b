import { useEffect } from 'react';
import { useT } from '../../i18n/use-t';
import { updateProfile } from '@beerscale/contract/api/users';
import { call } from '../../lib/api-client';

/**
 * The server learns the language this player reads (on sign-in and on every switch): the scale's
 * DISPLAY texts of the games they lead follow it.
 */
export function useLanguageSync() {
  const { language } = useT();
  useEffect(() => {
    void call(updateProfile, { body: { language } }).catch(() => undefined);
  }, [language]);
}
