/** A small seeded generator so that simulated runs repeat exactly (mulberry32). */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed | 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** Roughly normal (sum of uniforms), mean 0 and the given spread. */
  gaussian(spread: number): number {
    return ((this.next() + this.next() + this.next() + this.next() - 2) / 0.577) * spread;
  }
}
