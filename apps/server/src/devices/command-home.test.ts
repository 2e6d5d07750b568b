import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACKED_COMMANDS } from '@beerscale/contract/device-socket';

const SRC = join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The server's files (relative to src/) whose text matches `pattern`. */
function filesMatching(pattern: RegExp): string[] {
  return sources(SRC)
    .filter((path) => pattern.test(readFileSync(path, 'utf8')))
    .map((path) => relative(SRC, path).split('\\').join('/'))
    .sort();
}

// Every frame that changes what a scale does or shows has one home, so a change of the protocol
// or of a text is made once (docs/ARCHITECTURE.md, the device gateway).
describe('device commands', () => {
  it('are built only in the notifier', () => {
    const types = [...ACKED_COMMANDS, 'DISPLAY'].join('|');
    expect(filesMatching(new RegExp(`type: '(${types})'`))).toEqual(['devices/device-notifier.ts']);
  });

  it('take their ids from one function', () => {
    // An id in a frame (not a parameter's type) is given only where commands are built.
    expect(filesMatching(/cmdId: (?!string\b)/)).toEqual(['devices/device-notifier.ts']);
    expect(filesMatching(/function \w*[Cc](md|ommand)Id\w*\(/)).toEqual(['devices/command-ids.ts']);
  });
});
