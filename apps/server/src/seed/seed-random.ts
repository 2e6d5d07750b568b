import { nextRandom } from '../game/play/engine/rng';

/**
 * The seeder's dice: the engine's mulberry32, so one seed number always yields the same
 * database (the plan's tests and the benchmark's figures rely on that).
 */
export class SeedRandom {
  constructor(private state: number) {}

  /** A number in [0, 1). */
  next(): number {
    const draw = nextRandom(this.state);
    this.state = draw.state;
    return draw.value;
  }

  /** A whole number in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Roughly normal (mean 0, deviation 1): the sum of four uniforms, rescaled. */
  normal(): number {
    return (this.next() + this.next() + this.next() + this.next() - 2) * Math.sqrt(3);
  }

  /** Picks by weight: `weights[i]` is how likely `values[i]` is, relative to the others. */
  weighted<T>(values: readonly T[], weights: readonly number[]): T {
    const total = weights.reduce((sum, w) => sum + w, 0);
    let at = this.next() * total;
    for (let i = 0; i < values.length; i += 1) {
      at -= weights[i] ?? 0;
      if (at < 0) return values[i] as T;
    }
    return values[values.length - 1] as T;
  }
}
