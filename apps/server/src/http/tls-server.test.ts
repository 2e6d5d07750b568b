import { describe, expect, it } from 'vitest';
import { httpsOrigin } from './tls-server';

// Where the plain-HTTP redirect may send a browser (issue 42): never to an arbitrary Host.

describe('httpsOrigin', () => {
  const origin = httpsOrigin(undefined, [
    'beerscale.local',
    '*.lan.example',
    '192.168.1.20',
    '::1',
  ]);

  it('keeps a host the certificate names, with its port', () => {
    expect(origin('beerscale.local:8443')).toBe('https://beerscale.local:8443');
    expect(origin('BEERSCALE.local')).toBe('https://BEERSCALE.local');
    expect(origin('192.168.1.20:3000')).toBe('https://192.168.1.20:3000');
    expect(origin('[0:0:0:0:0:0:0:1]:3000')).toBe('https://[0:0:0:0:0:0:0:1]:3000');
    expect(origin('kitchen.lan.example')).toBe('https://kitchen.lan.example');
  });

  it('refuses any other host, a wildcard beyond one label, and a malformed header', () => {
    expect(origin('evil.example')).toBeNull();
    expect(origin('a.kitchen.lan.example')).toBeNull();
    expect(origin('lan.example')).toBeNull();
    expect(origin('beerscale.local@evil.example')).toBeNull();
    expect(origin(undefined)).toBeNull();
  });

  it("uses PUBLIC_URL's host whenever it is set", () => {
    const fixed = httpsOrigin('http://beer.example:8080/base', ['beerscale.local']);
    expect(fixed('beerscale.local')).toBe('https://beer.example:8080');
    expect(fixed('evil.example')).toBe('https://beer.example:8080');
  });
});
