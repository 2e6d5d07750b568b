import {
  ACKED_COMMANDS,
  COMMAND_MAX_SENDS,
  COMMAND_RESEND_MS,
  type AckedCommand,
  type ServerToDevice,
} from '@beerscale/contract/device-socket';

type Acked = Extract<ServerToDevice, { type: AckedCommand }>;

interface Entry {
  command: Acked;
  sends: number;
  lastSentAt: number;
}

export function isAcked(command: ServerToDevice): command is Acked {
  return (ACKED_COMMANDS as readonly string[]).includes(command.type);
}

/**
 * Commands that change what a scale does (CONFIGURE, START, SETTINGS) until the device ACKs
 * them: a frame lost on a weak WiFi link is sent again, a bounded number of times. Only the
 * newest command of each type per scale is kept: an older CONFIGURE is superseded by a newer one.
 */
export class CommandOutbox {
  private readonly byMac = new Map<string, Map<AckedCommand, Entry>>();

  constructor(readonly resendMs = COMMAND_RESEND_MS) {}

  sent(mac: string, command: Acked, now: number): void {
    let entries = this.byMac.get(mac);
    if (!entries) this.byMac.set(mac, (entries = new Map()));
    entries.set(command.type, { command, sends: 1, lastSentAt: now });
  }

  ack(mac: string, cmdId: string): void {
    const entries = this.byMac.get(mac);
    if (!entries) return;
    for (const [type, entry] of entries) if (entry.command.cmdId === cmdId) entries.delete(type);
    if (entries.size === 0) this.byMac.delete(mac);
  }

  /** A NACKed command is answered, not lost: it is not sent again. */
  take(mac: string, cmdId: string): Acked | undefined {
    const entry = [...(this.byMac.get(mac)?.values() ?? [])].find((e) => e.command.cmdId === cmdId);
    this.ack(mac, cmdId);
    return entry?.command;
  }

  forget(mac: string): void {
    this.byMac.delete(mac);
  }

  /**
   * The commands to send again now; those sent COMMAND_MAX_SENDS times without an ACK are
   * dropped and reported as `given up`.
   */
  due(now: number): { resend: [string, Acked][]; givenUp: [string, Acked][] } {
    const resend: [string, Acked][] = [];
    const givenUp: [string, Acked][] = [];
    for (const [mac, entries] of this.byMac) {
      for (const [type, entry] of entries) {
        if (now - entry.lastSentAt < this.resendMs) continue;
        if (entry.sends >= COMMAND_MAX_SENDS) {
          entries.delete(type);
          givenUp.push([mac, entry.command]);
          continue;
        }
        entry.sends += 1;
        entry.lastSentAt = now;
        resend.push([mac, entry.command]);
      }
      if (entries.size === 0) this.byMac.delete(mac);
    }
    return { resend, givenUp };
  }
}
