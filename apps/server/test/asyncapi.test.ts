import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { browserToServerSchema, serverToBrowserSchema } from '@beerscale/contract/browser-socket';
import { deviceToServerSchema, serverToDeviceSchema } from '@beerscale/contract/device-socket';
import { ASYNCAPI_FILE, asyncApiText } from '../asyncapi';

type Json = Record<string, any>;

const document: Json = JSON.parse(readFileSync(ASYNCAPI_FILE, 'utf8'));
const typesOf = (union: { options: readonly { shape: { type: { value: unknown } } }[] }) =>
  union.options.map((option) => String(option.shape.type.value)).sort();

/** The message names an operation of the server refers to. */
function messagesOf(operation: string): string[] {
  return (document.operations[operation].messages as { $ref: string }[])
    .map(({ $ref }) => {
      const [, , channel, , key] = $ref.split('/');
      return document.channels[channel!].messages[key!].name as string;
    })
    .sort();
}

describe('docs/asyncapi.json', () => {
  it('is what the contract generates (npm run asyncapi -w apps/server rewrites it)', async () => {
    expect(readFileSync(ASYNCAPI_FILE, 'utf8')).toBe(await asyncApiText());
  });

  it('has every message type of every socket, in its direction', () => {
    expect(messagesOf('browserSend')).toEqual(typesOf(serverToBrowserSchema));
    expect(messagesOf('browserReceive')).toEqual(typesOf(browserToServerSchema));
    expect(messagesOf('deviceSend')).toEqual(typesOf(serverToDeviceSchema));
    expect(messagesOf('deviceReceive')).toEqual(typesOf(deviceToServerSchema));
    expect(messagesOf('watchReceive')).toEqual(['PING', 'PONG', 'SEAT']);
    expect(messagesOf('watchSend')).toEqual(
      ['ERROR', 'GAME_STATE', 'PING', 'PONG', 'SCALE_DATA', 'SCALE_STATUS'].sort(),
    );
  });

  it("describes the device protocol's examples: each validates against its message's payload", () => {
    const protocol = readFileSync(
      new URL('../../../docs/DEVICE-PROTOCOL.md', import.meta.url),
      'utf8',
    );
    const ajv = new Ajv({ strict: false, allErrors: true });
    const check = (direction: string, operation: string) => {
      const blocks = [
        ...protocol.matchAll(new RegExp('```json ' + direction + '\\n([\\s\\S]*?)```', 'g')),
      ];
      expect(blocks.length).toBeGreaterThan(0);
      for (const [, text] of blocks) {
        const example = JSON.parse(text!) as { type: string };
        const ref = (document.operations[operation].messages as { $ref: string }[]).find(
          ({ $ref }) => $ref.endsWith(`_${example.type}`),
        )!;
        const [, , channel, , key] = ref.$ref.split('/');
        const validate = ajv.compile(document.channels[channel!].messages[key!].payload);
        expect(validate(example), `${example.type}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      }
    };
    check('device-to-server', 'deviceReceive');
    check('server-to-device', 'deviceSend');
  });
});
