import { afterEach, describe, expect, it, vi } from 'vitest';
import { Random } from './random';
import { ScaleClient } from './scale-client';
import { VirtualPlayers, drinkError, weightAfterDrinking } from './virtual-players';

describe('virtual players', () => {
  it('a perfect player always hits the target, a poor one misses by more', () => {
    const random = new Random(1);
    for (let i = 0; i < 50; i += 1) expect(drinkError(random, 1)).toBe(0);
    const errors = Array.from({ length: 200 }, () => Math.abs(drinkError(random, 0.2)));
    expect(errors.reduce((a, b) => a + b, 0) / errors.length).toBeGreaterThan(3);
  });

  it('cannot add beer: the weight after drinking never exceeds the current weight', () => {
    expect(weightAfterDrinking(500, 460, -3)).toBe(457);
    expect(weightAfterDrinking(450, 460, 5)).toBe(450);
    expect(weightAfterDrinking(30, 10, -20)).toBe(0);
  });

  it('put the next container down only once the scale has sent an empty reading', () => {
    vi.useFakeTimers();
    try {
      const scale = new ScaleClient({
        server: 'http://127.0.0.1:1',
        mac: 'AB0000000002',
        keyFile: null,
      });
      new VirtualPlayers(scale, { skill: 1, seed: 4 });
      // The last reading the server got is the previous player's bottle: the sample timer did
      // not run since it was lifted (a busy machine).
      scale.lastSentGrams = 480;
      scale.emit('DISPLAY', { type: 'DISPLAY', phase: 'INITIAL_WEIGHING', player: 'Bo', text: '' });
      vi.advanceTimersByTime(2000);
      expect(scale.platform.trueGrams).toBe(0);
      scale.lastSentGrams = 0;
      vi.advanceTimersByTime(100);
      expect(scale.platform.trueGrams).toBeGreaterThan(450);
    } finally {
      vi.useRealTimers();
    }
  });

  describe('under house rules', () => {
    afterEach(() => vi.useRealTimers());

    // A scale that never connects: its screen is driven here, its platform read back.
    const table = () => {
      vi.useFakeTimers();
      const scale = new ScaleClient({
        server: 'http://127.0.0.1:1',
        mac: 'AB0000000001',
        keyFile: null,
      });
      const players = new VirtualPlayers(scale, { skill: 1, seed: 3 });
      const show = (message: Parameters<typeof scale.emit<'DISPLAY'>>[1]) => {
        scale.emit('DISPLAY', message);
        vi.advanceTimersByTime(1000);
        return scale.platform.trueGrams;
      };
      return { players, show };
    };

    it('leave the platform empty while the game waits for the app', () => {
      const { show } = table();
      expect(
        show({ type: 'DISPLAY', phase: 'INITIAL_WEIGHING', player: 'Anna', text: '' }),
      ).toBeGreaterThan(450);
      for (const phase of ['CALLING', 'GIVING'] as const) {
        expect(show({ type: 'DISPLAY', phase, player: 'Anna', text: '' })).toBe(0);
      }
      expect(show({ type: 'DISPLAY', phase: 'ESTIMATING', text: '' })).toBe(0);
    });

    it('put the empty container on the scale in the finale', () => {
      const { show } = table();
      show({ type: 'DISPLAY', phase: 'INITIAL_WEIGHING', player: 'Anna', text: '' });
      const empty = show({ type: 'DISPLAY', phase: 'FINALE', player: 'Anna', text: '' });
      expect(empty).toBeGreaterThanOrEqual(190);
      expect(empty).toBeLessThanOrEqual(215);
    });
  });
});
