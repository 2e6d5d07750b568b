import type { Config } from './config';
import { buildApp } from './app';
import { sharedCardRenderer } from './cards/card-renderer';
import { LogDestination } from './http/log-destination';
import { keepTickShapes } from './http/tick-shapes';
import {
  advertiseOnLan,
  advertisedAddresses,
  mdnsService,
  shouldAdvertise,
} from './devices/lan-advertiser';

/**
 * `main.ts serve`: the app on `config`'s port until SIGTERM or SIGINT, advertised on the LAN.
 * The browser tests start it with their own engine timings (e2e/support/serve.ts).
 */
export async function serve(config: Config): Promise<void> {
  const started = performance.now();
  // Before any request: node's tick objects keep one shape for the process's life (tick-shapes.ts).
  await keepTickShapes();
  // Lines gather for up to 50 ms (log-destination.ts); what is left is
  // written on the process's exit, whatever ends it (process.exit, an uncaught error).
  const log = config.logLevel === 'silent' || config.logStream ? null : new LogDestination();
  const instance = await buildApp(log ? { ...config, logStream: log } : config);
  // An error nothing caught ends the process as Node would, but as a log line an operator's
  // log collector sees with the others, not only as a stack on standard error.
  const fatal = (err: unknown) => {
    instance.app.log.fatal({ err }, 'uncaught error: exiting');
    process.exit(1);
  };
  process.on('uncaughtException', fatal);
  process.on('unhandledRejection', fatal);
  await instance.app.listen({ port: config.port, host: config.host });
  instance.app.log.info(
    { ms: Math.round(performance.now() - started), database: config.databaseUrl.split(':')[0] },
    'beerscale ready',
  );
  const address = instance.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`beerscale is running on ${config.tls ? 'https' : 'http'}://${config.host}:${port}`);
  // Scales on the LAN find the server by DNS-SD (docs/DEVICE-PROTOCOL.md).
  const withdraw = shouldAdvertise(config.mdns ?? 'auto', config.host)
    ? advertiseOnLan(
        mdnsService(port, config.instanceName),
        advertisedAddresses(config.host),
        (err) => instance.app.log.warn({ err }, 'mDNS advertisement failed'),
      )
    : null;
  if (withdraw) instance.app.log.info(`advertising _beerscale._tcp on port ${port}`);
  // In the background when the process's first game starts (here or on another instance), well
  // before its result card is asked for: the first card would otherwise pay for starting the
  // card worker and loading fonts and layout. Not at start: the worker holds memory that an
  // idle server does without (docs/PERFORMANCE.md).
  const stopWarmUp = instance.bus.subscribe('game.started', () => {
    stopWarmUp();
    sharedCardRenderer()
      .warmUp()
      .catch((err: unknown) => instance.app.log.warn({ err }, 'result card warm-up failed'));
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    instance.app.log.info({ signal }, 'shutting down');
    let step = 'mDNS withdrawal';
    const force = setTimeout(() => {
      console.error(`shutdown did not finish within 10 s (stuck at: ${step})`);
      process.exit(1);
    }, 10_000);
    force.unref();
    await withdraw?.();
    await instance.close((next) => (step = next));
    instance.app.log.info('stopped');
    log?.flush();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
