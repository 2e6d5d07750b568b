import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { activeFastGame } from '@beerscale/contract/api/fast-games';
import { activeRankedGame } from '@beerscale/contract/api/games';
import { call } from '../../../lib/api-client';
import { read, STORAGE_KEYS } from '../../../lib/storage';

function savedId(key: typeof STORAGE_KEYS.currentGameId | typeof STORAGE_KEYS.lastGameId) {
  const saved = Number(read(key));
  return Number.isInteger(saved) && saved > 0 ? saved : null;
}

const savedGameId = () => savedId(STORAGE_KEYS.currentGameId);

/**
 * The last game that ended for this reader (saved on GAME_COMPLETED), read once per mount: when
 * no game is open, /live links to its page, so a reload after the end (or the morning after)
 * finds the results instead of only "No game to show".
 */
export function useLastGameId(): number | null {
  const [last] = useState(() => savedId(STORAGE_KEYS.lastGameId));
  return last;
}

/**
 * The caller's open game, fast or ranked (a player has at most one): the live view's fallback
 * when no game id is saved, as on a device that did not see the game set up or start.
 */
export const openGameIdQueryOptions = () =>
  queryOptions({
    queryKey: ['live', 'open-game-id'],
    queryFn: async () => {
      const [fast, ranked] = await Promise.all([call(activeFastGame), call(activeRankedGame)]);
      return fast.activeGame?.gameId ?? ranked.activeGame?.gameId ?? null;
    },
  });

/**
 * The game to show: the saved one (set when a game is set up, joined or started), else the
 * caller's open game. Both are read once per mount and then kept, so a finished game stays
 * on screen after the game's end clears the saved id; a cached answer from an earlier visit is
 * never used, as it may name the previous game.
 */
export function useCurrentGameId(): { gameId: number | null; isPending: boolean } {
  const [saved] = useState(savedGameId);
  const openGame = useQuery({
    ...openGameIdQueryOptions(),
    enabled: saved === null,
    refetchOnMount: 'always',
    staleTime: Infinity,
    refetchOnReconnect: false,
  });
  if (saved !== null) return { gameId: saved, isPending: false };
  // Until this visit's own answer is in, the cache holds the previous visit's.
  if (!openGame.isFetchedAfterMount) return { gameId: null, isPending: true };
  return { gameId: openGame.data ?? null, isPending: false };
}
