import { createHash, timingSafeEqual } from 'node:crypto';
import { PAIRING_MAX_WRONG_CODES } from '@beerscale/contract/device-socket';
import type { PendingPairing } from '@beerscale/contract/scales';

/** One device socket showing a code; replicated to every instance over the bus. */
export interface Pending {
  id: string;
  mac: string;
  /** SHA-256 of the pairing id and the code: instances compare codes without storing them. */
  codeHash: string;
  /** The key the device gets in WELCOME once confirmed; only its hash leaves the socket's instance. */
  keyHash: string;
  expiresAt: number;
  firmware: string | null;
  model: string | null;
}

export const PENDING_PER_MAC = 5;
export const PENDING_TOTAL = 1_000;

export function hashCode(pairingId: string, code: string): string {
  return createHash('sha256').update(`${pairingId}:${code}`).digest('hex');
}

/**
 * The pairings waiting for a person (docs/DEVICE-PROTOCOL.md, Pairing): in memory only (an
 * anonymous HELLO writes no row), bounded per address and overall, expiring. Every instance keeps
 * the same copy from the bus, so a code can be confirmed on any of them; the wrong-code count is
 * per address.
 */
export class PendingPairings {
  private readonly byId = new Map<string, Pending>();
  private readonly wrongCodes = new Map<string, number>();

  add(pending: Pending): void {
    this.byId.set(pending.id, pending);
  }

  remove(id: string): Pending | undefined {
    const pending = this.byId.get(id);
    this.byId.delete(id);
    if (pending && this.forMac(pending.mac).length === 0) this.wrongCodes.delete(pending.mac);
    return pending;
  }

  /** Drops every pending pairing of an address (paired, or too many wrong codes). */
  clearMac(mac: string): string[] {
    const ids = [...this.byId.values()].filter((p) => p.mac === mac).map((p) => p.id);
    ids.forEach((id) => this.byId.delete(id));
    this.wrongCodes.delete(mac);
    return ids;
  }

  forMac(mac: string, now = Date.now()): Pending[] {
    return [...this.byId.values()].filter((p) => p.mac === mac && p.expiresAt > now);
  }

  /** The waiting pairings of the address with the most of them. */
  ofBusiestMac(now = Date.now()): Pending[] {
    const byMac = new Map<string, Pending[]>();
    for (const p of this.byId.values()) {
      if (p.expiresAt > now) byMac.set(p.mac, [...(byMac.get(p.mac) ?? []), p]);
    }
    let busiest: Pending[] = [];
    for (const list of byMac.values()) if (list.length > busiest.length) busiest = list;
    return busiest;
  }

  get size(): number {
    return this.byId.size;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** The pending pairing whose code this is, if any (compared in constant time). */
  match(mac: string, code: string, now = Date.now()): Pending | undefined {
    return this.forMac(mac, now).find((p) => {
      const given = Buffer.from(hashCode(p.id, code), 'hex');
      return timingSafeEqual(given, Buffer.from(p.codeHash, 'hex'));
    });
  }

  /** Counts a wrong code; true when the limit is reached (the caller then drops the address). */
  wrongCode(mac: string): boolean {
    const count = (this.wrongCodes.get(mac) ?? 0) + 1;
    this.wrongCodes.set(mac, count);
    return count >= PAIRING_MAX_WRONG_CODES;
  }

  /** What /admin shows: one row per address, the newest code's expiry. */
  list(now = Date.now()): PendingPairing[] {
    const rows = new Map<string, PendingPairing>();
    for (const p of this.byId.values()) {
      if (p.expiresAt <= now) continue;
      const row = rows.get(p.mac);
      const expiresAt = new Date(p.expiresAt).toISOString();
      if (!row) {
        rows.set(p.mac, {
          mac: p.mac,
          firmware: p.firmware,
          model: p.model,
          expiresAt,
          devices: 1,
        });
      } else {
        row.devices += 1;
        if (expiresAt > row.expiresAt)
          Object.assign(row, { expiresAt, firmware: p.firmware, model: p.model });
      }
    }
    return [...rows.values()].sort((a, b) => a.mac.localeCompare(b.mac));
  }

  /** Forgets expired entries (their sockets are rejected by their own timers). */
  sweep(now = Date.now()): void {
    for (const [id, p] of this.byId) if (p.expiresAt <= now) this.remove(id);
  }
}
