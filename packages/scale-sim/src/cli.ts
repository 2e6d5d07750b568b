import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { cleanMac, isValidMac } from '@beerscale/contract/mac-address';
import { defaultServer } from './default-server';
import { ScaleClient } from './scale-client';
import { VirtualPlayers } from './virtual-players';

const USAGE = `Usage: npm run sim -- --mac AABBCCDDEEFF [--server http://127.0.0.1:$PORT] [--key-file F]
                    [--players auto] [--skill 0.7] [--seed N] [--unreachable-ssid NAME ...]

--unreachable-ssid NAME (repeatable): joining that WiFi network fails; the scale stays on its
network and reports it (STATUS, protocol 1.1).

Interactive commands: <grams> place a container, r remove it, d <grams> drink, t tare,
c <grams> calibrate with that known weight on the platform, q quit, h help`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

let args;
try {
  args = parseArgs({
    options: {
      mac: { type: 'string' },
      server: { type: 'string', default: defaultServer() },
      'key-file': { type: 'string' },
      players: { type: 'string' },
      skill: { type: 'string', default: '0.7' },
      seed: { type: 'string', default: String(Date.now() % 100_000) },
      'unreachable-ssid': { type: 'string', multiple: true, default: [] },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  }).values;
} catch (err) {
  fail((err as Error).message);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const mac = cleanMac(args.mac ?? '');
if (!args.mac || !isValidMac(mac) || args.mac.replace(/[:-]/g, '').length !== 12) {
  fail('--mac must be 12 hexadecimal characters, e.g. AABBCCDDEEFF');
}
const skill = Number(args.skill);
if (!Number.isFinite(skill) || skill < 0 || skill > 1) fail('--skill must be between 0 and 1');
if (args.players !== undefined && args.players !== 'auto') fail('--players takes only "auto"');
const seed = Number(args.seed);
if (!Number.isInteger(seed)) fail('--seed must be a whole number');
const server = args.server.replace(/\/$/, '');

const scale = new ScaleClient({
  server,
  mac,
  // Relative to where `npm run sim` was typed, not the workspace folder npm runs it in.
  keyFile: resolve(
    process.env.INIT_CWD ?? process.cwd(),
    args['key-file'] ?? `.sim-keys/${mac}.key`,
  ),
  seed,
  unreachableSsids: args['unreachable-ssid'],
});

console.log(`beerscale simulator for scale ${mac}`);
console.log(`Register with this scale: ${server}/register?mac=${mac}`);
scale.on('open', () => console.log(`connected to ${server}`));
scale.on('close', (code, reason) =>
  console.log(`disconnected (${code}${reason ? `: ${reason}` : ''})`),
);
scale.on('rejected', (error, retryAfter) =>
  console.log(`REJECTED: ${error}${retryAfter ? ` (connecting again in ${retryAfter} s)` : ''}`),
);
scale.on('PAIRING', (m) =>
  console.log(
    `PAIRING CODE ${m.code} (valid ${Math.round(m.expiresIn / 60)} minutes): enter it on the scale settings page, ` +
      `the /admin page, or: npm run admin -- pair --mac ${mac} --code ${m.code}`,
  ),
);
scale.on('WELCOME', (m) =>
  console.log(
    `WELCOME${m.key ? ' (paired: key saved)' : ''}; game: ${m.game ? `#${m.game.gameId}` : 'none'}`,
  ),
);
scale.on('CONFIGURE', (m) =>
  console.log(
    `CONFIGURE game #${m.gameId}, ${m.containerType}: ${m.players.map((p) => p.name).join(', ')}`,
  ),
);
scale.on('START', (m) => console.log(`START game #${m.gameId}`));
scale.on('DISPLAY', (m) =>
  console.log(`[screen] ${m.phase}${m.target ? ` target ${m.target} g` : ''}: ${m.text}`),
);
scale.on('wifi-failed', (ssid, kept) =>
  console.log(
    `WIFI could not join "${ssid}"; staying on ${kept ? `"${kept}"` : 'the current network'} (STATUS sent)`,
  ),
);
scale.on('SETTINGS', (m) =>
  console.log(
    `SETTINGS ${JSON.stringify({ ...m.settings, wifi_password: m.settings.wifi_password ? '***' : '' })}`,
  ),
);

if (args.players === 'auto') {
  console.log(`Scripted mode: virtual players with skill ${skill} follow the game.`);
  new VirtualPlayers(scale, { skill, seed, log: (line) => console.log(`  ${line}`) });
} else {
  console.log('Interactive mode: type h for help.');
  const rl = createInterface({ input: process.stdin });
  rl.on('line', (line) => {
    const [command, value] = line.trim().split(/\s+/);
    const grams = Number(command);
    if (command && Number.isFinite(grams)) {
      scale.place(grams);
      console.log(`placed ${grams} g`);
    } else if (command === 'r') {
      scale.remove();
      console.log('removed');
    } else if (command === 'd' && Number.isFinite(Number(value))) {
      scale.drink(Number(value));
      console.log(`drank ${value} g, now ${scale.platform.trueGrams} g`);
    } else if (command === 'c' && Number(value) > 0) {
      console.log(`calibrated: ${scale.calibrate(Number(value))} counts per gram (STATUS sent)`);
    } else if (command === 't') {
      scale.platform.tare(Date.now());
      console.log('tared');
    } else if (command === 'q') {
      scale.stop();
      process.exit(0);
    } else if (command) {
      console.log(USAGE);
    }
  });
}
scale.start();
process.on('SIGINT', () => {
  scale.stop();
  process.exit(0);
});
