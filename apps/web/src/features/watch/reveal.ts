import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { GameState } from '@beerscale/contract/game-state';

/** How long a new difference stays beside its player's name. */
export const REVEAL_MS = 3_000;
/** How long a difference takes to count up, and the standings to move. */
export const COUNT_UP_MS = 900;
export const REORDER_MS = 600;

/** The reader asked for less motion: counts show their value, nothing slides. */
export const prefersStillness = () =>
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * The difference each player scored last, for a moment after it arrived: `{ playerId: grams }`.
 * The first snapshot sets the baseline, so opening the page reveals nothing old.
 */
export function useFreshDifferences(game: GameState | null): Map<number, number> {
  const seen = useRef<Map<number, number> | null>(null);
  const [fresh, setFresh] = useState<Map<number, number>>(new Map());
  useEffect(() => {
    if (!game) return;
    const counts = new Map(game.players.map((p) => [p.id, p.differences.length]));
    const before = seen.current;
    seen.current = counts;
    if (!before) return;
    const arrived = new Map<number, number>();
    for (const p of game.players) {
      if (p.differences.length > (before.get(p.id) ?? 0)) arrived.set(p.id, p.differences.at(-1)!);
    }
    if (arrived.size === 0) return;
    setFresh(arrived);
    const timer = setTimeout(() => setFresh(new Map()), REVEAL_MS);
    return () => clearTimeout(timer);
  }, [game]);
  return fresh;
}

/** A number counting up from 0 to `value` (at once when the reader prefers stillness). */
export function useCountUp(value: number): number {
  const [shown, setShown] = useState(() => (prefersStillness() ? value : 0));
  useEffect(() => {
    if (prefersStillness()) {
      setShown(value);
      return;
    }
    const started = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const progress = Math.min(1, (now - started) / COUNT_UP_MS);
      setShown(Math.round(value * progress));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [value]);
  return shown;
}

/**
 * FLIP: when the order of the rows changes, each row starts where it was and slides to its new
 * place. `key` is the order (ids joined); rows carry `data-flip-id`.
 */
export function useReorderAnimation(list: React.RefObject<HTMLElement | null>, key: string): void {
  const tops = useRef(new Map<string, number>());
  useLayoutEffect(() => {
    const rows = [...(list.current?.querySelectorAll<HTMLElement>('[data-flip-id]') ?? [])];
    const still = prefersStillness();
    for (const row of rows) {
      const id = row.dataset.flipId!;
      const top = row.getBoundingClientRect().top;
      const was = tops.current.get(id);
      tops.current.set(id, top);
      if (still || was === undefined || was === top) continue;
      row.animate?.([{ transform: `translateY(${was - top}px)` }, { transform: 'translateY(0)' }], {
        duration: REORDER_MS,
        easing: 'cubic-bezier(0.2, 0.8, 0.2, 1)',
      });
    }
  }, [list, key]);
}

/** A short tone (Web Audio): a placement, or the end of the game (three rising notes). */
export function playCue(kind: 'placement' | 'finished'): void {
  const Context = window.AudioContext;
  if (!Context) return;
  const audio = new Context();
  const notes = kind === 'placement' ? [660] : [523, 659, 784];
  notes.forEach((frequency, i) => {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = frequency;
    const at = audio.currentTime + i * 0.18;
    gain.gain.setValueAtTime(0.15, at);
    gain.gain.exponentialRampToValueAtTime(0.001, at + 0.25);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.3);
  });
  setTimeout(() => void audio.close(), 1_500);
}
