import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEVICE_REJECTS } from '@beerscale/contract/device-rejects';
import {
  DISPLAY_PHASES,
  deviceToServerSchema,
  serverToDeviceSchema,
} from '@beerscale/contract/device-socket';

// docs/DEVICE-PROTOCOL.md is what a firmware author builds from: its examples and its table of
// refusals are checked against the contract, so the document cannot drift from the server.
const doc = readFileSync(new URL('../../../docs/DEVICE-PROTOCOL.md', import.meta.url), 'utf8');

function examples(direction: 'device-to-server' | 'server-to-device'): unknown[] {
  const blocks = [...doc.matchAll(new RegExp('```json ' + direction + '\\n([\\s\\S]*?)```', 'g'))];
  return blocks.map((match) => JSON.parse(match[1]!));
}

describe('docs/DEVICE-PROTOCOL.md', () => {
  it.each([
    ['device-to-server', deviceToServerSchema],
    ['server-to-device', serverToDeviceSchema],
  ] as const)(
    'has %s examples that the contract accepts, one of every type',
    (direction, schema) => {
      const found = examples(direction);
      const types = new Set<string>();
      for (const example of found) {
        const parsed = schema.safeParse(example);
        expect(parsed.success, JSON.stringify(example)).toBe(true);
        types.add((example as { type: string }).type);
      }
      const all = schema.options.map((option) => option.shape.type.value);
      expect([...types].sort()).toEqual([...all].sort());
    },
  );

  it('tabulates every refusal with its retryAfter', () => {
    for (const reject of Object.values(DEVICE_REJECTS)) {
      const retry = 'retryAfter' in reject ? String(reject.retryAfter) : '–';
      const escaped = reject.error.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      expect(doc, reject.error).toMatch(new RegExp(`\\| \`${escaped}\`\\s*\\|\\s*${retry}\\s*\\|`));
    }
  });

  it('names every display phase', () => {
    for (const phase of DISPLAY_PHASES) expect(doc).toContain(`\`${phase}\``);
  });
});
