import { describe, expect, it } from 'vitest';
import { Random } from './random';
import { drinkError, weightAfterDrinking } from './virtual-players';

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
});
