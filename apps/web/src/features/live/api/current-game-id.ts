import { useQuery } from '@tanstack/react-query';
import type { ActiveFastGameReply } from '@beerscale/contract/fast-games';
import { api } from '../../../lib/api-client';
import { read, STORAGE_KEYS } from '../../../lib/storage';

/** The game to show: the saved one, else the caller's open fast game. */
export function useCurrentGameId() {
  return useQuery({
    queryKey: ['live', 'current-game-id'],
    queryFn: async () => {
      const saved = Number(read(STORAGE_KEYS.currentGameId));
      if (Number.isInteger(saved) && saved > 0) return saved;
      const reply = await api<ActiveFastGameReply>('GET', '/api/fast-game/active');
      return reply.activeGame?.gameId ?? null;
    },
    staleTime: 0,
  });
}
