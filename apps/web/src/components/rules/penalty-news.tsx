import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { GameState } from '@beerscale/contract/game-state';
import { reasonText } from '../../i18n/rules-text';
import { useT } from '../../i18n/use-t';

/** How long a penalty stays announced: long enough to read it across the table. */
export const PENALTY_NEWS_MS = 8000;

interface News {
  key: string;
  playerName: string;
  reason: string;
}

/**
 * The penalties dealt since the previous snapshot of the same game, as "Anna: penalty –
 * farthest off". The first snapshot announces nothing: those penalties are old news.
 */
export function newPenalties(previous: GameState | null, next: GameState): Omit<News, 'key'>[] {
  if (!previous || previous.id !== next.id) return [];
  const nameOf = (id: number) => next.players.find((p) => p.id === id)?.playerName;
  return next.players.flatMap((player) => {
    const before = previous.players.find((p) => p.id === player.id)?.penaltyLog.length ?? 0;
    return player.penaltyLog.slice(before).map((entry) => ({
      playerName: player.playerName,
      reason: reasonText(
        entry.reason,
        entry.fromPlayerId === undefined ? undefined : nameOf(entry.fromPlayerId),
      ),
    }));
  });
}

/**
 * Each round's penalties as they happen, on /live and /watch alike: a toast of the page's own,
 * since a watcher without an account has no toast container, and the same on both keeps the
 * table's screens in step.
 */
export function PenaltyNews({ game }: { game: GameState }) {
  const { t } = useT();
  const previous = useRef<GameState | null>(null);
  const counter = useRef(0);
  const [news, setNews] = useState<News[]>([]);

  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const fresh = newPenalties(previous.current, game).map((item) => ({
      ...item,
      key: String(++counter.current),
    }));
    previous.current = game;
    if (fresh.length === 0) return;
    setNews((current) => [...current, ...fresh]);
    // Each batch keeps its own timer: a snapshot arriving meanwhile must not cut it short.
    const keys = new Set(fresh.map((item) => item.key));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setNews((current) => current.filter((item) => !keys.has(item.key)));
    }, PENALTY_NEWS_MS);
    timers.current.add(timer);
  }, [game]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  // At the bottom, above a phone's navigation: the session's own toasts take the top.
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-24 z-50 mx-auto flex max-w-md flex-col gap-2 px-3 md:bottom-6"
    >
      {news.map((item) => (
        <p
          key={item.key}
          data-testid="penalty-toast"
          className="pointer-events-auto flex items-center gap-2 rounded-2xl border border-red-400/60 bg-malt-900 px-4 py-3 font-bold text-red-100 shadow-xl"
        >
          <span className="flex-1">
            {t('rules.penaltyToast', { name: item.playerName, reason: item.reason })}
          </span>
          <button
            type="button"
            className="grid size-11 shrink-0 place-items-center rounded-xl text-foam-400 hover:bg-malt-800"
            aria-label={t('rules.dismiss')}
            onClick={() => setNews((current) => current.filter((n) => n.key !== item.key))}
          >
            <X className="size-4" aria-hidden />
          </button>
        </p>
      ))}
    </div>
  );
}
