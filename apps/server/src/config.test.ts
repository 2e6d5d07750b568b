import { describe, expect, it } from 'vitest';
import { anchorSqlitePath, loadConfig } from './config';

describe('the database address', () => {
  it('opens the default SQLite file where the command was typed, whatever folder npm runs in', () => {
    // `npm run admin` runs in apps/server with INIT_CWD at the repository root, like `npm start`.
    const config = loadConfig({ INIT_CWD: '/srv/beerscale' });
    expect(config.databaseUrl).toBe('sqlite:/srv/beerscale/data/beerscale.db');
  });

  it('anchors relative SQLite paths only', () => {
    expect(anchorSqlitePath('sqlite:./db.sqlite', '/a')).toBe('sqlite:/a/db.sqlite');
    expect(anchorSqlitePath('sqlite://data/x.db', '/a')).toBe('sqlite:/a/data/x.db');
    expect(anchorSqlitePath('sqlite:/abs/x.db', '/a')).toBe('sqlite:/abs/x.db');
    expect(anchorSqlitePath('sqlite::memory:', '/a')).toBe('sqlite::memory:');
    const pg = 'postgres://postgres@127.0.0.1:5432/beerscale';
    expect(anchorSqlitePath(pg, '/a')).toBe(pg);
  });
});

describe('the sign-in and registration limits', () => {
  it('leave every number to the defaults when nothing is set', () => {
    expect(loadConfig({}).authLimits).toEqual({});
  });

  it('take the numbers an operator sets', () => {
    const config = loadConfig({
      LOGIN_ATTEMPTS_PER_ACCOUNT: '5',
      LOGIN_ATTEMPTS_PER_ADDRESS: '80',
      LOGINS_PER_ADDRESS: '60',
      REGISTRATIONS_PER_ADDRESS: '100',
    });
    expect(config.authLimits).toEqual({
      loginAttemptsPerAccount: 5,
      loginAttemptsPerAddress: 80,
      loginsPerAddress: 60,
      registrationsPerAddress: 100,
    });
  });

  it('refuse a number that is not a positive whole number', () => {
    expect(() => loadConfig({ REGISTRATIONS_PER_ADDRESS: '0' })).toThrow(
      /REGISTRATIONS_PER_ADDRESS/,
    );
    expect(() => loadConfig({ LOGINS_PER_ADDRESS: 'many' })).toThrow(/LOGINS_PER_ADDRESS/);
  });
});
