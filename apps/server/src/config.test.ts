import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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

describe('TRUST_PROXY', () => {
  const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('is off by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(trust('false')).toBe(false);
  });

  it('true means a proxy on this machine, never "trust every hop"', () => {
    expect(trust('true')).toBe('loopback');
  });

  it('takes a list of proxy addresses and CIDRs', () => {
    expect(trust('10.0.0.5, 192.168.1.0/24,::1,fd00::/8,uniquelocal')).toBe(
      '10.0.0.5,192.168.1.0/24,::1,fd00::/8,uniquelocal',
    );
  });

  it('refuses hop counts and what is not an address', () => {
    expect(() => trust('1')).toThrow(/hop count/);
    for (const bad of ['*', '10.0.0.0/33', 'proxy.lan', '10.0.0.1/8/1']) {
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('the settings key', () => {
  const dir = mkdtempSync(join(tmpdir(), 'beerscale-key-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('comes from SETTINGS_KEY or from the file SETTINGS_KEY_FILE names, not both', () => {
    const file = join(dir, 'settings.key');
    writeFileSync(file, `${'f'.repeat(44)}\n`, { mode: 0o600 });
    expect(loadConfig({}).settingsKey).toBeUndefined();
    expect(loadConfig({ SETTINGS_KEY: 'e'.repeat(32) }).settingsKey).toBe('e'.repeat(32));
    expect(loadConfig({ SETTINGS_KEY_FILE: file }).settingsKey).toBe('f'.repeat(44));
    expect(() => loadConfig({ SETTINGS_KEY: 'e'.repeat(32), SETTINGS_KEY_FILE: file })).toThrow(
      /not both/,
    );
    expect(() => loadConfig({ SETTINGS_KEY_FILE: join(dir, 'missing') })).toThrow(/cannot be read/);
    expect(() => loadConfig({ SETTINGS_KEY: 'short' })).toThrow(/at least 32/);
  });
});

describe('the token secret', () => {
  const dir = mkdtempSync(join(tmpdir(), 'beerscale-secret-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('comes from JWT_SECRET or from the file JWT_SECRET_FILE names, not both', () => {
    const file = join(dir, 'jwt.secret');
    writeFileSync(file, `${'s'.repeat(40)}\n`, { mode: 0o600 });
    expect(loadConfig({ JWT_SECRET_FILE: file }).jwtSecret).toBe('s'.repeat(40));
    expect(loadConfig({ JWT_SECRET: 't'.repeat(32) }).jwtSecret).toBe('t'.repeat(32));
    expect(() => loadConfig({ JWT_SECRET: 't'.repeat(32), JWT_SECRET_FILE: file })).toThrow(
      /JWT_SECRET or JWT_SECRET_FILE, not both/,
    );
    const short = join(dir, 'short.secret');
    writeFileSync(short, 'too-short', { mode: 0o600 });
    expect(() => loadConfig({ JWT_SECRET_FILE: short })).toThrow(/at least 32/);
    expect(() => loadConfig({ JWT_SECRET_FILE: join(dir, 'missing') })).toThrow(/cannot be read/);
  });
});

describe("the operator's links", () => {
  it('takes http(s) URLs for IMPRINT_URL, PRIVACY_URL and PUBLIC_URL, none when unset', () => {
    const config = loadConfig({
      IMPRINT_URL: 'https://beer.example.org/imprint',
      PRIVACY_URL: 'http://beer.example.org/privacy',
      PUBLIC_URL: 'https://beer.example.org',
    });
    expect(config).toMatchObject({
      imprintUrl: 'https://beer.example.org/imprint',
      privacyUrl: 'http://beer.example.org/privacy',
      publicUrl: 'https://beer.example.org',
    });
    expect(loadConfig({})).not.toHaveProperty('imprintUrl');
    expect(() => loadConfig({ IMPRINT_URL: 'javascript:alert(1)' })).toThrow(
      /IMPRINT_URL must be an http\(s\) URL/,
    );
    expect(() => loadConfig({ PRIVACY_URL: 'privacy.html' })).toThrow(/PRIVACY_URL must be/);
  });
});

describe('who approves a scale paired by its code', () => {
  it('is its registrant unless the operator requires an administrator', () => {
    expect(loadConfig({}).pairingApproval).toBe('owner');
    expect(loadConfig({ PAIRING_APPROVAL: 'administrator' }).pairingApproval).toBe('administrator');
    expect(() => loadConfig({ PAIRING_APPROVAL: 'anyone' })).toThrow(
      'PAIRING_APPROVAL must be owner or administrator',
    );
  });
});
