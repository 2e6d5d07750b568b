import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { reportHtml, reportTable } from './report';
import { DEFAULT_UNREACHABLE_SSID, runConformance } from './run';

const USAGE = `Usage: npm run conformance -- [--port 4400] [--host 0.0.0.0] [--unreachable-ssid NAME]
                            [--no-mdns] [--out DIR]

Starts a test server for a scale under test, waits for it to connect (give it the URL printed,
or let it find the kit by mDNS: stop the real server meanwhile), drives it through the
scenarios of docs/DEVICE-PROTOCOL.md and grades each case PASS, FAIL or MANUAL (watch the
scale's display for those). Writes conformance-report.json and conformance-report.html to DIR
(default: where you typed the command); exits 1 when a case failed.

--unreachable-ssid NAME  the WiFi network the kit asks the scale to join; it must not exist
                         (default ${DEFAULT_UNREACHABLE_SSID})`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

let args;
try {
  args = parseArgs({
    options: {
      port: { type: 'string', default: '4400' },
      host: { type: 'string', default: '0.0.0.0' },
      'unreachable-ssid': { type: 'string', default: DEFAULT_UNREACHABLE_SSID },
      'no-mdns': { type: 'boolean', default: false },
      out: { type: 'string' },
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
const port = Number(args.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail('--port must be 0-65535');
const ssid = args['unreachable-ssid'];
// The default is 33 characters, one more than a real network name can have: it cannot exist.
// A network name has 1 to 32 bytes (IEEE 802.11): a scale may refuse a longer one outright.
if (ssid.length === 0 || Buffer.byteLength(ssid) > 32)
  fail('--unreachable-ssid must be 1-32 bytes');
const out = resolve(process.env.INIT_CWD ?? process.cwd(), args.out ?? '.');

const report = await runConformance({
  port,
  host: args.host,
  unreachableSsid: ssid,
  mdns: !args['no-mdns'],
  onListening: (urls) => {
    console.log('beerscale conformance kit: connect the scale under test to');
    for (const url of urls) console.log(`  ${url}`);
    if (!args['no-mdns']) console.log('(also advertised by mDNS as _beerscale._tcp)');
    console.log(`The kit will ask it to join the WiFi network "${ssid}", which must not exist.`);
  },
  log: (line) => console.log(`  ${line}`),
});
console.log('');
console.log(reportTable(report));
writeFileSync(resolve(out, 'conformance-report.json'), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(resolve(out, 'conformance-report.html'), reportHtml(report));
console.log(
  `Reports: ${resolve(out, 'conformance-report.json')}, ${resolve(out, 'conformance-report.html')}`,
);
process.exit(report.passed ? 0 : 1);
