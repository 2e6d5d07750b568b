import { describe } from 'vitest';
import type { Dialect } from '../../src/db/database';

export interface DialectContext {
  dialect: Dialect;
}

const DIALECTS: Dialect[] = ['sqlite', 'postgres'];

/**
 * One suite per database dialect, named `<name> on <dialect>` (DESIGN §13): SQLite always,
 * PostgreSQL when TEST_DATABASE_URL is set. Without it the PostgreSQL suite is declared and
 * skipped, so run reports count its tests as skipped instead of leaving them out.
 */
export function describeEachDialect(name: string, body: (ctx: DialectContext) => void): void {
  for (const dialect of DIALECTS) {
    const available = dialect === 'sqlite' || Boolean(process.env.TEST_DATABASE_URL);
    describe.skipIf(!available)(`${name} on ${dialect}`, () => body({ dialect }));
  }
}
