/**
 * Open browser sockets per remote address, against a cap (README.md, Limits). Taking a place is
 * synchronous, so a burst of connections from one address cannot all pass the check before any is
 * counted.
 */
export class AddressCounter {
  private readonly open = new Map<string, number>();

  constructor(private readonly cap: number) {}

  /** Counts one more socket from `address`; false (and nothing counted) when it is at the cap. */
  tryTake(address: string): boolean {
    const count = this.open.get(address) ?? 0;
    if (count >= this.cap) return false;
    this.open.set(address, count + 1);
    return true;
  }

  release(address: string): void {
    const count = (this.open.get(address) ?? 0) - 1;
    if (count > 0) this.open.set(address, count);
    else this.open.delete(address);
  }
}
