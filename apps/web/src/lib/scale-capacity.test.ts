import { describe, expect, it } from 'vitest';
import { overCapacity } from './scale-capacity';

describe('overCapacity', () => {
  it('is true above 90 % of the maximum, false at or below it and without a known maximum', () => {
    expect(overCapacity('BEER_BOTTLE', 500)).toBe(true); // 710 g > 450 g
    expect(overCapacity('BEER_CAN', 500)).toBe(true); // 520 g > 450 g
    expect(overCapacity('BEER_BOTTLE', 2000)).toBe(false);
    expect(overCapacity('BEER_CAN', 578)).toBe(false); // 520 g = 90 % of 577.8 g
    expect(overCapacity('BEER_CAN', 577)).toBe(true);
    expect(overCapacity('BEER_BOTTLE', null)).toBe(false);
  });
});
