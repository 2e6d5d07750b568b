import { Random } from './random';

/**
 * What a load cell reads over time: a container put down overshoots, rings and settles into a
 * small jitter; lifted off, the reading falls to about zero. Time is in milliseconds.
 */
export class Platform {
  private load = 0;
  private from = 0;
  private changedAt = -Infinity;
  private offset = 0;
  /** The scale's calibration_offset setting: grams added to every reading it sends. */
  calibration = 0;
  /**
   * The load cell's true counts per gram over the calibration_factor in use: 1 while the scale
   * uses its own factor, off by the ratio when it is given another.
   */
  factorRatio = 1;
  private readonly random: Random;
  private readonly recent: number[] = [];

  /**
   * `rings: false` puts containers down settled: the reading is the new load (and its jitter)
   * at once. For runs that play many games against a server whose stability window is shorter
   * than the ringing (the browser tests); the load cell's ringing is the default.
   */
  constructor(
    seed = 1,
    private readonly rings = true,
  ) {
    this.random = new Random(seed);
  }

  /** The true weight on the platform. */
  get trueGrams(): number {
    return this.load;
  }

  set(grams: number, now: number): void {
    this.from = this.readAt(now, false);
    this.load = Math.max(0, grams);
    this.changedAt = now;
  }

  place(grams: number, now: number): void {
    this.set(grams, now);
  }

  remove(now: number): void {
    this.set(0, now);
  }

  tare(now: number): void {
    this.offset = this.readAt(now, false) + this.offset;
  }

  /** The mean of the last few readings sent: what a firmware calibrates on once they are stable. */
  meanOfRecent(): number | null {
    if (this.recent.length === 0) return null;
    return this.recent.reduce((a, b) => a + b, 0) / this.recent.length;
  }

  /** One reading at `now`, and whether the firmware would call it stable. */
  sample(now: number): { grams: number; stable: boolean } {
    const grams =
      Math.round((this.readAt(now, true) * this.factorRatio + this.calibration) * 10) / 10;
    this.recent.push(grams);
    if (this.recent.length > 5) this.recent.shift();
    const stable =
      this.recent.length === 5 && Math.max(...this.recent) - Math.min(...this.recent) <= 1.5;
    return { grams, stable };
  }

  private readAt(now: number, noisy: boolean): number {
    const t = now - this.changedAt;
    const step = this.load - this.from;
    // A damped spring: it starts where the reading was, overshoots by about 8 % after ~0.3 s
    // and is within a gram of the load after ~0.8 s.
    const settled = !this.rings || t < 0 || t > 3000 || !Number.isFinite(t);
    const settling = settled ? this.load : this.load - step * Math.exp(-t / 112) * Math.cos(t / 90);
    const noise = noisy ? this.random.gaussian(this.load > 0 ? 0.25 : 0.1) : 0;
    return settling + noise - this.offset;
  }
}
