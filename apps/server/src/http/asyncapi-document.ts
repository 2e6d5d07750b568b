import { z } from 'zod';
import { browserToServerSchema, serverToBrowserSchema } from '@beerscale/contract/browser-socket';
import {
  DEVICE_PROTOCOL_VERSION,
  deviceToServerSchema,
  serverToDeviceSchema,
} from '@beerscale/contract/device-socket';
import {
  SEAT_GREETING_MS,
  WATCH_SOCKET_PATH,
  watchToServerSchema,
} from '@beerscale/contract/watch';

type Json = Record<string, unknown>;
type Union = { options: readonly z.ZodObject[] };

/** What the watch socket sends: the game's own messages (what it takes: watchToServerSchema). */
const TO_WATCHER = ['GAME_STATE', 'SCALE_DATA', 'SCALE_STATUS', 'ERROR', 'PING', 'PONG'];

interface Channel {
  key: string;
  address: string;
  description: string;
  /** Messages the server sends on it, and those it takes. */
  sends: Union;
  takes: Union;
  sendsOnly?: string[];
  takesOnly?: string[];
}

const CHANNELS: Channel[] = [
  {
    key: 'browser',
    address: '/ws',
    description:
      "The signed-in browser's live channel: `/ws?token=<session JWT>`, same origin only. " +
      'A refused token gets ERROR, then close 1008.',
    sends: serverToBrowserSchema,
    takes: browserToServerSchema,
  },
  {
    key: 'device',
    address: '/ws/device',
    description:
      `The scale's socket, protocol version ${DEVICE_PROTOCOL_VERSION}: HELLO first; ` +
      'docs/DEVICE-PROTOCOL.md tells the conversation, pairing, refusals and rates.',
    sends: serverToDeviceSchema,
    takes: deviceToServerSchema,
  },
  {
    key: 'watch',
    address: WATCH_SOCKET_PATH,
    description:
      "A watch link's read-only socket: `/ws/watch?token=<watch token>`; one game's " +
      "snapshots and weights. A seat's phone opens it without a token and sends SEAT with its " +
      `seat token first (within ${SEAT_GREETING_MS / 1000} s; a token never goes in the address); ` +
      'a seat released or' +
      ' left gets ERROR, then close 1008. Past that, anything but PING and PONG is answered ' +
      'with ERROR.',
    sends: serverToBrowserSchema,
    takes: watchToServerSchema,
    sendsOnly: TO_WATCHER,
  },
];

/**
 * The AsyncAPI 3.0 document of the three sockets, generated from the contract's zod unions
 * (one message per `type`, its payload as JSON Schema). Operations are the server's: `send` is
 * what it sends, `receive` what it takes. Checked in as docs/asyncapi.json; a test keeps that
 * file equal to this output (`npm run asyncapi -w apps/server` rewrites it).
 */
export function asyncApiDocument(version: string): Json {
  const channels: Record<string, Json> = {};
  const operations: Record<string, Json> = {};
  for (const channel of CHANNELS) {
    const messages: Record<string, Json> = {};
    // What the server sends is described as it sends it; what it takes, as a client sends it.
    const refs = (direction: 'to' | 'from', union: Union, only?: string[]) =>
      union.options
        .map((option) => typeOf(option))
        .filter((type) => !only || only.includes(type))
        .map((type) => {
          const name = `${direction}_${type}`;
          const option = union.options.find((candidate) => typeOf(candidate) === type)!;
          messages[name] = {
            name: type,
            payload: payloadOf(option, direction === 'to' ? 'output' : 'input'),
          };
          return { $ref: `#/channels/${channel.key}/messages/${name}` };
        });
    const sent = refs('to', channel.sends, channel.sendsOnly);
    const taken = refs('from', channel.takes, channel.takesOnly);
    channels[channel.key] = {
      address: channel.address,
      description: channel.description,
      messages,
    };
    operations[`${channel.key}Send`] = {
      action: 'send',
      channel: { $ref: `#/channels/${channel.key}` },
      messages: sent,
    };
    operations[`${channel.key}Receive`] = {
      action: 'receive',
      channel: { $ref: `#/channels/${channel.key}` },
      messages: taken,
    };
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'beerscale sockets',
      version,
      description:
        'Every message is one JSON text frame with a `type`. The REST API is in ' +
        'GET /api/openapi.json.',
    },
    defaultContentType: 'application/json',
    channels,
    operations,
  };
}

function typeOf(option: z.ZodObject): string {
  return String((option.shape.type as z.ZodLiteral).value);
}

function payloadOf(option: z.ZodObject, io: 'input' | 'output'): Json {
  // The dialect AsyncAPI assumes for payloads without a schemaFormat is its own JSON Schema
  // (draft-07 based); zod's draft-7 output fits it.
  const { $schema: _dialect, ...json } = z.toJSONSchema(option, {
    target: 'draft-7',
    io,
    unrepresentable: 'any',
  }) as Json;
  return json;
}
