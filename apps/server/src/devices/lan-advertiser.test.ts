import { describe, expect, it } from 'vitest';
import type { NetworkInterfaceInfo } from 'node:os';
import { Bonjour } from 'bonjour-service';
import {
  advertisedAddresses,
  mdnsService,
  restrictAddresses,
  shouldAdvertise,
} from './lan-advertiser';

describe('LAN advertisement (DNS-SD _beerscale._tcp)', () => {
  it('names the socket path and the protocol in TXT, the port in SRV', () => {
    expect(mdnsService(3000)).toEqual({
      name: 'beerscale',
      type: 'beerscale',
      protocol: 'tcp',
      port: 3000,
      txt: { path: '/ws/device', protocol: '1' },
    });
    expect(mdnsService(8080, 'bar').name).toBe('beerscale bar');
  });

  it('advertises on auto only when scales can reach the server', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.1.1'])
      expect(shouldAdvertise('auto', host)).toBe(false);
    for (const host of ['0.0.0.0', '192.168.1.20', '::'])
      expect(shouldAdvertise('auto', host)).toBe(true);
    expect(shouldAdvertise('on', '127.0.0.1')).toBe(true);
    expect(shouldAdvertise('off', '0.0.0.0')).toBe(false);
  });
});

describe('advertised addresses: only those the server listens on', () => {
  const machine = {
    lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }],
    eth0: [
      { address: '192.0.2.2', family: 'IPv4', internal: false },
      { address: 'fe80::1', family: 'IPv6', internal: false },
    ],
  } as unknown as NodeJS.Dict<NetworkInterfaceInfo[]>;

  it('loopback when HOST is loopback, the one address when HOST is one', () => {
    expect(advertisedAddresses('127.0.0.1', machine)).toEqual(['127.0.0.1']);
    expect(advertisedAddresses('localhost', machine)).toEqual(['127.0.0.1']);
    expect(advertisedAddresses('::1', machine)).toEqual(['::1']);
    expect(advertisedAddresses('192.0.2.2', machine)).toEqual(['192.0.2.2']);
  });

  it('every IPv4 interface for 0.0.0.0, IPv6 too for ::', () => {
    expect(advertisedAddresses('0.0.0.0', machine)).toEqual(['192.0.2.2']);
    expect(advertisedAddresses('::', machine)).toEqual(['192.0.2.2', 'fe80::1']);
  });

  it('the published service answers with exactly those addresses', async () => {
    const bonjour = new Bonjour({ multicast: false } as never, () => {});
    const service = bonjour.publish({ ...mdnsService(3000), probe: false });
    restrictAddresses(service, ['127.0.0.1']);
    const addresses = service.records().filter((r) => r.type === 'A' || r.type === 'AAAA');
    expect(addresses).toEqual([{ name: service.host, type: 'A', ttl: 120, data: '127.0.0.1' }]);
    expect(service.records().map((r) => r.type)).toEqual(expect.arrayContaining(['SRV', 'TXT']));
    await new Promise<void>((done) => bonjour.unpublishAll(() => bonjour.destroy(() => done())));
  });
});
