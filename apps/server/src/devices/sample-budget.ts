import { DEVICE_MAX_WEIGHT_HZ, DEVICE_WEIGHT_BURST } from '@beerscale/contract/device-socket';

/**
 * How many of a scale's readings count: a token bucket refilled at DEVICE_MAX_WEIGHT_HZ and
 * holding DEVICE_WEIGHT_BURST. A scale sending at 10 Hz keeps it full, so the backlog of a stall
 * (readings that arrive together) all counts, the platform emptied in the middle of it included;
 * a device flooding the socket is held to the rate. (A one-second window dropped the newest of
 * such a backlog, and a game could miss the empty platform it waited for.)
 */
export class SampleBudget {
  private tokens = DEVICE_WEIGHT_BURST;

  constructor(private refilledAt: number) {}

  /** Whether a reading that arrived at `now` counts (it takes a token), or is dropped. */
  admit(now: number): boolean {
    const earned = (Math.max(0, now - this.refilledAt) * DEVICE_MAX_WEIGHT_HZ) / 1000;
    this.tokens = Math.min(DEVICE_WEIGHT_BURST, this.tokens + earned);
    this.refilledAt = Math.max(this.refilledAt, now);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
