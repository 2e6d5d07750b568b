import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { GameState } from '@beerscale/contract/game-state';
import type { PenaltyDrink } from '@beerscale/contract/rules';
import { reasonText } from '../../i18n/rules-text';
import { useT } from '../../i18n/use-t';
import { useFocusedFieldHalf } from '../use-focused-field-half';

/** How long a penalty stays announced: long enough to read it across the table. */
export const PENALTY_NEWS_MS = 8000;

interface News {
  key: string;
  /** The words announced: "Anna: Schnaps – farthest off", "Tim is out: 67 g off". */
  text: string;
  /** A disqualification: announced louder, and longer on the table screen. */
  out: boolean;
}

/**
 * The penalties dealt since the previous snapshot of the same game, each with what its player
 * drinks for it: "Anna: Schnaps – farthest off", "Cleo: a sip – farthest off" (a player on water
 * or alcohol-free never gets a Schnaps). The first snapshot announces nothing: old news.
 */
export function newPenalties(
  previous: GameState | null,
  next: GameState,
): { playerName: string; reason: string; drink: PenaltyDrink }[] {
  if (!previous || previous.id !== next.id) return [];
  const nameOf = (id: number) => next.players.find((p) => p.id === id)?.playerName;
  return next.players.flatMap((player) => {
    const before = previous.players.find((p) => p.id === player.id)?.penaltyLog.length ?? 0;
    return player.penaltyLog.slice(before).map((entry) => ({
      playerName: player.playerName,
      drink: player.penaltyDrink,
      reason: reasonText(
        entry.reason,
        entry.fromPlayerId === undefined ? undefined : nameOf(entry.fromPlayerId),
      ),
    }));
  });
}

/**
 * The players out since the previous snapshot of the same game, with the difference that put
 * them out (their last): "Tim is out: 67 g off" on every screen, not only a struck-through name.
 */
export function newDisqualifications(
  previous: GameState | null,
  next: GameState,
): { playerName: string; grams: number }[] {
  if (!previous || previous.id !== next.id) return [];
  return next.players
    .filter((p) => p.disqualified && !previous.players.find((q) => q.id === p.id)?.disqualified)
    .map((p) => ({ playerName: p.playerName, grams: p.differences.at(-1) ?? 0 }));
}

/** The news to show now, and a way to dismiss one: see `PenaltyNews`. */
export function usePenaltyNews(game: GameState | null) {
  const { t } = useT();
  const previous = useRef<GameState | null>(null);
  const counter = useRef(0);
  const [news, setNews] = useState<News[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    if (!game) return;
    const fresh: News[] = [
      ...newDisqualifications(previous.current, game).map((item) => ({
        key: String(++counter.current),
        text: t('rules.outNews', { name: item.playerName, grams: item.grams }),
        out: true,
      })),
      ...newPenalties(previous.current, game).map((item) => ({
        key: String(++counter.current),
        text: t(item.drink === 'spirit' ? 'rules.penaltyToastSpirit' : 'rules.penaltyToastSip', {
          name: item.playerName,
          reason: item.reason,
        }),
        out: false,
      })),
    ];
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
  }, [game, t]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const dismiss = (key: string) => setNews((current) => current.filter((n) => n.key !== key));
  return { news, dismiss };
}

/**
 * Each round's penalties and disqualifications as they happen, on /live and /watch alike: news
 * of the page's own, since a watcher without an account has no toast container, and the same on
 * every screen keeps the table's screens in step. On a phone they float at the bottom, above the
 * navigation (the session's toasts take the top), and move to the top while a field in the
 * bottom half is typed in.
 */
export function PenaltyNews({ game }: { game: GameState }) {
  const { news, dismiss } = usePenaltyNews(game);
  return <NewsList news={news} dismiss={dismiss} />;
}

/**
 * The news as a list: floating over a phone's page, or (`inline`) banners in the table screen's
 * layout, since anything floating there covered the scoreboard.
 */
export function NewsList({
  news,
  dismiss,
  inline = false,
}: ReturnType<typeof usePenaltyNews> & { inline?: boolean }) {
  const { t } = useT();
  const field = useFocusedFieldHalf();
  const place = inline
    ? 'grid gap-2 xl:grid-cols-2'
    : `pointer-events-none fixed inset-x-0 z-50 mx-auto flex max-w-md flex-col gap-2 px-3 ${
        field === 'bottom' ? 'top-20' : 'bottom-24 md:bottom-6'
      }`;
  // The table screen keeps two in its layout (who is out first, then the newest): a pile of
  // banners pushed the standings off the screen at a round's end.
  const shown = inline
    ? [...news.filter((n) => n.out), ...news.filter((n) => !n.out).reverse()].slice(0, 2)
    : news;
  return (
    <div role="status" className={place} data-testid="penalty-news">
      {shown.map((item) => (
        <p
          key={item.key}
          data-testid={item.out ? 'out-news' : 'penalty-toast'}
          className={`pointer-events-auto flex items-center gap-2 rounded-2xl border px-4 py-3 font-bold shadow-xl ${
            item.out
              ? 'border-red-400 bg-red-950 text-red-50'
              : 'border-red-400/60 bg-malt-900 text-red-100'
          }`}
        >
          <span className="min-w-0 flex-1">{item.text}</span>
          <button
            type="button"
            className="grid size-11 shrink-0 place-items-center rounded-xl text-foam-400 hover:bg-malt-800"
            aria-label={t('rules.dismiss')}
            onClick={() => dismiss(item.key)}
          >
            <X className="size-4" aria-hidden />
          </button>
        </p>
      ))}
    </div>
  );
}
