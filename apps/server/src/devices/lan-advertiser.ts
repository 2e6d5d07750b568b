import { Bonjour, type ServiceConfig } from 'bonjour-service';
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

/**
 * `auto` advertises only when scales can reach the server at all: listening beyond loopback
 * (HOST=0.0.0.0 or a LAN address). Tests and a laptop-only `npm start` stay silent on the LAN.
 */
export function shouldAdvertise(mode: MdnsMode, host: string): boolean {
  if (mode !== 'auto') return mode === 'on';
  return !['127.0.0.1', 'localhost', '::1'].includes(host) && !host.startsWith('127.');
}

/** Starts answering mDNS queries for the service; the returned function withdraws it. */
export function advertiseOnLan(service: ServiceConfig, onError: (err: unknown) => void) {
  const bonjour = new Bonjour({}, onError);
  bonjour.publish(service).on('error', onError);
  return () =>
    new Promise<void>((resolve) => {
      bonjour.unpublishAll(() => bonjour.destroy(() => resolve()));
    });
}
