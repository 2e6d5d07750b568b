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
