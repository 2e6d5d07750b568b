import type { SeatActionBody } from '@beerscale/contract/seats';

/**
 * This phone's seat (docs/PRIVACY.md): the token the server handed out when the seat was taken,
 * kept in this browser only, never put in a URL, with an action not yet confirmed by the server
 * (it is sent again after a reload or a lost connection, under the same id, and applied once).
 */
export interface StoredSeat {
  token: string;
  gameId: number;
  playerId: number;
  code: string;
  pending?: SeatActionBody | null;
}

const KEY = 'seat';

export function readSeat(): StoredSeat | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const seat = JSON.parse(raw) as StoredSeat;
    return typeof seat.token === 'string' && typeof seat.gameId === 'number' ? seat : null;
  } catch {
    return null;
  }
}

export function writeSeat(seat: StoredSeat | null): void {
  try {
    if (seat) localStorage.setItem(KEY, JSON.stringify(seat));
    else localStorage.removeItem(KEY);
  } catch {
    // Private mode or a full quota: the seat lasts as long as this page.
  }
}

/** A fresh id for one action the player meant (a retry sends the same one). */
export function newActionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
