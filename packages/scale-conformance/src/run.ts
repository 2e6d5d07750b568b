import { CASES, type CaseResult } from './cases';
import { KitServer } from './kit-server';
import { advertiseKit, kitAddresses } from './mdns';
import type { ConformanceReport } from './report';
import { Scenario } from './scenario';
import { DEFAULT_TIMINGS, type KitTimings } from './timings';

/** The network the kit asks the scale to join; no access point should carry this name. */
export const DEFAULT_UNREACHABLE_SSID = 'beerscale-unreachable-test';

export interface ConformanceOptions {
  /** 0: any free port (tests). */
  port: number;
  /** Where the kit listens (default 0.0.0.0: a scale on the LAN can reach it). */
  host?: string;
  /** The WiFi network that cannot be joined (the operator names it). */
  unreachableSsid?: string;
  /** Advertise the kit with DNS-SD as a beerscale server is (default off here, on in the CLI). */
  mdns?: boolean;
  timings?: Partial<KitTimings>;
  /** Called once the kit listens, with the URLs the scale can be given. */
  onListening?: (urls: string[]) => void;
  log?: (line: string) => void;
}

/**
 * Runs the kit: listens, waits for the scale, drives it through every scenario and grades each
 * case against the sentence of docs/DEVICE-PROTOCOL.md it checks.
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const host = options.host ?? '0.0.0.0';
  const timings = { ...DEFAULT_TIMINGS, ...options.timings };
  const log = options.log ?? (() => {});
  const startedAt = new Date().toISOString();
  const server = await KitServer.listen(options.port, host, timings.pingIntervalMs);
  const addresses = kitAddresses(host);
  const urls = addresses.map(
    (a) => `ws://${a.includes(':') ? `[${a}]` : a}:${server.port}/ws/device`,
  );
  const withdraw = options.mdns
    ? advertiseKit(server.port, addresses, (err) => log(`mDNS: ${String(err)}`))
    : null;
  const scenario = new Scenario(
    server,
    timings,
    options.unreachableSsid ?? DEFAULT_UNREACHABLE_SSID,
    log,
  );
  try {
    options.onListening?.(urls);
    await scenario.run();
  } finally {
    await withdraw?.();
    await server.close();
  }
  const results: CaseResult[] = CASES.map((c) => {
    const judged = scenario.results.get(c.id);
    if (c.id === 'pairing-code' && scenario.codes.length > 0) {
      const shown = scenario.codes
        .map((code) => `"Pair: ${code.slice(0, 3)} ${code.slice(3)}"`)
        .join(', then ');
      return {
        id: c.id,
        title: c.title,
        quote: c.quote,
        verdict: 'MANUAL',
        detail: `the scale must have shown ${shown} large, from PAIRING until WELCOME`,
      };
    }
    return {
      id: c.id,
      title: c.title,
      quote: c.quote,
      verdict: judged?.verdict ?? 'FAIL',
      detail:
        judged?.detail ??
        (server.connections.length === 0
          ? `no scale connected within ${Math.round(timings.connectTimeoutMs / 1000)} s`
          : 'not reached: the scale was lost before this case'),
    };
  });
  return {
    startedAt,
    finishedAt: new Date().toISOString(),
    urls,
    scale: scenario.identity,
    results,
    passed: results.every((r) => r.verdict !== 'FAIL'),
  };
}
