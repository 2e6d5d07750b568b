import { ScaleClient, type ScaleClientOptions } from '@beerscale/scale-sim/scale-client';
import { adminCommand } from './admin';

let adminReady = false;

/**
 * A simulated scale paired as the README tells an operator: the scale shows a code, and
 * `npm run admin -- pair --mac M --code C` confirms it through the running server. Its
 * containers go down settled unless `rings` says otherwise: the browser tests' server counts a
 * placement after a quarter of a second (support/serve.ts), shorter than the load cell rings.
 */
export async function pairedSimulator(options: ScaleClientOptions): Promise<ScaleClient> {
  if (!adminReady) {
    // One operator per worker: two workers creating the same account at once would collide.
    const operator = `e2e.operator.${process.env.TEST_PARALLEL_INDEX ?? 0}`;
    adminCommand('create-admin', '--username', operator, '--password', 'operator-pass-1');
    adminReady = true;
  }
  const scale = new ScaleClient({ rings: false, ...options });
  const welcomed = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the simulator was never welcomed')), 20_000);
    scale.once('WELCOME', () => {
      clearTimeout(timer);
      resolve();
    });
    scale.once('PAIRING', ({ code }) => {
      try {
        adminCommand('pair', '--mac', options.mac, '--code', code, '--server', options.server);
      } catch (err) {
        clearTimeout(timer);
        reject(err as Error);
      }
    });
  });
  scale.start();
  await welcomed;
  return scale;
}
