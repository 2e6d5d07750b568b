import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AuthLimits } from '@beerscale/contract/limits';

/** A sign-in attempt holding its slots; the outcome decides which ones it keeps. */
export interface LoginAttempt {
  /** The password was right: the attempt slots go back, the sign-in slot stays. */
  succeeded(): void;
  /** The password was wrong: the attempt slots stay, the sign-in slot goes back. */
  failed(): void;
}

export type Admission<T> = { admitted: true; slot: T } | { admitted: false; retryAfterMs: number };

/**
 * The sign-in and registration limits of README.md's Limits, as fixed windows. A slot is taken
 * before any lookup or hashing, and taking it is atomic (in memory, `consume` increments and
 * compares synchronously), so however many requests race, no more than the limit are ever checked.
 *
 * Attempts count per account-and-address, never per account alone, so an attacker elsewhere
 * cannot lock anyone out; the per-address counters bound what one address may try in all.
 *
 * Kept in memory: with several instances each counts its own share, which still caps a brute
 * force at (instances × limit) per window.
 */
export class AuthLimiter {
  private readonly attemptsPerAccount: RateLimiterMemory;
  private readonly attemptsPerAddress: RateLimiterMemory;
  private readonly loginsPerAddress: RateLimiterMemory;
  private readonly registrationsPerAddress: RateLimiterMemory;

  constructor(limits: AuthLimits) {
    const window = (points: number, ms: number) =>
      new RateLimiterMemory({ points, duration: Math.max(1, Math.ceil(ms / 1000)) });
    this.attemptsPerAccount = window(limits.loginAttemptsPerAccount, limits.loginWindowMs);
    this.attemptsPerAddress = window(limits.loginAttemptsPerAddress, limits.loginWindowMs);
    this.loginsPerAddress = window(limits.loginsPerAddress, limits.loginWindowMs);
    this.registrationsPerAddress = window(
      limits.registrationsPerAddress,
      limits.registrationWindowMs,
    );
  }

  /**
   * Takes a slot for a sign-in attempt on `account` (its normalised username) from `address`
   * in every counter: also a sign-in slot, given back if the password turns out wrong,
   * so that a correct password never meets a limit only after it was checked (which would
   * tell an attacker it was right).
   */
  async admitLogin(account: string, address: string): Promise<Admission<LoginAttempt>> {
    const takes = [
      { limiter: this.attemptsPerAddress, key: address },
      { limiter: this.loginsPerAddress, key: address },
      { limiter: this.attemptsPerAccount, key: `${address}|${account}` },
    ] as const;
    const refusal = await takeAll(takes);
    if (refusal !== null) return { admitted: false, retryAfterMs: refusal };
    const [perAddress, logins, perAccount] = takes;
    return {
      admitted: true,
      slot: {
        succeeded: () => {
          giveBack(perAccount);
          giveBack(perAddress);
        },
        failed: () => giveBack(logins),
      },
    };
  }

  /**
   * Takes a slot for checking a password outside sign-in (a change, a deletion, a reset link):
   * the same attempt counters as sign-in, per account-and-address and per address, so guessing
   * through these calls is no cheaper than through /api/login. A right password gives them back.
   */
  async admitPasswordCheck(account: string, address: string): Promise<Admission<LoginAttempt>> {
    const takes = [
      { limiter: this.attemptsPerAddress, key: address },
      { limiter: this.attemptsPerAccount, key: `${address}|${account}` },
    ] as const;
    const refusal = await takeAll(takes);
    if (refusal !== null) return { admitted: false, retryAfterMs: refusal };
    return {
      admitted: true,
      slot: {
        succeeded: () => takes.forEach(giveBack),
        failed: () => {},
      },
    };
  }

  /** Takes a registration slot for `address`; it is kept whatever the outcome. */
  async admitRegistration(address: string): Promise<Admission<null>> {
    const refusal = await takeAll([{ limiter: this.registrationsPerAddress, key: address }]);
    return refusal === null
      ? { admitted: true, slot: null }
      : { admitted: false, retryAfterMs: refusal };
  }
}

interface Take {
  limiter: RateLimiterMemory;
  key: string;
}

/**
 * Consumes one point of each counter in order; at the first refusal, every point taken (the
 * refused one too) is given back and its wait is returned; else null. The address counters
 * come first, so an address that is refused creates no per-account entries in memory.
 */
async function takeAll(takes: readonly Take[]): Promise<number | null> {
  for (const [index, take] of takes.entries()) {
    try {
      await take.limiter.consume(take.key);
    } catch (refusal) {
      takes.slice(0, index + 1).forEach(giveBack);
      if (refusal instanceof RateLimiterRes) return refusal.msBeforeNext;
      throw refusal;
    }
  }
  return null;
}

function giveBack(take: Take): void {
  // In memory the reward is synchronous and cannot fail; the promise carries nothing.
  void take.limiter.reward(take.key);
}
