/**
 * Fixed-window counters of failed logins per account and per client address (DESIGN §6). Kept in
 * memory: with several instances each counts its own share, which still caps a brute force at
 * (instances × limit) attempts per window.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly perAccount: number,
    private readonly perAddress: number,
    private readonly windowMs: number,
  ) {}

  isBlocked(account: string, address: string, now: number): boolean {
    return (
      this.count(`a:${account}`, now) >= this.perAccount ||
      this.count(`i:${address}`, now) >= this.perAddress
    );
  }

  recordFailure(account: string, address: string, now: number): void {
    this.bump(`a:${account}`, now);
    this.bump(`i:${address}`, now);
  }

  recordSuccess(account: string): void {
    this.failures.delete(`a:${account}`);
  }

  private count(key: string, now: number): number {
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= now) return 0;
    return entry.count;
  }

  private bump(key: string, now: number): void {
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= now) {
      this.failures.set(key, { count: 1, resetAt: now + this.windowMs });
      if (this.failures.size > 100_000) this.sweep(now);
    } else {
      entry.count += 1;
    }
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.failures) if (entry.resetAt <= now) this.failures.delete(key);
  }
}
