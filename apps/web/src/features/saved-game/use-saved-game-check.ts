import { useEffect } from 'react';
import { forgetGameId, read, STORAGE_KEYS } from '../../lib/storage';
import { validateSavedGame } from './api/validate-game';

/**
 * docs/ARCHITECTURE.md, The saved game id: on focus or when the tab becomes visible, a saved game
 * id that is gone, not active, or cannot be checked is removed.
 */
export function useSavedGameCheck(): void {
  useEffect(() => {
    const check = () => {
      const id = read(STORAGE_KEYS.currentGameId);
      if (!id || document.visibilityState === 'hidden') return;
      validateSavedGame(id)
        .then((reply) => {
          if (!reply.exists || !reply.isActive) forgetGameId(id);
        })
        .catch(() => forgetGameId(id));
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, []);
}
