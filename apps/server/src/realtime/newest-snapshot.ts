/**
 * Snapshots of one game are read from the tables after each change, and two reads in flight
 * may finish in either order (a read's awaits differ with the game's phase, and a loaded
 * machine stretches them). A socket must never be left on an older state than one it was
 * already sent: each read takes a number when it begins, and a read that finishes after a
 * younger one of the same game and audience was sent is dropped (the younger is newer: it
 * began later, so it read later).
 */
export class NewestSnapshot {
  private next = 0;
  private readonly reads = new Map<string, { sent: number; reading: number }>();

  /** A read of `key` (the game and who it is for) begins: its number. */
  begin(key: string): number {
    const entry = this.reads.get(key) ?? { sent: 0, reading: 0 };
    entry.reading += 1;
    this.reads.set(key, entry);
    this.next += 1;
    return this.next;
  }

  /**
   * The read numbered `read` ended (with a snapshot or without): whether its snapshot is still
   * the newest to send. Forgets the key once no read of it is in flight.
   */
  end(key: string, read: number): boolean {
    const entry = this.reads.get(key);
    if (!entry) return true;
    entry.reading -= 1;
    const newest = read > entry.sent;
    if (newest) entry.sent = read;
    if (entry.reading === 0) this.reads.delete(key);
    return newest;
  }

  /** Keys with a read in flight (tests). */
  get inFlight(): number {
    return this.reads.size;
  }
}
