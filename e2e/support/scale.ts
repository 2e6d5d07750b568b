import { ScaleClient, type ScaleClientOptions } from '@beerscale/scale-sim/scale-client';
import { adminCommand } from './admin';

// One operator per worker: two workers creating the same account at once would collide.
const OPERATOR = {
  username: `e2e.operator.${process.env.TEST_PARALLEL_INDEX ?? 0}`,
  password: 'operator-pass-1',
};
let operatorToken: Promise<string> | null = null;
let pairedByCli = false;

/**
 * A simulated scale paired as the README tells an operator: the scale shows a code, and
 * `npm run admin -- pair --mac M --code C` confirms it through the running server. A worker's
 * first scale is paired so; the others through the administrator's route that command calls
 * (`POST /api/admin/scales/{mac}/pair`), which spares each a CLI process (seconds of CPU). Its
 * containers go down settled unless `rings` says otherwise: the browser tests' server counts a
 * placement after a quarter of a second (support/serve.ts), shorter than the load cell rings.
 */
export async function pairedSimulator(options: ScaleClientOptions): Promise<ScaleClient> {
  operatorToken ??= signInOperator(options.server).catch((err: unknown) => {
    operatorToken = null;
    throw err;
  });
  const token = await operatorToken;
  const scale = new ScaleClient({ rings: false, ...options });
  const welcomed = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the simulator was never welcomed')), 20_000);
    scale.once('WELCOME', () => {
      clearTimeout(timer);
      resolve();
    });
    scale.once('PAIRING', ({ code }) => {
      const fail = (err: unknown) => {
        clearTimeout(timer);
        reject(err as Error);
      };
      if (pairedByCli) {
        void confirmCode(options.server, token, options.mac, code).catch(fail);
        return;
      }
      try {
        adminCommand('pair', '--mac', options.mac, '--code', code, '--server', options.server);
        pairedByCli = true;
      } catch (err) {
        fail(err);
      }
    });
  });
  scale.start();
  await welcomed;
  return scale;
}

/** The worker's operator, made with the CLI (`create-admin`) and signed in through the API. */
async function signInOperator(server: string): Promise<string> {
  adminCommand('create-admin', '--username', OPERATOR.username, '--password', OPERATOR.password);
  const reply = await fetch(`${server}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OPERATOR),
  });
  if (!reply.ok) throw new Error(`the operator could not sign in: ${await reply.text()}`);
  return ((await reply.json()) as { token: string }).token;
}

async function confirmCode(server: string, token: string, mac: string, code: string) {
  const reply = await fetch(`${server}/api/admin/scales/${mac}/pair`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  if (!reply.ok) throw new Error(`pairing ${mac} was refused: ${await reply.text()}`);
}
