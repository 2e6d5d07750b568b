import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { Bonjour } from 'bonjour-service';
import { DEVICE_PROTOCOL_VERSION } from '@beerscale/contract/device-socket';

/** The addresses a scale can reach the kit on when it listens on `host`. */
export function kitAddresses(host: string): string[] {
  if (host !== '0.0.0.0' && host !== '::') return [host === 'localhost' ? '127.0.0.1' : host];
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((info) => !info.internal && (host === '::' || info.family === 'IPv4'))
    .map((info) => info.address);
}

/**
 * Advertises the kit as a beerscale server does (`_beerscale._tcp`, TXT path and protocol), with
 * exactly the addresses it listens on, so a scale that finds its server by mDNS finds the kit.
 * Stop the real server meanwhile, or the scale may pick it instead.
 */
export function advertiseKit(port: number, addresses: string[], onError: (err: unknown) => void) {
  const bonjour = new Bonjour({}, onError);
  const service = bonjour.publish({
    name: 'beerscale conformance kit',
    type: 'beerscale',
    protocol: 'tcp',
    port,
    txt: { path: '/ws/device', protocol: String(DEVICE_PROTOCOL_VERSION) },
  });
  const records = service.records.bind(service);
  service.records = () => [
    ...records().filter((r) => r.type !== 'A' && r.type !== 'AAAA'),
    ...addresses.map((address) => ({
      name: service.host,
      type: isIP(address) === 6 ? ('AAAA' as const) : ('A' as const),
      ttl: 120,
      data: address,
    })),
  ];
  service.on('error', onError);
  return () =>
    new Promise<void>((resolve) => bonjour.unpublishAll(() => bonjour.destroy(() => resolve())));
}
