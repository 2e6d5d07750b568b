/** One unpaired device socket's place, and how to send it away when a newer one needs it. */
export interface UnpairedPlace {
  address: string;
  displace: () => void;
}

/**
 * Unpaired device sockets (from the upgrade until WELCOME), per client address and overall. A
 * genuine scale must always get to show its code, so nothing new is refused: a new socket takes
 * the place of its own address's oldest when that address is full, and when every place is
 * taken, of the oldest socket of the address holding the most. Sockets from many addresses
 * cannot shut out one address's single scale, and one address's flood only displaces itself.
 */
export class UnpairedSockets {
  private readonly byAddress = new Map<string, Set<UnpairedPlace>>();
  private total = 0;

  constructor(
    private readonly perAddress: number,
    private readonly overall: number,
  ) {}

  /** Takes a place for a new socket, displacing an older one if there is no room. */
  take(address: string, displace: () => void): UnpairedPlace {
    const mine = this.byAddress.get(address);
    let victim: UnpairedPlace | undefined;
    if (mine && mine.size >= this.perAddress) victim = mine.values().next().value;
    else if (this.total >= this.overall) victim = this.oldestOfBusiest();
    if (victim) {
      this.release(victim);
      victim.displace();
    }
    const place = { address, displace };
    const set = this.byAddress.get(address) ?? new Set<UnpairedPlace>();
    this.byAddress.set(address, set.add(place));
    this.total += 1;
    return place;
  }

  release(place: UnpairedPlace): void {
    const set = this.byAddress.get(place.address);
    if (!set?.delete(place)) return;
    this.total -= 1;
    if (set.size === 0) this.byAddress.delete(place.address);
  }

  private oldestOfBusiest(): UnpairedPlace | undefined {
    let busiest: Set<UnpairedPlace> | undefined;
    for (const set of this.byAddress.values())
      if (!busiest || set.size > busiest.size) busiest = set;
    return busiest?.values().next().value;
  }
}
