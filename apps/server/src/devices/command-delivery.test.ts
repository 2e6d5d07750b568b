import { describe, expect, it } from 'vitest';
import { COMMAND_MAX_SENDS, type ServerToDevice } from '@beerscale/contract/device-socket';
import { LocalEventBus } from '../realtime/event-bus';
import { CommandDelivery } from './command-delivery';
import { DeviceConnection, type DeviceSocket } from './device-connection';

const MAC = 'AA0000000001';
const RESEND_MS = 1_000;

function link(dropsCommands = false) {
  const frames: ServerToDevice[] = [];
  const socket: DeviceSocket = {
    readyState: 1,
    OPEN: 1,
    CONNECTING: 0,
    dropsCommands,
    send: (data: unknown) => void frames.push(JSON.parse(String(data)) as ServerToDevice),
    close: () => {},
    terminate: () => {},
  };
  return { conn: new DeviceConnection(socket, MAC, 'i.1', 0), frames };
}

function delivery() {
  const bus = new LocalEventBus((err) => {
    throw err;
  });
  const nacks: [string, string, string][] = [];
  const published: unknown[] = [];
  bus.subscribe('device.nack', (e) => published.push(e));
  const commands = new CommandDelivery(RESEND_MS, bus, (...nack) => nacks.push(nack));
  return { commands, nacks, published };
}

const CONFIGURE: ServerToDevice = {
  type: 'CONFIGURE',
  cmdId: 'c-1',
  gameId: 7,
  containerType: 'BEER_CAN',
  players: [],
};

describe('command delivery', () => {
  it('sends a command again until it is ACKed', () => {
    const { commands } = delivery();
    const { conn, frames } = link();
    const sentAt = Date.now();
    commands.send(conn, CONFIGURE);
    commands.resend(sentAt + RESEND_MS - 1, () => conn);
    expect(frames).toHaveLength(1);
    commands.resend(Date.now() + RESEND_MS, () => conn);
    expect(frames).toHaveLength(2);
    commands.acked(MAC, 'c-1');
    commands.resend(Date.now() + 10 * RESEND_MS, () => conn);
    expect(frames).toHaveLength(2);
  });

  it('gives a command up after the last send and reports it to the log and the leader', () => {
    const { commands, nacks, published } = delivery();
    const { conn, frames } = link();
    commands.send(conn, CONFIGURE);
    let now = Date.now();
    // The first send and COMMAND_MAX_SENDS - 1 resends; the next one due gives up.
    for (let i = 0; i < COMMAND_MAX_SENDS; i += 1) commands.resend((now += RESEND_MS), () => conn);
    expect(frames).toHaveLength(COMMAND_MAX_SENDS);
    const error = 'No ACK for CONFIGURE after repeated sends';
    expect(nacks).toEqual([[MAC, 'c-1', error]]);
    expect(published).toEqual([{ mac: MAC, command: 'CONFIGURE', error }]);
  });

  it('does not send a NACKed command again and names it in the report', () => {
    const { commands, nacks, published } = delivery();
    const { conn, frames } = link();
    commands.send(conn, CONFIGURE);
    commands.refused(MAC, 'c-1', 'No such game');
    commands.resend(Date.now() + 10 * RESEND_MS, () => conn);
    expect(frames).toHaveLength(1);
    expect(nacks).toEqual([[MAC, 'c-1', 'No such game']]);
    expect(published).toEqual([{ mac: MAC, command: 'CONFIGURE', error: 'No such game' }]);
  });

  it('waits for no ACK from a link that drops commands (a bridged scale), nor for DISPLAY', () => {
    const { commands, nacks } = delivery();
    const bridged = link(true);
    commands.send(bridged.conn, CONFIGURE);
    const wifi = link();
    commands.send(wifi.conn, { type: 'DISPLAY', phase: 'IDLE', text: 'Ready' });
    commands.resend(Date.now() + 10 * RESEND_MS, () => wifi.conn);
    expect(bridged.frames).toHaveLength(1);
    expect(wifi.frames).toHaveLength(1);
    expect(nacks).toEqual([]);
  });

  it('forgets what a scale was sent once it is welcomed again', () => {
    const { commands, nacks } = delivery();
    const { conn, frames } = link();
    commands.send(conn, CONFIGURE);
    commands.forget(MAC);
    commands.resend(Date.now() + 10 * RESEND_MS, () => conn);
    expect(frames).toHaveLength(1);
    expect(nacks).toEqual([]);
  });
});
