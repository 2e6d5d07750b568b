import { describe, expect, it } from 'vitest';
import { drankGrams, penaltyDrinkFor, playerFigures, sips } from './drank';

// Readings typed by hand, figures worked out on paper (docs/RULES.md, "Drinks and responsible
// play"): alcohol = grams x abv / 100 x 0.789, one decimal; a standard drink is 10 g.

const BEER = { kind: 'beer', abv: 5 } as const;
const ALCOHOL_FREE = { kind: 'alcohol-free', abv: 0.5 } as const;
const WATER = { kind: 'water', abv: 0 } as const;

describe('what a player drank, from the readings', () => {
  it('sums the decreases from the start weight over three rounds', () => {
    // 850 -> 760 -> 640 -> 600: 90 + 120 + 40 = 250 g.
    const readings = [
      { round: 0, grams: 850 },
      { round: 1, grams: 760 },
      { round: 2, grams: 640 },
      { round: 3, grams: 600 },
    ];
    expect(drankGrams(readings)).toBe(250);
    // 250 x 5 / 100 x 0.789 = 9.8625 -> 9.9 g; 0.99 -> 1.0 standard drink.
    expect(playerFigures(readings, BEER)).toEqual({
      drankGrams: 250,
      alcoholGrams: 9.9,
      standardDrinks: 1,
    });
  });

  it("counts the finale's empty container", () => {
    // Two rounds, then the finale (round 3) weighs the empty bottle: 500 -> 420 -> 330 -> 180.
    const readings = [
      { round: 0, grams: 500 },
      { round: 1, grams: 420 },
      { round: 2, grams: 330 },
      { round: 3, grams: 180 },
    ];
    expect(drankGrams(readings)).toBe(320);
    // 320 x 5 / 100 x 0.789 = 12.624 -> 12.6 g, 1.26 -> 1.3 standard drinks.
    expect(playerFigures(readings, BEER)).toEqual({
      drankGrams: 320,
      alcoholGrams: 12.6,
      standardDrinks: 1.3,
    });
  });

  it("stops with a disqualified player's last reading", () => {
    // Out after round 2 (a difference above the limit): no readings after it. 480 -> 450 -> 300.
    const readings = [
      { round: 0, grams: 480 },
      { round: 1, grams: 450 },
      { round: 2, grams: 300 },
    ];
    expect(drankGrams(readings)).toBe(180);
    // 180 x 5 / 100 x 0.789 = 7.101 -> 7.1 g, 0.71 -> 0.7 standard drinks.
    expect(playerFigures(readings, BEER)).toEqual({
      drankGrams: 180,
      alcoholGrams: 7.1,
      standardDrinks: 0.7,
    });
  });

  it('ignores a rise (a refill or a wobble) and reads rounds in order', () => {
    // Recorded out of order on purpose: 500 -> 450 -> 470 (rise, nothing) -> 400: 50 + 70.
    const readings = [
      { round: 2, grams: 470 },
      { round: 0, grams: 500 },
      { round: 3, grams: 400 },
      { round: 1, grams: 450 },
    ];
    expect(drankGrams(readings)).toBe(120);
  });

  it('knows nothing was drunk before the second placement', () => {
    expect(drankGrams([])).toBe(0);
    expect(drankGrams([{ round: 0, grams: 500 }])).toBe(0);
  });

  it('gives the alcohol-free and the water player their own small figures', () => {
    const readings = [
      { round: 0, grams: 500 },
      { round: 1, grams: 300 },
    ];
    // 200 x 0.5 / 100 x 0.789 = 0.789 -> 0.8 g, 0.08 -> 0.1 standard drinks.
    expect(playerFigures(readings, ALCOHOL_FREE)).toEqual({
      drankGrams: 200,
      alcoholGrams: 0.8,
      standardDrinks: 0.1,
    });
    expect(playerFigures(readings, WATER)).toEqual({
      drankGrams: 200,
      alcoholGrams: 0,
      standardDrinks: 0,
    });
  });
});

describe('the penalty drink per player', () => {
  it('gives spirits only to players on an alcoholic drink', () => {
    expect(penaltyDrinkFor('spirit', BEER)).toBe('spirit');
    expect(penaltyDrinkFor('spirit', ALCOHOL_FREE)).toBe('sip');
    expect(penaltyDrinkFor('spirit', WATER)).toBe('sip');
    expect(penaltyDrinkFor('spirit', { kind: 'other', abv: 1.2 })).toBe('spirit');
    expect(penaltyDrinkFor('spirit', { kind: 'other', abv: 1.1 })).toBe('sip');
    expect(penaltyDrinkFor('sip', BEER)).toBe('sip');
  });
});

describe('sips with their times (evenings and months)', () => {
  it('dates each decrease by the placement that showed it', () => {
    const readings = [
      { round: 0, grams: 500, at: '2026-01-31T22:00:00.000Z' },
      { round: 1, grams: 420, at: '2026-01-31T23:50:00.000Z' },
      { round: 2, grams: 430, at: '2026-02-01T00:05:00.000Z' },
      { round: 3, grams: 300, at: '2026-02-01T00:20:00.000Z' },
    ];
    // 80 g in January; the rise of 10 g is nothing; 130 g in February.
    expect(sips(readings)).toEqual([
      { grams: 80, at: '2026-01-31T23:50:00.000Z' },
      { grams: 130, at: '2026-02-01T00:20:00.000Z' },
    ]);
  });
});
