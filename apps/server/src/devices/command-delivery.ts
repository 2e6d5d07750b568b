import type { ServerToDevice } from '@beerscale/contract/device-socket';
import type { EventBus } from '../realtime/event-bus';
import { CommandOutbox, isAcked } from './command-outbox';
import type { DeviceConnection } from './device-connection';

/** A device's refusal of a command (its leader is told too), or a command never ACKed. */
export type NackListener = (mac: string, cmdId: string, error: string) => void;

/**
 * Commands (built by device-notifier.ts) on their way to this instance's scales: sent, kept until
 * ACKed and sent again when not (command-outbox.ts), and a NACK or a command given up reported
 * to the log and, as `device.nack`, to the game's leader.
 */
export class CommandDelivery {
  private readonly outbox: CommandOutbox;

  constructor(
    resendMs: number,
    private readonly bus: EventBus,
    private readonly onNack?: NackListener,
  ) {
    this.outbox = new CommandOutbox(resendMs);
  }

  get resendMs(): number {
    return this.outbox.resendMs;
  }

  send(conn: DeviceConnection, command: ServerToDevice): void {
    conn.send(command);
    // A bridged Bluetooth scale has no screen: its link drops commands and never ACKs them.
    if (isAcked(command) && !conn.socket.dropsCommands) {
      this.outbox.sent(conn.mac, command, Date.now());
    }
  }

  /** After a WELCOME: what the scale was told before may be lost, the notifier says it again. */
  forget(mac: string): void {
    this.outbox.forget(mac);
  }

  acked(mac: string, cmdId: string): void {
    this.outbox.ack(mac, cmdId);
  }

  /** NACK: the command is answered (not sent again), and the refusal reported. */
  refused(mac: string, cmdId: string, error: string): void {
    const command = this.outbox.take(mac, cmdId);
    this.onNack?.(mac, cmdId, error);
    this.bus.publish('device.nack', { mac, command: command?.type ?? 'command', error });
  }

  /** Sends again what is due to the scales still connected here; reports what is given up. */
  resend(now: number, connectionOf: (mac: string) => DeviceConnection | undefined): void {
    const { resend, givenUp } = this.outbox.due(now);
    for (const [mac, command] of resend) connectionOf(mac)?.send(command);
    for (const [mac, command] of givenUp) {
      const error = `No ACK for ${command.type} after repeated sends`;
      this.onNack?.(mac, command.cmdId, error);
      this.bus.publish('device.nack', { mac, command: command.type, error });
    }
  }
}
