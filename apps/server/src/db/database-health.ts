import { CompiledQuery } from 'kysely';

/** The health ping, compiled once: building it per request cost more than running it. */
export const SELECT_ONE = CompiledQuery.raw('select 1');

/** How long a database that answered counts as up without being asked again. */
export const HEALTH_SUCCESS_MAX_AGE_MS = 1_000;

/**
 * Whether the database answers, for `GET /api/health`. Load balancers poll health, and a ping
 * per request made health cost more than an authenticated read (on SQLite Kysely's executor, on
 * PostgreSQL a round trip). So a success is remembered for at most a second; a failure never is:
 * while the database is down every check asks it again, and a request that met the database
 * unreachable (the error handler) forgets the success at once, so health turns 503 with the
 * first failing request rather than up to a second later. Checks that arrive while a ping is
 * under way share it.
 */
export class DatabaseHealth {
  private upUntil = 0;
  /** Counts forget() calls: a ping that began before one must not record its success. */
  private forgotten = 0;
  private pending: Promise<boolean> | null = null;

  constructor(
    private readonly ping: () => Promise<unknown>,
    private readonly maxAgeMs = HEALTH_SUCCESS_MAX_AGE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** `true` at once while a success is remembered; otherwise the (shared) ping's verdict. */
  isUp(): Promise<boolean> | true {
    if (this.now() < this.upUntil) return true;
    this.pending ??= this.askDatabase();
    return this.pending;
  }

  /** A request just found the database unreachable: the next check asks it. */
  forget(): void {
    this.upUntil = 0;
    this.forgotten += 1;
  }

  private async askDatabase(): Promise<boolean> {
    const asked = this.now();
    const forgotten = this.forgotten;
    try {
      await this.ping();
      if (forgotten === this.forgotten) this.upUntil = asked + this.maxAgeMs;
      return true;
    } catch {
      this.upUntil = 0;
      return false;
    } finally {
      this.pending = null;
    }
  }
}
