import { isIP } from 'node:net';
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import { Bonjour, type Service, type ServiceConfig } from 'bonjour-service';
import { DEVICE_PROTOCOL_VERSION } from '@beerscale/contract/device-socket';

export type MdnsMode = 'auto' | 'on' | 'off';

/** DNS-SD service type a scale browses for (docs/DEVICE-PROTOCOL.md, "Finding the server"). */
export const MDNS_SERVICE_TYPE = 'beerscale';

/** What a scale on the LAN finds: host and port from SRV, the socket path and protocol in TXT. */
export function mdnsService(port: number, instanceName?: string): ServiceConfig {
  return {
    name: instanceName ? `beerscale ${instanceName}` : 'beerscale',
    type: MDNS_SERVICE_TYPE,
    protocol: 'tcp',
    port,
    txt: { path: '/ws/device', protocol: String(DEVICE_PROTOCOL_VERSION) },
  };
}

const isLoopback = (host: string) =>
  ['127.0.0.1', 'localhost', '::1'].includes(host) || host.startsWith('127.');

/**
 * `auto` advertises only when scales can reach the server at all: listening beyond loopback
 * (HOST=0.0.0.0 or a LAN address). Tests and a laptop-only `npm start` stay silent on the LAN.
 */
export function shouldAdvertise(mode: MdnsMode, host: string): boolean {
  if (mode !== 'auto') return mode === 'on';
  return !isLoopback(host);
}

/**
 * The addresses a scale can reach the server on when it listens on `host`: every interface's
 * for the wildcards (IPv4 only for 0.0.0.0), the loopback address for a loopback host, the
 * address itself for one address. A scale given an address the server does not listen on
 * would try it in vain (HOST=127.0.0.1 once advertised the LAN and link-local addresses).
 */
export function advertisedAddresses(
  host: string,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): string[] {
  if (host === 'localhost') return ['127.0.0.1'];
  if (isLoopback(host) || (isIP(host) && host !== '0.0.0.0' && host !== '::')) return [host];
  const all = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((info) => !info.internal);
  if (host === '0.0.0.0') return all.filter((info) => info.family === 'IPv4').map((i) => i.address);
  // '::' (dual stack) or a host name: every address of the machine, as bonjour-service would.
  return all.map((info) => info.address);
}

/** The service's A/AAAA records are exactly `addresses`; the DNS-SD records stay as they are. */
export function restrictAddresses(service: Service, addresses: string[]): void {
  const records = service.records.bind(service);
  service.records = () => [
    ...records().filter((record) => record.type !== 'A' && record.type !== 'AAAA'),
    ...addresses.map((address) => ({
      name: service.host,
      type: isIP(address) === 6 ? ('AAAA' as const) : ('A' as const),
      ttl: 120,
      data: address,
    })),
  ];
}

/** Starts answering mDNS queries for the service; the returned function withdraws it. */
export function advertiseOnLan(
  service: ServiceConfig,
  addresses: string[],
  onError: (err: unknown) => void,
) {
  const bonjour = new Bonjour({}, onError);
  const published = bonjour.publish(service);
  // Its first announcement comes after a random delay: the records are replaced before it.
  restrictAddresses(published, addresses);
  published.on('error', onError);
  return () =>
    new Promise<void>((resolve) => {
      bonjour.unpublishAll(() => bonjour.destroy(() => resolve()));
    });
}
