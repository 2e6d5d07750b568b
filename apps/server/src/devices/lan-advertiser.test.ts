import { describe, expect, it } from 'vitest';
import { mdnsService, shouldAdvertise } from './lan-advertiser';

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
