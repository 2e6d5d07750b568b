import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { api } from '../../lib/api-client';
import { forgetGameId, read, STORAGE_KEYS } from '../../lib/storage';
import { useSocketEvent } from '../../lib/use-socket-event';
import { t } from '../../i18n/use-t';
import { gameName } from '../../i18n/game-name';

/** App-wide game notices and the saved game id's upkeep (SPEC §4, §8). */
export function useGameEvents(): void {
  const queryClient = useQueryClient();

  useSocketEvent('GAME_COMPLETED', (message) => {
    toast.info(t('toast.gameCompleted', { name: gameName(message.gameName) }));
    forgetGameId(message.gameId);
    // Figures that the result changed, and the ranked lobby, which clears like on GAME_DELETED
    // (SPEC §4); the live view keeps showing the finished game.
    const keys = [
      ['game-state', message.gameId],
      ['fast-game'],
      ['ranked'],
      ['home'],
      ['leaderboard'],
    ];
    for (const key of keys) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  });

  // SPEC §4: on focus or when the tab becomes visible, a saved game id that is gone, not
  // active, or cannot be checked is removed.
  useEffect(() => {
    const check = () => {
      const id = read(STORAGE_KEYS.currentGameId);
      if (!id || document.visibilityState === 'hidden') return;
      api<{ exists: boolean; isActive: boolean }>(
        'GET',
        `/api/games/${encodeURIComponent(id)}/validate`,
      )
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
