#!/usr/bin/env node
// Renders deploy/nginx/beerscale.conf with an operator's ports and names (README, "Several
// instances"); the cluster tests and the benchmark render it the same way.
//
//   node deploy/nginx/render.mjs --listen 80 --server-name beerscale.lan \
//     --upstream 127.0.0.1:3001 --upstream 127.0.0.1:3002 [--access-log PATH]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const TEMPLATE = new URL('./beerscale.conf', import.meta.url);
const DEFAULT_ACCESS_LOG = '/var/log/nginx/beerscale.access.log';

/** A value that cannot end the directive it is put in or open another. */
function checked(name, value) {
  if (!value || /[;{}\n\r#'"`$\\]/.test(value)) {
    throw new Error(`--${name} ${JSON.stringify(value)} is not a usable value`);
  }
  return value;
}

/**
 * @param {{ listen: string, serverNames: string[], upstreams: string[], accessLog?: string }} site
 * @returns {string} the nginx site
 */
export function renderSite({ listen, serverNames, upstreams, accessLog = DEFAULT_ACCESS_LOG }) {
  if (upstreams.length === 0) throw new Error('at least one --upstream HOST:PORT is needed');
  if (serverNames.length === 0) throw new Error('at least one --server-name is needed');
  const template = readFileSync(TEMPLATE, 'utf8');
  return template
    .replace(/^(\s*)server @UPSTREAM@(.*)$/m, (_line, indent, rest) =>
      upstreams.map((u) => `${indent}server ${checked('upstream', u)}${rest}`).join('\n'),
    )
    .replace('@LISTEN@', checked('listen', listen))
    .replace('@SERVER_NAME@', serverNames.map((n) => checked('server-name', n)).join(' '))
    .replace('@ACCESS_LOG@', checked('access-log', accessLog));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const { values } = parseArgs({
      options: {
        listen: { type: 'string' },
        'server-name': { type: 'string', multiple: true, default: [] },
        upstream: { type: 'string', multiple: true, default: [] },
        'access-log': { type: 'string' },
      },
    });
    if (!values.listen) throw new Error('--listen PORT (or ADDRESS:PORT) is needed');
    process.stdout.write(
      renderSite({
        listen: values.listen,
        serverNames: values['server-name'],
        upstreams: values.upstream,
        accessLog: values['access-log'],
      }),
    );
  } catch (err) {
    console.error(`render.mjs: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
}
